/**
 * Exposed as './preload' (the shell calls it as soon as this remote's container is loaded, shell/src/root/remotes.ts
 * startPagePreload): starts the chunks the page at `pathname` needs while antd and './app' still load, instead of
 * after them. No static import here: anything imported would have to load before this runs.
 */
const EDITING_PAGE = /^\/problem\/[^/]+\/?$/;

export function preload(pathname: string): void {
  if (!EDITING_PAGE.test(pathname)) return;
  void import('./pages/problem-detail').catch(() => undefined);
  void import(/* webpackChunkName: "monaco" */ './editor/monaco-setup').catch(() => undefined);
}
