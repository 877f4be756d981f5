/**
 * The contest and exam editors' lockdown fields (issue 36): allowed client address ranges (typed as tags, each an
 * IPv4/IPv6 address or CIDR, checked here with the same rule the server applies) and the lock-mode switch.
 */
import { ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { isIpRange } from '@oj/contracts';
import { useT } from '../i18n';

export function LockdownFields() {
  const { t } = useT();
  return (
    <>
      <ProFormSelect
        name="ipRanges"
        label={t('admin.lockdown.ipRanges')}
        tooltip={t('admin.lockdown.ipRangesHint')}
        mode="tags"
        fieldProps={{ tokenSeparators: [',', ' ', '\n'], open: false, placeholder: '10.0.0.0/8, 2001:db8::/32' }}
        rules={[
          {
            validator: (_: unknown, value?: string[]) => {
              const bad = (value ?? []).filter((r) => r.trim() && !isIpRange(r));
              return bad.length
                ? Promise.reject(new Error(t('admin.lockdown.badIpRangeOf', { ranges: bad.join(', ') })))
                : Promise.resolve();
            },
          },
        ]}
      />
      <ProFormSwitch name="lockMode" label={t('admin.lockdown.lockMode')} tooltip={t('admin.lockdown.lockModeHint')} />
    </>
  );
}
