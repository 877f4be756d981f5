/** The password form of a private training (product §6): shown when not public, not entered and not admin. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Input, Space } from 'antd';
import { registerTraining } from '../../api/training';
import { useTraining } from './context';

export function TrainingPasswordForm() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { tid, reload } = useTraining();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const enter = async () => {
    if (!password) return void message.error(intl.formatMessage({ id: 'problems.training.passwordRequired' }));
    setBusy(true);
    try {
      await registerTraining(tid, password);
      message.success(intl.formatMessage({ id: 'problems.training.passwordEntered' }));
      reload();
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="training-password-form" style={{ marginBottom: 16 }}>
      <p>
        <FormattedMessage id="problems.training.privateHint" />
      </p>
      <Space.Compact style={{ maxWidth: 400, width: '100%' }}>
        <Input.Password
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={enter}
          placeholder={intl.formatMessage({ id: 'problems.training.passwordPlaceholder' })}
          data-testid="training-password"
        />
        <Button type="primary" loading={busy} onClick={enter} data-testid="training-password-submit">
          <FormattedMessage id="problems.training.enter" />
        </Button>
      </Space.Compact>
    </Card>
  );
}
