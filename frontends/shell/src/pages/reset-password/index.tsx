/** /reset-password?username=&code= (the emailed link): choose a new password; without a code, ask for the mail. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Card, Form, Input } from 'antd';
import { ResetPasswordRequest } from '@oj/contracts';
import { api, openAccountDialog } from '@oj/kit';
import { passwordAgainRules, passwordRules } from '../../account/rules';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const username = params.get('username');
  const code = params.get('code');
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const hasLink = !!username && !!code;

  useEffect(() => {
    if (!hasLink) openAccountDialog('ResetPwd');
  }, [hasLink]);
  if (!hasLink) return <Navigate to="/home" replace />;

  const submit = async ({ password }: { password: string }) => {
    setLoading(true);
    try {
      const body: ResetPasswordRequest = { username, code, password };
      await api.post('/reset-password', body);
      message.success(t('shell.resetPassword.done'));
      navigate('/home', { replace: true });
      openAccountDialog('Login');
    } catch {
      // the client showed the server's text
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card title={<FormattedMessage id="shell.resetPassword.title" />} style={{ maxWidth: 420, margin: '24px auto' }}>
      <Form onFinish={submit} validateTrigger="onBlur" layout="vertical" data-testid="reset-password-form">
        <Form.Item label={t('shell.account.username')} htmlFor="reset-password-username">
          <Input id="reset-password-username" value={username} disabled />
        </Form.Item>
        <Form.Item name="password" label={t('shell.resetPassword.newPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="passwordAgain" label={t('shell.account.passwordAgain')} dependencies={['password']} rules={passwordAgainRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          <FormattedMessage id="shell.resetPassword.submit" />
        </Button>
      </Form>
    </Card>
  );
}
