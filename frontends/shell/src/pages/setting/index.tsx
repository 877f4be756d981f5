/** /setting (login): avatar, profile, password, e-mail and mobile (product §2 "Settings"). */
import { useIntl } from 'react-intl';
import { Card, Tabs } from 'antd';
import { useIsMobile } from '../../layout/use-media';
import { AvatarSection, ChangeTargetSection, PasswordSection, ProfileSection } from './sections';

export function SettingPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // on a phone the tabs go on top, leaving the width to the form
  const mobile = useIsMobile();
  return (
    <Card title={t('shell.userMenu.setting')} style={{ maxWidth: 900, margin: '0 auto' }} data-testid="setting-page">
      <Tabs
        tabPosition={mobile ? 'top' : 'left'}
        items={[
          { key: 'avatar', label: t('shell.setting.tab.avatar'), children: <AvatarSection /> },
          { key: 'profile', label: t('shell.setting.tab.profile'), children: <ProfileSection /> },
          { key: 'password', label: t('shell.setting.tab.password'), children: <PasswordSection /> },
          { key: 'email', label: t('shell.setting.tab.email'), children: <ChangeTargetSection kind="email" /> },
          { key: 'mobile', label: t('shell.setting.tab.mobile'), children: <ChangeTargetSection kind="mobile" /> },
        ]}
      />
    </Card>
  );
}
