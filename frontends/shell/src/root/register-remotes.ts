import { addErrorHandler, getAppStatus, navigateToUrl, registerApplication, start, unloadApplication } from 'single-spa';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { TIMINGS } from '@oj/contracts';
import { availableAreas, failedRemotes, loadRemoteApp, matchesPrefix, remoteContainerId } from './remotes';

/**
 * Registers every remote of the manifest with single-spa (after loadManifest); the shell's own pages are not
 * single-spa apps. A remote that fails to load or breaks is marked failed (its area shows the load-failed page)
 * until it mounts again.
 */
export function registerRemotes(onLoadError: (name: string) => void): void {
  NProgress.configure({ speed: TIMINGS.progressBarSpeed, showSpinner: false });
  window.addEventListener('single-spa:before-routing-event', () => NProgress.start());
  window.addEventListener('single-spa:routing-event', (e) => {
    NProgress.done();
    resetScrollOnNewPage(e as CustomEvent<{ originalEvent?: Event & { singleSpaTrigger?: string } }>);
  });

  window.addEventListener('single-spa:app-change', (e) => {
    const mounted = (e as CustomEvent<{ appsByNewStatus?: { MOUNTED?: string[] } }>).detail?.appsByNewStatus?.MOUNTED ?? [];
    for (const name of mounted) failedRemotes.set(name, false);
  });

  for (const area of availableAreas()) {
    registerApplication({
      name: area.name,
      app: () => loadRemoteApp(area.name),
      activeWhen: (location) => area.prefixes.some((p) => matchesPrefix(location.pathname, p)),
      customProps: { domElementGetter: () => document.getElementById(remoteContainerId(area.name)) },
    });
  }
  addErrorHandler((err) => {
    const name = err.appOrParcelName;
    failedRemotes.set(name, true);
    onLoadError(name);
    // a failed load may be retried on the next navigation
    if (getAppStatus(name) === 'SKIP_BECAUSE_BROKEN' || getAppStatus(name) === 'LOAD_ERROR')
      void unloadApplication(name).catch(() => undefined);
  });
}

/**
 * Every app's router changes the URL through history.pushState, which single-spa reports with the
 * trigger 'pushState': a new page starts at the top. Back and forward are native popstate events:
 * the browser restores their scroll position itself.
 */
function resetScrollOnNewPage(e: CustomEvent<{ originalEvent?: Event & { singleSpaTrigger?: string } }>): void {
  if (e.detail?.originalEvent?.singleSpaTrigger === 'pushState') window.scrollTo(0, 0);
}

export function startSingleSpa(): void {
  start({ urlRerouteOnly: true });
}

export { navigateToUrl };
