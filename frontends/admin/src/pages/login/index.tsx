/** /admin/login: the admin's own login form (product §2, §7 admin login). */
import { useDocumentTitle, useWebsiteConfig } from '@oj/kit';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { Navigate, useNavigate } from 'react-router-dom';
import { LoginRequest, SITE_TEXT } from '@oj/contracts';
import { adminLogin } from '../../api/admin';
import { isAdminUser } from '../../auth/guard';
import { startSession, useSession } from '../../auth/session';
import { useT } from '../../i18n';
import { passwordError, usernameError } from './rules';

export default function LoginPage() {
  const { t, tErr } = useT();
  const title = t('admin.login.title', { name: useWebsiteConfig().shortName });
  useDocumentTitle(title);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { token, user } = useSession();

  if (token && isAdminUser(user?.roleList)) return <Navigate to="/dashboard" replace />;

  const validator = (check: (v: string | undefined) => string | null) => async (_rule: unknown, value: string) => {
    const error = check(value);
    if (error) throw new Error(tErr(error));
  };

  const onFinish = async (values: LoginRequest) => {
    try {
      const { token: newToken, user: info } = await adminLogin(values);
      if (!newToken || !isAdminUser(info.roleList)) {
        // A non-admin account is not let in (the server refuses it too); nothing is stored.
        message.error(tErr(SITE_TEXT.notAdmin));
        return false;
      }
      startSession(newToken, info);
      message.success(t('admin.login.success'));
      navigate('/dashboard', { replace: true });
      return true;
    } catch (_e) {
      // The API client has shown the server's text.
      return false;
    }
  };

  return (
    <div style={{ minHeight: '100vh', paddingTop: 80, background: '#f0f2f5' }}>
      <LoginForm<LoginRequest>
        title={title}
        subTitle={t('admin.login.subtitle')}
        submitter={{
          searchConfig: { submitText: t('admin.login.submit') },
          submitButtonProps: { id: 'admin-login-submit' },
        }}
        onFinish={onFinish}
      >
        <ProFormText
          name="username"
          fieldProps={{ size: 'large', prefix: <UserOutlined />, id: 'admin-login-username', 'aria-label': t('admin.login.username') }}
          placeholder={t('admin.login.username')}
          validateTrigger="onBlur"
          rules={[{ validator: validator(usernameError) }]}
        />
        <ProFormText.Password
          name="password"
          fieldProps={{ size: 'large', prefix: <LockOutlined />, id: 'admin-login-password', 'aria-label': t('admin.login.password') }}
          placeholder={t('admin.login.password')}
          validateTrigger="onBlur"
          rules={[{ validator: validator(passwordError) }]}
        />
      </LoginForm>
    </div>
  );
}
