/** The password form of a private or protected contest (product §6). */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Input, Space } from 'antd';
import { ContestAuth } from '@oj/contracts';
import { registerContest } from '../../api/contest';
import { useContest } from './context';

export function PasswordForm() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { cid, info, reload } = useContest();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const enter = async () => {
    if (!password) return void message.error(intl.formatMessage({ id: 'contest.password.required' }));
    setBusy(true);
    try {
      await registerContest(cid, password);
      message.success(intl.formatMessage({ id: 'contest.password.entered' }));
      reload();
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="contest-password-form" style={{ marginBottom: 16 }}>
      <p>
        <FormattedMessage id={info.auth === ContestAuth.Protected ? 'contest.password.protectedHint' : 'contest.password.privateHint'} />
      </p>
      <Space.Compact style={{ maxWidth: 400, width: '100%' }}>
        <Input.Password
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={enter}
          placeholder={intl.formatMessage({ id: 'contest.password.placeholder' })}
          data-testid="contest-password"
        />
        <Button type="primary" loading={busy} onClick={enter} data-testid="contest-password-submit">
          <FormattedMessage id="contest.password.enter" />
        </Button>
      </Space.Compact>
    </Card>
  );
}
