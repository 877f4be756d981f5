/** /admin/switch (super admin): the site switches, saved as flipped (product §3). The limits are edited under Config. */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { App, List, Result, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SiteSwitch, SwitchConfig } from '@oj/contracts';
import { getSwitches, updateSwitches } from '../../api/admin';
import { useT } from '../../i18n';

/** The switches in screen order with their label ids. */
export const SWITCH_LABELS: Record<SiteSwitch, string> = {
  register: 'admin.switch.register',
  openPublicDiscussion: 'admin.switch.openPublicDiscussion',
  openGroupDiscussion: 'admin.switch.openGroupDiscussion',
  openContestComment: 'admin.switch.openContestComment',
  openPublicJudge: 'admin.switch.openPublicJudge',
  openGroupJudge: 'admin.switch.openGroupJudge',
  openContestJudge: 'admin.switch.openContestJudge',
};

function useSwitchConfig() {
  const [config, setConfig] = useState<SwitchConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getSwitches().then(
      (s) => live && setConfig(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { config, setConfig, failed };
}

export default function SwitchPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const { config, setConfig, failed } = useSwitchConfig();
  const [saving, setSaving] = useState<SiteSwitch | null>(null);

  const save = async (next: SwitchConfig): Promise<boolean> => {
    try {
      await updateSwitches(next);
      setConfig(next);
      message.success(t('admin.common.updated'));
      return true;
    } catch (_e) {
      // shown by the client; the stored values stay on screen
      return false;
    }
  };

  const flip = async (key: SiteSwitch, on: boolean) => {
    if (!config) return;
    setSaving(key);
    await save({ ...config, [key]: on });
    setSaving(null);
  };

  if (failed) {
    return (
      <PageContainer title={t('admin.switch.title')}>
        <Result status="error" title={t('admin.switch.loadFailed')} />
      </PageContainer>
    );
  }
  if (!config) {
    return (
      <PageContainer title={t('admin.switch.title')}>
        <Spin />
      </PageContainer>
    );
  }

  return (
    <PageContainer title={t('admin.switch.title')}>
      <ProCard title={t('admin.switch.switches')} bordered headerBordered style={{ marginBottom: 16 }}>
        <List
          dataSource={Object.keys(SWITCH_LABELS) as SiteSwitch[]}
          renderItem={(key) => (
            <List.Item
              actions={[
                <Switch
                  key="switch"
                  checked={!!config[key]}
                  loading={saving === key}
                  onChange={(on) => flip(key, on)}
                  // The row's text is not a <label>: the switch carries its name itself.
                  aria-label={t(SWITCH_LABELS[key])}
                  data-testid={`switch-${key}`}
                />,
              ]}
            >
              {t(SWITCH_LABELS[key])}
            </List.Item>
          )}
        />
      </ProCard>
      <ProCard bordered>
        {t('admin.switch.limitsMoved')} <Link to="/conf">{t('admin.menu.conf')}</Link>
      </ProCard>
    </PageContainer>
  );
}
