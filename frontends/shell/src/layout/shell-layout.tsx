/** The site layout (product §2): navbar, the page area (shell pages or a remote's container), footer. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { api, clearLogin, openAccountDialog, useAccountDialog, useAuth } from '@oj/kit/core';
import { areaOf, availableAreas, failedRemotes, hidesSiteLayout, isRemoteAvailable, remoteContainerId } from '../root/remotes';
import { Navbar } from './navbar';
import { Footer } from './footer';
import {
  AccountDialog,
  AreaNotInstalled,
  DeveloperPage,
  LoadFailed,
  MessageCenter,
  NotFound,
  ResetPasswordPage,
  SsoCallbackPage,
  SettingPage,
  UserHomePage,
} from '../antd/lazy-parts';
import { HomePage } from '../pages/home';
import { IntroductionPage } from '../pages/introduction';
import './shell.css';

function Logout() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    api
      .get('/logout', { silent: true })
      .catch(() => undefined)
      .finally(() => {
        clearLogin();
        navigate('/home', { replace: true });
      });
  }, [navigate]);
  return null;
}

/** Pages that need a login open the dialog instead (product §2 "(login)"). */
function RequireLogin({ children }: { children: JSX.Element }) {
  const { isLoggedIn } = useAuth();
  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);
  return isLoggedIn ? children : <Navigate to="/home" replace />;
}

/** The names of the remotes that failed to load, re-rendering when that changes. */
const useFailedRemotes = () => useSyncExternalStore(failedRemotes.subscribe, failedRemotes.snapshot);

/** In a remote's area: nothing (the remote draws there), "not installed" (left out by the manifest), or the load-failed page. */
function RemoteAreaStatus({ pathname }: { pathname: string }) {
  useFailedRemotes();
  const area = areaOf(pathname);
  if (!area) return null;
  if (!isRemoteAvailable(area)) return <AreaNotInstalled />;
  return failedRemotes.has(area.name) ? <LoadFailed /> : null;
}

function ShellPages() {
  const { pathname } = useLocation();
  if (areaOf(pathname)) return <RemoteAreaStatus pathname={pathname} />;
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/home" replace />} />
      <Route path="/home" element={<HomePage />} />
      <Route path="/introduction" element={<IntroductionPage />} />
      <Route path="/developer" element={<DeveloperPage />} />
      <Route path="/user-home" element={<UserHomePage />} />
      <Route
        path="/setting"
        element={
          <RequireLogin>
            <SettingPage />
          </RequireLogin>
        }
      />
      <Route path="/message" element={<Navigate to="/message/discuss" replace />} />
      <Route
        path="/message/:kind"
        element={
          <RequireLogin>
            <MessageCenter />
          </RequireLogin>
        }
      />
      <Route path="/logout" element={<Logout />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/sso-callback" element={<SsoCallbackPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** The account dialog's antd chunk is fetched the first time a dialog opens, then stays mounted. */
function AccountDialogWhenOpened() {
  const mode = useAccountDialog();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (mode) setOpened(true);
  }, [mode]);
  return opened || mode ? <AccountDialog /> : null;
}

export function ShellLayout() {
  const { pathname } = useLocation();
  const bare = hidesSiteLayout(pathname);
  return (
    <div className={bare ? 'oj-layout oj-layout-bare' : 'oj-layout'}>
      {!bare && <Navbar />}
      <main className={bare ? undefined : 'oj-content'}>
        {!bare && <ShellPages />}
        {bare && <RemoteAreaStatus pathname={pathname} />}
        {availableAreas().map((a) => (
          <div key={a.name} id={remoteContainerId(a.name)} />
        ))}
      </main>
      {!bare && <Footer />}
      {!bare && <AccountDialogWhenOpened />}
    </div>
  );
}
