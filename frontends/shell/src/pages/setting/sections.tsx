/** The forms of /setting: avatar, profile, password, e-mail, mobile (product §5 rules checked again by the server). */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Avatar, Button, Form, Input, Select, Space, Upload } from 'antd';
import {
  ChangeAccountResult,
  ChangeEmailRequest,
  ChangeMobileRequest,
  ChangePasswordRequest,
  ChangeUserInfoRequest,
  LIMITS,
  MOBILE_PATTERN,
  PROFILE_API,
  PROFILE_LIMITS,
  UserInfo,
} from '@oj/contracts';
import { api, call, setToken, updateUser, useAuth } from '@oj/kit';
import { emailRules, passwordRules, registerCodeRules } from '../../account/rules';
import { useCountdown } from '../../account/use-countdown';

type T = (id: string) => string;
const useT = (): T => {
  const intl = useIntl();
  return (id: string) => intl.formatMessage({ id });
};

/** Runs a call; errors were already shown by the client. */
async function attempt<R>(run: () => Promise<R>, setBusy: (b: boolean) => void): Promise<R | undefined> {
  setBusy(true);
  try {
    return await run();
  } catch {
    return undefined;
  } finally {
    setBusy(false);
  }
}

export function AvatarSection() {
  const t = useT();
  const { message } = App.useApp();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!LIMITS.avatarExtensions.includes(ext)) return message.error(t('shell.setting.avatarType'));
    if (file.size > PROFILE_LIMITS.avatarMaxBytes) return message.error(t('shell.setting.avatarSize'));
    const form = new FormData();
    form.append('image', file);
    const info = await attempt(() => call<UserInfo>(api.post(PROFILE_API.uploadAvatar, form)), setBusy);
    if (info) {
      updateUser(info);
      message.success(t('shell.setting.saved'));
    }
  };
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <Avatar size={128} src={user?.avatar || undefined} data-testid="setting-avatar">
        {user?.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <Upload
        accept={LIMITS.avatarExtensions.map((e) => '.' + e).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button loading={busy} data-testid="avatar-upload">
          <FormattedMessage id="shell.setting.chooseAvatar" />
        </Button>
      </Upload>
      <span style={{ color: '#888' }}>
        <FormattedMessage id="shell.setting.avatarHint" />
      </span>
    </Space>
  );
}

const PROFILE_FIELDS: [keyof ChangeUserInfoRequest, number][] = [
  ['nickname', PROFILE_LIMITS.nicknameMax],
  ['realname', PROFILE_LIMITS.realnameMax],
  ['school', PROFILE_LIMITS.schoolMax],
  ['number', PROFILE_LIMITS.numberMax],
  ['blog', PROFILE_LIMITS.urlMax],
  ['github', PROFILE_LIMITS.urlMax],
  ['cfUsername', PROFILE_LIMITS.cfUsernameMax],
];

export function ProfileSection() {
  const t = useT();
  const { message } = App.useApp();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const save = async (values: ChangeUserInfoRequest) => {
    const info = await attempt(() => call<UserInfo>(api.post(PROFILE_API.changeUserInfo, values)), setBusy);
    if (info) {
      updateUser(info);
      message.success(t('shell.setting.saved'));
    }
  };
  return (
    <Form layout="vertical" initialValues={user ?? {}} onFinish={save} data-testid="profile-form" style={{ maxWidth: 480 }}>
      {PROFILE_FIELDS.map(([name, max]) => (
        <Form.Item key={name} name={name} label={t(`shell.setting.${name}`)} rules={[{ max, message: t('shell.setting.tooLong') }]}>
          <Input />
        </Form.Item>
      ))}
      <Form.Item name="gender" label={t('shell.setting.gender')}>
        <Select options={(['male', 'female', 'secrecy'] as const).map((g) => ({ value: g, label: t(`shell.setting.gender.${g}`) }))} />
      </Form.Item>
      <Form.Item
        name="signature"
        label={t('shell.setting.signature')}
        rules={[{ max: PROFILE_LIMITS.signatureMax, message: t('shell.setting.tooLong') }]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        <FormattedMessage id="shell.setting.save" />
      </Button>
    </Form>
  );
}

export function PasswordSection() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const save = async ({ oldPassword, password }: { oldPassword: string; password: string }) => {
    const body: ChangePasswordRequest = { oldPassword, newPassword: password };
    const result = await attempt(() => call<ChangeAccountResult>(api.post(PROFILE_API.changePassword, body)), setBusy);
    if (result?.token) {
      // Every other session ended; this one goes on with the new token.
      setToken(result.token);
      form.resetFields();
      message.success(t('shell.setting.passwordChanged'));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }} data-testid="password-form">
      <Form.Item
        name="oldPassword"
        label={t('shell.setting.oldPassword')}
        rules={[{ required: true, message: t('shell.account.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={t('shell.setting.newPassword')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordAgain"
        label={t('shell.account.passwordAgain')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('shell.account.passwordAgainRequired') },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('shell.account.passwordNotMatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        <FormattedMessage id="shell.setting.save" />
      </Button>
    </Form>
  );
}

interface TargetSectionProps {
  kind: 'email' | 'mobile';
}

/** E-mail or mobile: the new value (must differ from the current one), a code sent to it, the password. */
export function ChangeTargetSection({ kind }: TargetSectionProps) {
  const t = useT();
  const { message } = App.useApp();
  const { user } = useAuth();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useCountdown();
  const field = kind === 'email' ? 'newEmail' : 'newMobile';
  const current = (kind === 'email' ? user?.email : (user as (UserInfo & { mobile?: string | null }) | null)?.mobile) ?? null;
  const valueRules =
    kind === 'email'
      ? emailRules(t)
      : [
          { required: true, message: t('shell.setting.mobileRequired') },
          { pattern: MOBILE_PATTERN, message: t('shell.setting.mobileFormat') },
        ];
  const differs = {
    validator: (_: unknown, v: string) =>
      !v || v !== current ? Promise.resolve() : Promise.reject(new Error(t(`shell.setting.${kind}Same`))),
  };

  const sendCode = async () => {
    const value = await form.validateFields([field]).catch(() => null);
    if (!value) return;
    const path = kind === 'email' ? PROFILE_API.emailCode : PROFILE_API.mobileCode;
    const sent = await attempt(
      () => call<{ expire: number }>(api.get(path, { params: { [kind]: value[field] } })),
      () => undefined,
    );
    if (sent) {
      setLeft(sent.expire);
      message.success(t('shell.setting.codeSent'));
    }
  };
  const save = async (values: Record<string, string>) => {
    const path = kind === 'email' ? PROFILE_API.changeEmail : PROFILE_API.changeMobile;
    const body: ChangeEmailRequest | ChangeMobileRequest =
      kind === 'email'
        ? { password: values.password, newEmail: values.newEmail, code: values.code }
        : { password: values.password, newMobile: values.newMobile, code: values.code };
    const result = await attempt(() => call<ChangeAccountResult>(api.post(path, body)), setBusy);
    if (result) {
      updateUser(result.userInfo as unknown as UserInfo);
      form.resetFields();
      message.success(t('shell.setting.saved'));
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }} data-testid={`${kind}-form`}>
      {/* Items without a name of their own: htmlFor and the control's id tie each label to its input. */}
      <Form.Item label={t(`shell.setting.current.${kind}`)} htmlFor={`${kind}-current`}>
        <Input id={`${kind}-current`} value={current ?? ''} disabled />
      </Form.Item>
      <Form.Item label={t(`shell.setting.new.${kind}`)} required htmlFor={`${kind}-new`}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={field} noStyle rules={[...valueRules, differs]}>
            <Input id={`${kind}-new`} />
          </Form.Item>
          <Button onClick={sendCode} disabled={left > 0} data-testid={`${kind}-send-code`}>
            {left > 0 ? `${left}s` : t('shell.setting.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="code" label={t('shell.setting.code')} rules={registerCodeRules(t)}>
        <Input maxLength={LIMITS.registerCodeLength} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('shell.setting.currentPassword')}
        rules={[{ required: true, message: t('shell.account.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        <FormattedMessage id="shell.setting.save" />
      </Button>
    </Form>
  );
}
