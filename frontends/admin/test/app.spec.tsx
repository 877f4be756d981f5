/**
 * The admin app rendered in jsdom: the §6 guard with its failure texts, the login screen in both
 * locales, and the menu without the super-admin entries for other admins.
 */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { UserInfo } from '@oj/contracts';
import { authStore, setClientHooks, setLocale } from '@oj/kit';
import { AdminApp } from '../src/AdminApp';
import { buildMenu, selectedMenuKey } from '../src/layout/AdminLayout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;

async function renderAt(path: string) {
  window.history.pushState({}, '', path);
  host = document.createElement('div');
  document.body.appendChild(host);
  await act(async () => {
    root = createRoot(host);
    root.render(<AdminApp />);
  });
  // Let the redirects and the toast settle.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
}

function signIn(roleList: string[]) {
  const user: UserInfo = { uid: 'u1', username: 'someone', roleList };
  localStorage.setItem('token', 'Bearer test-token');
  localStorage.setItem('userInfo', JSON.stringify(user));
  authStore.set(user);
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
  authStore.set(null);
  await act(async () => setLocale('zh-CN'));
});

describe('admin app', () => {
  it('sends a visitor without a token from /admin/conf to /admin/login with "Please Login First!"', async () => {
    await renderAt('/admin/conf');
    expect(window.location.pathname).toBe('/admin/login');
    expect(document.body.textContent).toContain('请先登录！');
    expect(document.querySelector('#admin-login-username')).not.toBeNull();
  });

  it('sends a signed-in non-admin to the site home with the reason, keeping the session (issue 37 item 15)', async () => {
    setLocale('en-US');
    signIn(['default_role']);
    const token = localStorage.getItem('token');
    // The shell's notifier in the page (it outlives the admin app, which unmounts once the browser is home).
    const shown: string[] = [];
    setClientHooks({ notifyError: (text) => shown.push(text) }, { host: true });
    try {
      await renderAt('/admin/dashboard');
    } finally {
      setClientHooks({ notifyError: undefined }, { host: true });
    }
    expect(window.location.pathname).toBe('/home');
    expect(shown).toEqual(['Sorry, you do not have permission to log in to the admin area.']);
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('userInfo')).not.toBeNull();
  });

  it('keeps the super-admin pages from an ordinary admin', async () => {
    signIn(['admin']);
    await renderAt('/admin/switch');
    expect(window.location.pathname).toBe('/admin/login');
    expect(document.body.textContent).toContain('错误！请重新登录！');
  });

  it('redirects unknown admin paths to the admin login', async () => {
    await renderAt('/admin/no-such-screen');
    expect(window.location.pathname).toBe('/admin/login');
  });

  it('shows the login screen in the chosen language', async () => {
    setLocale('en-US');
    await renderAt('/admin/login');
    expect(document.body.textContent).toContain('Sign in with an administrator account');
    await act(async () => setLocale('zh-CN'));
    expect(document.body.textContent).toContain('请使用管理员账号登录');
  });

  it('lists the super-admin screens in the menu for root only', () => {
    const t = (id: string) => id;
    const paths = (superAdmin: boolean) =>
      buildMenu(t, superAdmin).flatMap((item) => [item.path, ...(item.children ?? []).map((c) => c.path)]);
    const superOnly = ['/announcement', '/conf', '/switch', '/remote-judge', '/queues'];
    expect(paths(false)).toEqual(expect.arrayContaining(['/dashboard', '/problems', '/problem/create', '/problem/tag']));
    expect(paths(false).filter((p) => superOnly.includes(p!))).toEqual([]);
    expect(paths(true)).toEqual(expect.arrayContaining(superOnly));
  });

  it('selects exactly one menu entry per route: the longest entry path the route is under', () => {
    const menu = buildMenu((id: string) => id, true);
    const cases: [string, string | undefined][] = [
      ['/problems', '/problems'],
      ['/problem/tag', '/problem/tag'],
      ['/problem/edit/5', '/problems'],
      ['/contest', '/contest'],
      ['/contest/create', '/contest/create'],
      ['/contest/12/problems', '/contest'],
      ['/training/category', '/training/category'],
      ['/training/3/edit', '/training'],
      ['/discussion/report', '/discussion/report'],
      ['/dashboard', '/dashboard'],
      ['/nowhere', undefined],
    ];
    expect(cases.map(([path]) => [path, selectedMenuKey(menu, path)])).toEqual(cases);
  });
});
