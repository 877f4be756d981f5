import {
  addErrorHandler,
  getAppStatus,
  navigateToUrl,
  registerApplication,
  setBootstrapMaxTime,
  setMountMaxTime,
  setUnmountMaxTime,
  start,
  unloadApplication,
} from 'single-spa';
import { TIMINGS } from '@oj/contracts';
import { availableAreas, failedRemotes, loadRemoteApp, matchesPrefix, remoteContainerId } from './remotes';

/**
 * Registers every remote of the manifest with single-spa (after loadManifest); the shell's own pages are not
 * single-spa apps. A remote that fails to load or breaks is marked failed (its area shows the load-failed page)
 * until it mounts again.
 */
export function registerRemotes(onLoadError: (name: string) => void): void {
  // Read when an app loads, so set before any is registered. A slow lifecycle is not cut short (dieOnTimeout false):
  // the remote shows its own loading state. single-spa warns every 5 s and logs an error only after
  // TIMINGS.remoteLifecycleReportMs (a clean-clone CI run logged its default 3 s mount error for the problems remote
  // while four browsers shared two cores; the page then drew normally).
  for (const setMaxTime of [setBootstrapMaxTime, setMountMaxTime, setUnmountMaxTime])
    setMaxTime(TIMINGS.remoteLifecycleReportMs, false, 5_000);
  // The progress bar is for navigations inside the site: the first page has the browser's own indicator, so the bar's
  // code and style load after it (not among the bytes every visitor's first page needs).
  let firstRouteDone = false;
  window.addEventListener('single-spa:before-routing-event', () => {
    if (firstRouteDone) void progressBar().then((bar) => bar.start());
  });
  window.addEventListener('single-spa:routing-event', (e) => {
    if (firstRouteDone) void progressBar().then((bar) => bar.done());
    firstRouteDone = true;
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
    // the page says it failed; the console says why (for whoever opens the developer tools)
    console.error(err);
    failedRemotes.set(name, true);
    onLoadError(name);
    // a failed load may be retried on the next navigation
    if (getAppStatus(name) === 'SKIP_BECAUSE_BROKEN' || getAppStatus(name) === 'LOAD_ERROR')
      void unloadApplication(name).catch(() => undefined);
  });
}

let bar: Promise<typeof import('nprogress')> | undefined;
/** NProgress, loaded on the first navigation (start and done keep their order: both wait for the same load). */
function progressBar(): Promise<typeof import('nprogress')> {
  bar ??= Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(([m]) => {
    const NProgress = (m as { default?: typeof import('nprogress') }).default ?? m;
    NProgress.configure({ speed: TIMINGS.progressBarSpeed, showSpinner: false });
    return NProgress;
  });
  return bar;
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
