/**
 * The shell's antd-based parts, in their own chunk: loaded through the shared scope (antd and @oj/kit are
 * singletons) only when one of them is shown, so the first page needs no antd. Each is wrapped in kit's
 * LocaleProvider (react-intl + antd locale + App context) like every remote's tree.
 */
import { message } from 'antd';
import { AreaNotInstalled, LoadFailed, LocaleProvider, NotFound } from '@oj/kit';
import { useShellMessages } from '../locales/loaded';
import { AccountDialog } from '../account/account-dialog';
import { ResetPasswordPage } from '../pages/reset-password';
import { SsoCallbackPage } from '../pages/sso-callback';
import { MessageCenterPage } from '../pages/message/message-center';
import { UserHomePage } from '../pages/user-home';
import { SettingPage } from '../pages/setting';
import { DeveloperPage } from '../pages/developer';

export function AccountDialogPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <AccountDialog />
    </LocaleProvider>
  );
}

export function ResetPasswordPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <ResetPasswordPage />
    </LocaleProvider>
  );
}

export function SsoCallbackPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <SsoCallbackPage />
    </LocaleProvider>
  );
}

export function MessageCenterPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <MessageCenterPage />
    </LocaleProvider>
  );
}

export function UserHomePart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <UserHomePage />
    </LocaleProvider>
  );
}

export function SettingPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <SettingPage />
    </LocaleProvider>
  );
}

export function DeveloperPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <DeveloperPage />
    </LocaleProvider>
  );
}

export function AreaNotInstalledPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <AreaNotInstalled />
    </LocaleProvider>
  );
}

/** A remote that could not be loaded (its area only; kit's page brings its own locale provider). */
export function LoadFailedPart() {
  return <LoadFailed />;
}

export function NotFoundPart() {
  return (
    <LocaleProvider messages={useShellMessages()}>
      <NotFound />
    </LocaleProvider>
  );
}

export function showError(text: string): void {
  void message.error(text);
}
