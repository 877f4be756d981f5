/** The password form of a private or protected exam (product §6). */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Input, Space } from 'antd';
import { ContestAuth } from '@oj/contracts';
import { registerExam } from '../../api/exam';
import { useExam } from './context';

export function PasswordForm() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { eid, info, reload } = useExam();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const enter = async () => {
    if (!password) return void message.error(intl.formatMessage({ id: 'exam.password.required' }));
    setBusy(true);
    try {
      await registerExam(eid, password);
      message.success(intl.formatMessage({ id: 'exam.password.entered' }));
      reload();
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="exam-password-form" style={{ marginBottom: 12 }}>
      <p>
        <FormattedMessage id={info.auth === ContestAuth.Protected ? 'exam.password.protectedHint' : 'exam.password.privateHint'} />
      </p>
      <Space.Compact style={{ width: '100%', maxWidth: 400 }}>
        <Input.Password
          size="large"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={enter}
          placeholder={intl.formatMessage({ id: 'exam.password.placeholder' })}
          data-testid="exam-password"
        />
        <Button size="large" type="primary" loading={busy} onClick={enter} data-testid="exam-password-submit">
          <FormattedMessage id="exam.password.enter" />
        </Button>
      </Space.Compact>
    </Card>
  );
}
