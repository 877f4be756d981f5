/** Login, Register and Reset password dialogs (product §2, §4 modal modes, §5 rules, §7 handling). */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { CaptchaResponse, ERR, LIMITS, SsoPublicProvider, TIMINGS, UserInfo } from '@oj/contracts';
import {
  AccountDialogMode,
  ApiError,
  api,
  call,
  closeAccountDialog,
  openAccountDialog,
  saveLogin,
  useAccountDialog,
  useWebsiteConfig,
} from '@oj/kit';
import { canRegister } from '../layout/nav-items';
import { SlideVerify } from './slide-verify';
import { SsoButtons, SsoNotice, useSsoInfo } from './sso-login';
import { captchaRules, emailRules, isEmail, passwordAgainRules, passwordRules, registerCodeRules, usernameRules } from './rules';
import { useCountdown } from './use-countdown';

const DIALOG_WIDTH = 370;

export function AccountDialog() {
  const mode = useAccountDialog();
  const intl = useIntl();
  const config = useWebsiteConfig();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Modal
      open={!!mode}
      width={DIALOG_WIDTH}
      maskClosable={false}
      footer={null}
      destroyOnClose
      onCancel={closeAccountDialog}
      title={mode ? `${t(`shell.account.title${mode}`)} - ${config.shortName}` : ''}
    >
      {mode === 'Login' && <LoginForm t={t} />}
      {mode === 'Register' && <RegisterForm t={t} />}
      {mode === 'ResetPwd' && <ResetForm t={t} />}
    </Modal>
  );
}

type T = (id: string) => string;

function SwitchLinks({ t, links }: { t: T; links: AccountDialogMode[] }) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      {links.map((m) => (
        <Button key={m} type="link" size="small" onClick={() => openAccountDialog(m)} data-testid={`switch-${m}`}>
          {t(`shell.account.link${m}`)}
        </Button>
      ))}
    </Space>
  );
}

/** Failed logins in this browser: from the 5th the slide check is required (product §4). */
let failedLogins = 0;

function LoginForm({ t }: { t: T }) {
  const { message } = App.useApp();
  const config = useWebsiteConfig();
  const [form] = Form.useForm<{ username: string; password: string }>();
  const [loading, setLoading] = useState(false);
  const [failures, setFailures] = useState(failedLogins);
  const [slideToken, setSlideToken] = useState<string | null>(null);
  const needsVerify = failures >= LIMITS.loginFailuresBeforeVerify;
  const sso = useSsoInfo();
  // An LDAP provider chosen below: the same fields log in through that directory (its own lockout rules apply).
  const [directory, setDirectory] = useState<SsoPublicProvider | null>(null);

  const submit = async (values: { username: string; password: string }) => {
    if (directory) {
      setLoading(true);
      try {
        const res = await api.post('/sso/ldap-login', { id: directory.id, ...values });
        saveLogin(String(res.headers['authorization'] ?? ''), res.data.data as UserInfo);
        message.success(t('shell.account.loginSuccess'));
        closeAccountDialog();
      } catch {
        // the client showed the server's text
      } finally {
        setLoading(false);
      }
      return;
    }
    if (needsVerify && !slideToken) {
      message.warning(t('shell.slideVerify.required'));
      return;
    }
    setLoading(true);
    try {
      const res = await api.post('/login', needsVerify ? { ...values, slideToken } : values);
      const token = String(res.headers['authorization'] ?? '');
      saveLogin(token, res.data.data as UserInfo);
      failedLogins = 0;
      message.success(t('shell.account.loginSuccess'));
      closeAccountDialog();
    } catch (e) {
      failedLogins += 1;
      // the server counts failures per username too: follow it when it asks for the check
      if (e instanceof ApiError && (e.msg === ERR.slideVerifyRequired || e.msg === ERR.speedTooFast)) {
        failedLogins = Math.max(failedLogins, LIMITS.loginFailuresBeforeVerify);
      }
      setFailures(failedLogins);
      setSlideToken(null);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} onFinish={submit} validateTrigger="onBlur" data-testid="login-form">
      <SsoNotice directory={directory} info={sso} t={t} />
      <Form.Item name="username" rules={directory ? [{ required: true, message: t('shell.sso.usernameRequired') }] : usernameRules(t)}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('shell.account.username')}
          aria-label={t('shell.account.username')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={directory ? [{ required: true, message: t('shell.sso.passwordRequired') }] : passwordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('shell.account.password')}
          aria-label={t('shell.account.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      {!directory && needsVerify && !slideToken && (
        <SlideVerify username={() => form.getFieldValue('username') ?? ''} onSuccess={setSlideToken} />
      )}
      <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
        {t('shell.account.login')}
      </Button>
      {directory ? (
        <Button type="link" size="small" onClick={() => setDirectory(null)} data-testid="sso-back">
          {t('shell.sso.backToPassword')}
        </Button>
      ) : (
        <SwitchLinks t={t} links={canRegister(config) ? ['Register', 'ResetPwd'] : ['ResetPwd']} />
      )}
      {sso && !directory && <SsoButtons info={sso} t={t} onDirectory={setDirectory} />}
    </Form>
  );
}

interface RegisterValues {
  username: string;
  password: string;
  passwordAgain: string;
  email: string;
  code: string;
}

function RegisterForm({ t }: { t: T }) {
  const { message } = App.useApp();
  // Without an SMTP host no code can be mailed: say so instead of a button that always fails.
  const mailReady = useWebsiteConfig().emailConfigured !== false;
  const [form] = Form.useForm<RegisterValues>();
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, startCountdown] = useCountdown();

  const sendCode = async () => {
    const email = form.getFieldValue('email') as string | undefined;
    if (!isEmail(email)) {
      await form.validateFields(['email']).catch(() => undefined);
      return;
    }
    setSending(true);
    try {
      await api.get('/get-register-code', { params: { email } });
      message.success({ content: t('shell.account.codeSent'), duration: TIMINGS.registerEmailToastMs / 1000 });
      startCountdown(TIMINGS.registerCodeResendSec);
    } catch {
      // the client showed the server's text
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ passwordAgain: _again, ...values }: RegisterValues) => {
    setLoading(true);
    try {
      await api.post('/register', values);
      message.success(t('shell.account.registerSuccess'));
      openAccountDialog('Login');
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} onFinish={submit} validateTrigger="onBlur" data-testid="register-form">
      {!mailReady && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('shell.account.mailNotConfigured')}
          data-testid="register-mail-missing"
        />
      )}
      <Form.Item name="username" rules={usernameRules(t)}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('shell.account.username')}
          aria-label={t('shell.account.username')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="email" rules={emailRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('shell.account.email')}
          aria-label={t('shell.account.email')}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('shell.account.password')}
          aria-label={t('shell.account.password')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="passwordAgain" dependencies={['password']} rules={passwordAgainRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('shell.account.passwordAgain')}
          aria-label={t('shell.account.passwordAgain')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="code" rules={registerCodeRules(t)}>
        <Input
          prefix={<SafetyOutlined />}
          placeholder={t('shell.account.code')}
          aria-label={t('shell.account.code')}
          maxLength={LIMITS.registerCodeLength}
          addonAfter={
            <Button type="link" size="small" disabled={left > 0 || !mailReady} loading={sending} onClick={sendCode} data-testid="send-code">
              {left > 0 ? intlWait(t, left) : t('shell.account.sendCode')}
            </Button>
          }
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} data-testid="register-submit">
        {t('shell.account.register')}
      </Button>
      <SwitchLinks t={t} links={['Login']} />
    </Form>
  );
}

const intlWait = (t: T, seconds: number) => t('shell.account.resendIn').replace('{seconds}', String(seconds));

function ResetForm({ t }: { t: T }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string; captcha: string }>();
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const [left, startCountdown] = useCountdown();

  const reloadCaptcha = () =>
    call<CaptchaResponse>(api.get('/captcha'))
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
  useEffect(() => {
    void reloadCaptcha();
  }, []);

  const submit = async (values: { email: string; captcha: string }) => {
    setLoading(true);
    try {
      await api.post('/apply-reset-password', { ...values, captchaKey: captcha?.captchaKey ?? '' });
      message.success({ content: t('shell.account.resetMailSent'), duration: TIMINGS.registerEmailToastMs / 1000 });
      startCountdown(TIMINGS.passwordResetResendSec);
    } catch {
      form.setFieldValue('captcha', '');
      void reloadCaptcha();
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} onFinish={submit} validateTrigger="onBlur" data-testid="reset-form">
      <Form.Item name="email" rules={emailRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('shell.account.email')}
          aria-label={t('shell.account.email')}
          autoComplete="email"
        />
      </Form.Item>
      <Space align="start" style={{ width: '100%' }}>
        <Form.Item name="captcha" rules={captchaRules(t)} style={{ flex: 1 }}>
          <Input placeholder={t('shell.account.captcha')} aria-label={t('shell.account.captcha')} maxLength={LIMITS.resetCaptchaMax} />
        </Form.Item>
        {captcha && (
          <img
            src={captcha.img}
            alt={t('shell.account.captcha')}
            title={t('shell.account.captchaRefresh')}
            onClick={() => void reloadCaptcha()}
            style={{ height: 32, cursor: 'pointer' }}
          />
        )}
      </Space>
      <Button type="primary" htmlType="submit" block loading={loading} disabled={left > 0} data-testid="reset-submit">
        {left > 0 ? intlWait(t, left) : t('shell.account.sendResetMail')}
      </Button>
      <SwitchLinks t={t} links={['Login']} />
    </Form>
  );
}
