/**
 * The dashboard's warning while no mail (SMTP) server is set (issue #21): registration and password
 * reset mail a code, so without one nobody can register. Read from the public website config, fresh on
 * every visit (an admin who just set the server sees the warning go).
 */
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { WebsiteConfig } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { useT } from '../../i18n';

/** The warning itself; nothing when mail is configured or not yet known. */
export function MailWarning({ emailConfigured, canConfigure }: { emailConfigured: boolean | null; canConfigure: boolean }) {
  const { t } = useT();
  if (emailConfigured !== false) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="dashboard-mail-warning"
      message={t('admin.dashboard.mailMissing')}
      description={t('admin.dashboard.mailMissingDetail')}
      action={canConfigure ? <Link to="/conf">{t('admin.dashboard.mailConfigure')}</Link> : undefined}
    />
  );
}

export function DashboardMailWarning({ canConfigure }: { canConfigure: boolean }) {
  const [emailConfigured, setEmailConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    call<WebsiteConfig>(api.get('/get-website-config', { silent: true })).then(
      (config) => live && setEmailConfigured(config.emailConfigured),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return <MailWarning emailConfigured={emailConfigured} canConfigure={canConfigure} />;
}
