/** The root config: registers the remotes, renders the site layout, then starts single-spa. */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { message } from 'antd';
import { LocaleProvider, localeStore, kitMessages, openAccountDialog, setClientHooks } from '@oj/kit';
import { ShellLayout } from './layout/shell-layout';
import { navigateToUrl, registerRemotes, startSingleSpa } from './root/register-remotes';
import { shellMessages } from './locales';

setClientHooks({
  notifyError: (text) => void message.error(text),
  onUnauthorized: (isAdmin) => (isAdmin ? navigateToUrl('/admin/login') : openAccountDialog('Login')),
});

registerRemotes(() => {
  void message.error(kitMessages[localeStore.get()]['kit.loadError.title']);
});

function StartSingleSpa() {
  useEffect(() => startSingleSpa(), []);
  return null;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <LocaleProvider messages={shellMessages}>
    <BrowserRouter>
      <ShellLayout />
      <StartSingleSpa />
    </BrowserRouter>
  </LocaleProvider>,
);
