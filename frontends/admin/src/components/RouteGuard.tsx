/** Applies the §6 guard to every screen inside the admin layout. */
import { App } from 'antd';
import { notifyUser } from '@oj/kit';
import { ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess } from '../auth/guard';
import { clearSession, useSession } from '../auth/session';
import { useT } from '../i18n';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { token, user } = useSession();
  const { message } = App.useApp();
  const { tErr } = useT();
  const decision = decideAccess(pathname, token, user?.roleList);

  useEffect(() => {
    if (decision.allow) return;
    if (decision.to === 'home') {
      // The shell's notifier: this app (and its own toasts) is unmounted once the browser is on the site.
      notifyUser(tErr(decision.message));
      // single-spa's patched replaceState mounts the site's home (no page load); the refused address is not kept.
      window.history.replaceState(null, '', '/home');
      return;
    }
    message.error(tErr(decision.message));
    if (decision.clearSession) clearSession();
    // Once per denied navigation: the decision only changes with the path or the session.
  }, [decision.allow, pathname]);

  if (!decision.allow) return decision.to === 'login' ? <Navigate to="/login" replace /> : null;
  return <>{children}</>;
}
