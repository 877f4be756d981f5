/** Lazy handles on ./antd-parts: nothing of antd is fetched until one of these renders or an error shows. */
import { ComponentType, Suspense, lazy } from 'react';
import { loadAntdStaticStyle } from './static-style';

const load = () =>
  Promise.all([import(/* webpackChunkName: "shell-antd" */ './antd-parts'), loadAntdStaticStyle()]).then(([parts]) => parts);
/** Starts fetching the antd parts early (e.g. when the pointer reaches the login button). */
export const preloadAntdParts = (): void => void load().catch(() => undefined);

function part(pick: (m: Awaited<ReturnType<typeof load>>) => ComponentType) {
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) })));
  return function Part() {
    // aria-busy: screen readers (and the route walk) know the page is on its way; the ring shows after 0.4 s
    return (
      <Suspense fallback={<div className="oj-page-loading" aria-busy="true" />}>
        <Lazy />
      </Suspense>
    );
  };
}

export const AccountDialog = part((m) => m.AccountDialogPart);
export const ResetPasswordPage = part((m) => m.ResetPasswordPart);
export const SsoCallbackPage = part((m) => m.SsoCallbackPart);
export const AreaNotInstalled = part((m) => m.AreaNotInstalledPart);
export const MessageCenter = part((m) => m.MessageCenterPart);
export const UserHomePage = part((m) => m.UserHomePart);
export const SettingPage = part((m) => m.SettingPart);
export const DeveloperPage = part((m) => m.DeveloperPart);
export const NotFound = part((m) => m.NotFoundPart);
export const LoadFailed = part((m) => m.LoadFailedPart);

/** An error text of the API client, shown as an antd message (loaded on first use). */
export function showError(text: string): void {
  void load().then((m) => m.showError(text));
}
