/** The admin app's texts; the locale itself is kit's shared store (the shell's footer switch). */
import { useIntl } from 'react-intl';
import { ERR, Locale, SITE_TEXT } from '@oj/contracts';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';

export const MESSAGES: Record<Locale, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Spec texts (contracts ERR) shown by the admin app, with their message ids. */
export const ERROR_IDS: Record<string, string> = {
  [ERR.loginFirst]: 'admin.error.loginFirst',
  [ERR.loginAgain]: 'admin.error.loginAgain',
  [ERR.wrongCredentials]: 'admin.error.wrongCredentials',
  [ERR.notFound]: 'admin.error.notFound',
  [ERR.serverError]: 'admin.error.serverError',
  [ERR.noConnection]: 'admin.error.noConnection',
  [ERR.noPermission]: 'admin.error.noPermission',
  [ERR.invalidFileFormat]: 'admin.error.invalidFileFormat',
  [ERR.fileTypeNotSupport]: 'admin.error.fileTypeNotSupport',
  [ERR.exceedMaxSize]: 'admin.error.exceedMaxSize',
  [ERR.uploadTestcaseFailed]: 'admin.error.uploadTestcaseFailed',
  [ERR.uploadProblemFailed]: 'admin.error.uploadProblemFailed',
  [ERR.updateFailed]: 'admin.error.updateFailed',
  [ERR.spjCompileFailed]: 'admin.error.spjCompileFailed',
  [ERR.interactiveCompileFailed]: 'admin.error.interactiveCompileFailed',
  [ERR.usernameRequired]: 'admin.error.usernameRequired',
  [ERR.usernameTooLong]: 'admin.error.usernameTooLong',
  [ERR.passwordRequired]: 'admin.error.passwordRequired',
  [ERR.passwordLength]: 'admin.error.passwordLength',
  [ERR.emailFormat]: 'admin.error.emailFormat',
  [ERR.accountDisabled]: 'admin.error.accountDisabled',
  [SITE_TEXT.notAdmin]: 'admin.error.notAdmin',
  [SITE_TEXT.testEmailSent]: 'admin.conf.testEmailSent',
};

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** `t(id)` for the current locale; `tErr(text)` translates a spec/server text when it is a known one. */
export function useT(): { t: Translate; tErr: (text: string) => string } {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const tErr = (text: string) => (ERROR_IDS[text] ? intl.formatMessage({ id: ERROR_IDS[text] }) : text);
  return { t, tErr };
}
