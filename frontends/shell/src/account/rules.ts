/** Form rules of product §5 for the account dialogs; messages are react-intl ids. */
import type { Rule } from 'antd/es/form';
import { LIMITS } from '@oj/contracts';

type T = (id: string) => string;

export const usernameRules = (t: T): Rule[] => [
  { required: true, whitespace: true, message: t('shell.account.usernameRequired') },
  { max: LIMITS.usernameMax, message: t('shell.account.usernameTooLong') },
];

export const passwordRules = (t: T): Rule[] => [
  { required: true, message: t('shell.account.passwordRequired') },
  { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('shell.account.passwordLength') },
];

export const passwordAgainRules = (t: T): Rule[] => [
  { required: true, message: t('shell.account.passwordAgainRequired') },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('shell.account.passwordNotMatch'))),
  }),
];

export const emailRules = (t: T): Rule[] => [
  { required: true, message: t('shell.account.emailRequired') },
  { type: 'email', message: t('shell.account.emailFormat') },
];

export const registerCodeRules = (t: T): Rule[] => [
  { required: true, message: t('shell.account.codeRequired') },
  { len: LIMITS.registerCodeLength, message: t('shell.account.codeLength') },
];

export const captchaRules = (t: T): Rule[] => [
  { required: true, message: t('shell.account.captchaRequired') },
  { min: LIMITS.resetCaptchaMin, max: LIMITS.resetCaptchaMax, message: t('shell.account.captchaLength') },
];

export const isEmail = (value: string | undefined): boolean => !!value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
