/**
 * The root config: registers the remotes, renders the site layout, then starts single-spa. The first
 * page is drawn with plain React (no antd): antd-based parts are loaded when shown (./antd/lazy-parts).
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { kitMessages, localeStore, openAccountDialog, setClientHooks } from '@oj/kit/core';
import { ShellLayout } from './layout/shell-layout';
import { ShellIntlProvider } from './intl-provider';
import { navigateToUrl, registerRemotes, startSingleSpa } from './root/register-remotes';
import { loadManifest, preloadRemoteOf } from './root/remotes';
import { prefetchRoute } from './root/prefetch-route';
import { loadShellMessages } from './locales/loaded';
import { showError } from './antd/lazy-parts';
import { lockHandler } from './layout/lockdown';

// The shell owns these for the whole page: a remote's setClientHooks cannot replace them.
setClientHooks(
  {
    notifyError: showError,
    onUnauthorized: (isAdmin) => (isAdmin ? navigateToUrl('/admin/login') : openAccountDialog('Login')),
    // Lock mode: a held participant is sent back to their contest or exam with the server's text.
    onLocked: lockHandler({ navigate: navigateToUrl, notify: showError, pathname: () => location.pathname }),
  },
  { host: true },
);

function StartSingleSpa() {
  useEffect(() => startSingleSpa(), []);
  return null;
}

// The page's first requests go out now, beside the remote's bundles (issue 37).
prefetchRoute(location.pathname);

// Which remotes exist and where: the runtime manifest (inlined by the backend, so no wait in production).
// and the texts of the chosen language (the other is loaded if the user switches).
void Promise.all([loadManifest(), loadShellMessages(localeStore.get()).catch(() => undefined)]).then(() => {
  preloadRemoteOf(location.pathname);
  registerRemotes(() => showError(kitMessages[localeStore.get()]['kit.loadError.title']));
  createRoot(document.getElementById('root') as HTMLElement).render(
    <ShellIntlProvider>
      <BrowserRouter>
        <ShellLayout />
        <StartSingleSpa />
      </BrowserRouter>
    </ShellIntlProvider>,
  );
});
