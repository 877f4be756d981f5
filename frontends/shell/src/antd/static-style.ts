/**
 * Puts antd's static sheet (webpack.config.js, antd-static-style.js) on the page before the first antd tree renders:
 * antd reads the sheet's map once, at its first render, and skips writing the styles the sheet already holds. Each
 * remote's load and the shell's own antd parts wait for it, beside their own bundles (it loads in parallel, so it adds
 * no round trip). The sheet goes first in <head>, where antd puts its own styles, so the app's style sheets keep
 * their precedence. If it fails or is slow, antd writes its styles itself as it always did: nothing waits for it
 * longer than STATIC_STYLE_WAIT_MS.
 */
declare const __OJ_ANTD_STATIC_STYLE__: string;
declare const __webpack_public_path__: string;

const STATIC_STYLE_WAIT_MS = 3_000;
let loading: Promise<void> | undefined;

export function loadAntdStaticStyle(): Promise<void> {
  if (!__OJ_ANTD_STATIC_STYLE__) return Promise.resolve();
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `${__webpack_public_path__}${__OJ_ANTD_STATIC_STYLE__}`;
    link.dataset.ojAntdStatic = 'true';
    link.onload = link.onerror = () => resolve();
    setTimeout(resolve, STATIC_STYLE_WAIT_MS);
    document.head.prepend(link);
  });
  return loading;
}
