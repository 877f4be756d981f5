/**
 * What the shell starts when it loads a remote on a cold page (issue 37): the remote's './preload' with the page's
 * path, the remoteEntry.js of the remotes it uses, and antd's static sheet, all beside the remote's own './app'
 * instead of one round after another.
 */
const globals = globalThis as unknown as Record<string, unknown>;
globals.__OJ_REMOTE_USES__ = { contest: ['problems'], problems: [] };
globals.__OJ_ANTD_STATIC_STYLE__ = 'antd-static.0123abcd.css';
globals.__webpack_public_path__ = '/';
globals.__webpack_init_sharing__ = () => Promise.resolve();
globals.__webpack_share_scopes__ = { default: {} };

import { loadAntdStaticStyle } from '../src/antd/static-style';
import { loadRemoteApp, setManifest } from '../src/root/remotes';

const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };

/** A container on the page, as a loaded remoteEntry.js leaves it; `modules` are what it exposes. */
function fakeContainer(name: string, modules: Record<string, () => unknown>) {
  const container = {
    init: jest.fn(() => Promise.resolve()),
    get: jest.fn((module: string) => (modules[module] ? Promise.resolve(modules[module]) : Promise.reject(new Error(`no ${module}`)))),
  };
  (window as unknown as Record<string, unknown>)[name] = container;
  return container;
}

/** The static sheet's <link> is on the page: its load is reported as the browser would. */
function sheetLoaded(): void {
  document.head.querySelector<HTMLLinkElement>('link[data-oj-antd-static]')?.dispatchEvent(new Event('load'));
}

beforeAll(() => {
  setManifest([
    { name: 'problems', url: '/remotes/problems/remoteEntry.js' },
    { name: 'contest', url: '/remotes/contest/remoteEntry.js' },
  ]);
});

// first: the sheet is loaded once per page, and the remote loads below wait for it too
describe("antd's static sheet", () => {
  it('goes first in <head> once, and waits for its load', async () => {
    document.head.insertAdjacentHTML('beforeend', '<style id="app-style"></style>');
    let done = false;
    const waiting = loadAntdStaticStyle().then(() => (done = true));
    expect(loadAntdStaticStyle()).toBe(loadAntdStaticStyle());
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[data-oj-antd-static]');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('/antd-static.0123abcd.css');
    expect(document.head.firstElementChild).toBe(links[0]);
    await Promise.resolve();
    expect(done).toBe(false);
    sheetLoaded();
    await waiting;
    expect(done).toBe(true);
  });
});

describe('loading a remote on a cold page', () => {
  it("starts the remote's './preload' with the page's path before its app is asked for", async () => {
    window.history.pushState(null, '', '/problem/1001');
    const preload = jest.fn();
    const container = fakeContainer('problems', { './preload': () => ({ preload }), './app': () => lifecycles });
    const app = loadRemoteApp('problems');
    sheetLoaded();
    expect(await app).toBe(lifecycles);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preload).toHaveBeenCalledWith('/problem/1001');
    expect(container.get.mock.calls.map((c) => c[0])).toEqual(['./preload', './app']);
  });

  it("loads a remote without './preload' as before", async () => {
    fakeContainer('problems', { './app': () => lifecycles });
    expect(await loadRemoteApp('problems')).toBe(lifecycles);
  });

  it('starts the entries of the remotes it uses at once, one script each', async () => {
    delete (window as unknown as Record<string, unknown>).problems;
    fakeContainer('contest', { './app': () => lifecycles });
    expect(await loadRemoteApp('contest')).toBe(lifecycles);
    const started = [...document.head.querySelectorAll<HTMLScriptElement>('script[data-remote]')].map((s) => s.dataset.remote);
    expect(started).toEqual(['/remotes/problems/remoteEntry.js']);
    await loadRemoteApp('contest');
    expect(document.head.querySelectorAll('script[data-remote]')).toHaveLength(1);
  });
});
