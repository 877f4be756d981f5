/**
 * The password form of a private (or protected) contest, exam or training (product §6): one look and one behaviour
 * for the three. The caller says what is entered (its hint and placeholder, the text shown once accepted) and how
 * (`enter` registers with the server); a refused password leaves the form as it is (the API client has shown the
 * server's text).
 */
import { ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Input, Space } from 'antd';

export interface PasswordEntryFormProps {
  /** `data-testid` of the input; the card and the button get `<testId>-form` and `<testId>-submit`. */
  testId: string;
  hint: ReactNode;
  placeholder: string;
  /** Shown when the server accepted the password. */
  enteredText: string;
  /** Registers with the server; a rejection means the password was refused. */
  enter: (password: string) => Promise<unknown>;
  /** After an accepted password (the page reloads what the password opens). */
  onEntered: () => void;
}

export function PasswordEntryForm({ testId, hint, placeholder, enteredText, enter, onEntered }: PasswordEntryFormProps) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) return void message.error(intl.formatMessage({ id: 'kit.password.required' }));
    setBusy(true);
    try {
      await enter(password);
      message.success(enteredText);
      onEntered();
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid={`${testId}-form`} style={{ marginBottom: 16 }}>
      <p>{hint}</p>
      <Space.Compact style={{ maxWidth: 400, width: '100%' }}>
        <Input.Password
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={submit}
          placeholder={placeholder}
          aria-label={placeholder}
          data-testid={testId}
        />
        <Button type="primary" loading={busy} onClick={submit} data-testid={`${testId}-submit`}>
          <FormattedMessage id="kit.password.enter" />
        </Button>
      </Space.Compact>
    </Card>
  );
}
