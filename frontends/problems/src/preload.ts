/**
 * Exposed as './preload' (the shell calls it as soon as this remote's container is loaded, shell/src/root/remotes.ts
 * startPagePreload): starts the chunks the page at `pathname` needs while './app' still loads, instead of after it.
 * Only the page loaders are imported (dynamic imports, no page code): anything imported here loads before this runs.
 */
import { pageLoaderOf } from './pages/page-loaders';

const EDITING_PAGE = /^\/problem\/[^/]+\/?$/;

export function preload(pathname: string): void {
  void pageLoaderOf(pathname)?.().catch(() => undefined);
  if (EDITING_PAGE.test(pathname)) void import(/* webpackChunkName: "monaco" */ './editor/monaco-setup').catch(() => undefined);
}
