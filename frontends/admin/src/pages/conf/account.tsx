/**
 * Config → Account (product §2): the registration switch, the one account setting the admin sets, and the account
 * rules the server enforces (product §9 constants and the server's env settings), shown so the admin knows them.
 * Every value comes from GET /admin/config/get-account-config, i.e. from what the server itself applies.
 */
import { App, Descriptions, Result, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { AccountConfig, AccountRules } from '@oj/contracts';
import { Translate, useT } from '../../i18n';
import { getAccountConfig, setAccountConfig } from './api';

/** Seconds as the spec states them (60 s, 90 s), longer spans in whole minutes or hours. */
function duration(n: number, t: Translate): string {
  if (n >= 3600 && n % 3600 === 0) return t('admin.confAccount.hours', { n: n / 3600 });
  if (n >= 600 && n % 60 === 0) return t('admin.confAccount.minutes', { n: n / 60 });
  return t('admin.confAccount.seconds', { n });
}

/** The rules in screen order: label id and how the value reads. */
function ruleRows(r: AccountRules, t: Translate): [string, string][] {
  const sec = (n: number) => duration(n, t);
  const rows: [string, string][] = [
    ['admin.confAccount.username', t('admin.confAccount.atMost', { n: r.usernameMax })],
    ['admin.confAccount.password', t('admin.confAccount.between', { min: r.passwordMin, max: r.passwordMax })],
    ['admin.confAccount.registerCode', t('admin.confAccount.digits', { n: r.registerCodeLength })],
    ['admin.confAccount.registerCodeTtl', sec(r.registerCodeTtlSec)],
    ['admin.confAccount.registerCodeResend', sec(r.registerCodeResendSec)],
    ['admin.confAccount.passwordResetResend', sec(r.passwordResetResendSec)],
    ['admin.confAccount.emailCodeResend', sec(r.emailChangeCodeResendSec)],
    ['admin.confAccount.mobileCodeResend', sec(r.mobileCodeResendSec)],
    ['admin.confAccount.loginVerify', t('admin.confAccount.failures', { n: r.loginFailuresBeforeVerify })],
    ['admin.confAccount.tokenLifetime', sec(r.tokenLifetimeSec)],
  ];
  if (!r.throttle) return [...rows, ['admin.confAccount.throttle', t('admin.confAccount.throttleOff')]];
  return [
    ...rows,
    ['admin.confAccount.loginPerIp', t('admin.confAccount.perMinute', { n: r.throttle.loginPerIpPerMin })],
    ['admin.confAccount.loginPerUser', t('admin.confAccount.perMinute', { n: r.throttle.loginPerUserPerMin })],
    ['admin.confAccount.codesPerIp', t('admin.confAccount.perHour', { n: r.throttle.codePerIpPerHour })],
  ];
}

export function AccountCard() {
  const { t } = useT();
  const { message } = App.useApp();
  const [value, setValue] = useState<AccountConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    getAccountConfig().then(setValue, () => setFailed(true));
  }, []);
  if (failed) return <Result status="error" title={t('admin.conf.loadFailed')} />;
  if (!value) return <Spin />;

  const flip = async (register: boolean) => {
    setSaving(true);
    try {
      setValue(await setAccountConfig({ register }));
      message.success(t('admin.common.updated'));
    } catch (_e) {
      // shown by the client; the stored value stays on screen
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="account-config">
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
        <Switch checked={value.register} loading={saving} onChange={flip} data-testid="account-register" />
        <span>{t('admin.conf.register')}</span>
      </label>
      <Typography.Text type="secondary">{t('admin.confAccount.registerHint')}</Typography.Text>
      <Descriptions title={t('admin.confAccount.rules')} column={2} size="small" bordered>
        {ruleRows(value.rules, t).map(([label, text]) => (
          <Descriptions.Item key={label} label={t(label)}>
            {text}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Text type="secondary">{t('admin.confAccount.rulesHint')}</Typography.Text>
    </Space>
  );
}
