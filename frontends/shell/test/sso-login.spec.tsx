/**
 * The login dialog's single sign-on buttons (issue 36), in jsdom with the API answered in memory: one button per
 * enabled provider; an OIDC or CAS button starts the redirect with a fresh proof kept in sessionStorage; an LDAP
 * button turns the form into that directory's login, posted to /api/sso/ldap-login; no provider, no buttons. And the
 * /sso-callback page: it trades the code and this tab's proof for the token, or shows the refusal in zh-CN.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { SsoPublicInfo } from '@oj/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SSO_ERR } from '@oj/contracts';
import { LocaleProvider, api, authStore, closeAccountDialog, getToken, openAccountDialog, setLocale } from '@oj/kit';
import { SsoCallbackPage } from '../src/pages/sso-callback';
import { AccountDialog } from '../src/account/account-dialog';
import { SSO_PROOF_KEY, SsoButtons } from '../src/account/sso-login';
import { shellMessages } from '../src/locales';

jest.setTimeout(30_000);

let info: SsoPublicInfo;
const calls: { method: string; url: string; body: Record<string, unknown> }[] = [];

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {})) as Record<string, unknown>;
    calls.push({ method: String(config.method).toUpperCase(), url: String(config.url), body });
    let data: unknown = null;
    if (config.url === '/sso/providers') data = info;
    if (config.url === '/sso/authorize') data = { url: `https://idp.example/auth?client=oj&for=${body.id}` };
    if (config.url === '/sso/ldap-login') data = { uid: 'u1', username: String(body.username), roleList: ['default_role'] };
    if (config.url === '/sso/exchange') {
      if (body.code !== 'one-time-code' || body.proof !== 'the-proof-of-this-tab-0123456789ab') {
        return { data: { status: 400, msg: SSO_ERR.codeInvalid, data: null }, status: 400, headers: {} as Record<string, string>, config };
      }
      data = { uid: 'u2', username: 'zoe', roleList: ['default_role'] };
    }
    return { data: { status: 200, msg: 'success', data }, status: 200, headers: { authorization: `token-for-${config.url}` }, config };
  };
});

let root: Root;
let host: HTMLElement;
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 30))));
async function until(ok: () => boolean) {
  for (let i = 0; i < 200 && !ok(); i++) await settle();
}
const q = (sel: string) => document.querySelector(sel) as HTMLElement | null;
const all = (sel: string) => [...document.querySelectorAll(sel)] as HTMLElement[];

async function render(node: React.ReactElement) {
  setLocale('en-US');
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root.render(<LocaleProvider messages={shellMessages}>{node}</LocaleProvider>));
}

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  info = {
    providers: [
      { id: 1, name: 'Campus OIDC', type: 'oidc' },
      { id: 2, name: 'Campus CAS', type: 'cas' },
      { id: 3, name: 'School AD', type: 'ldap' },
    ],
    localPasswordOff: false,
  };
});

afterEach(async () => {
  await act(async () => closeAccountDialog());
  await act(async () => root.unmount());
  host.remove();
});

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

it('shows one button per enabled provider and logs in through a chosen directory', async () => {
  await render(<AccountDialog />);
  await act(async () => openAccountDialog('Login'));
  await until(() => all('[data-testid^="sso-provider-"]').length === 3);
  expect(all('[data-testid^="sso-provider-"]').map((b) => b.textContent)).toEqual([
    'Sign in with Campus OIDC',
    'Sign in with Campus CAS',
    'Sign in with School AD',
  ]);
  await act(async () => q('[data-testid="sso-provider-3"]')!.click());
  await until(() => !!q('[data-testid="sso-directory-notice"]'));
  expect(q('[data-testid="sso-directory-notice"]')!.textContent).toContain('School AD');
  // The directory's form: its own name and password, no buttons of other providers meanwhile.
  expect(q('[data-testid="sso-buttons"]')).toBeNull();
  const [username, password] = all('[data-testid="login-form"] input') as HTMLInputElement[];
  typeInto(username, 'ann');
  typeInto(password, 'pw');
  await act(async () => q('[data-testid="login-submit"]')!.click());
  await until(() => calls.some((c) => c.url === '/sso/ldap-login'));
  expect(calls.find((c) => c.url === '/sso/ldap-login')).toMatchObject({
    method: 'POST',
    body: { id: 3, username: 'ann', password: 'pw' },
  });
  expect(calls.some((c) => c.url === '/login')).toBe(false);
});

it('sends the browser to a redirect provider with a fresh proof kept in this tab', async () => {
  const went: string[] = [];
  await render(<SsoButtons info={info} t={(id) => shellMessages['en-US'][id]} onDirectory={() => undefined} go={(u) => went.push(u)} />);
  await act(async () => q('[data-testid="sso-provider-1"]')!.click());
  await until(() => went.length > 0);
  expect(went).toEqual(['https://idp.example/auth?client=oj&for=1']);
  const authorize = calls.find((c) => c.url === '/sso/authorize')!;
  const proof = String(authorize.body.proof);
  expect(proof).toMatch(/^[0-9a-f]{32}$/);
  expect(sessionStorage.getItem(SSO_PROOF_KEY)).toBe(proof);
  await act(async () => q('[data-testid="sso-provider-2"]')!.click());
  await until(() => went.length > 1);
  // Each start has its own proof.
  expect(sessionStorage.getItem(SSO_PROOF_KEY)).not.toBe(proof);
});

it('shows no buttons when no provider is enabled', async () => {
  info = { providers: [], localPasswordOff: false };
  await render(<AccountDialog />);
  await act(async () => openAccountDialog('Login'));
  await until(() => calls.some((c) => c.url === '/sso/providers'));
  await settle();
  expect(q('[data-testid="login-form"]')).not.toBeNull();
  expect(q('[data-testid="sso-buttons"]')).toBeNull();
});

async function renderCallback(search: string, locale: 'zh-CN' | 'en-US') {
  setLocale(locale);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider messages={shellMessages}>
        <MemoryRouter initialEntries={[`/sso-callback${search}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/sso-callback" element={<SsoCallbackPage />} />
            <Route path="/home" element={<div data-testid="home">home</div>} />
          </Routes>
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
}

it('the callback page trades the code and the proof of this tab for the token', async () => {
  sessionStorage.setItem(SSO_PROOF_KEY, 'the-proof-of-this-tab-0123456789ab');
  await renderCallback('?code=one-time-code', 'en-US');
  await until(() => !!q('[data-testid="home"]'));
  expect(calls.filter((c) => c.url === '/sso/exchange')).toHaveLength(1);
  expect(getToken()).toBe('token-for-/sso/exchange');
  expect(authStore.get()?.username).toBe('zoe');
  // The proof is spent with the code.
  expect(sessionStorage.getItem(SSO_PROOF_KEY)).toBeNull();
});

it('the callback page shows a refusal in the reader language', async () => {
  await renderCallback(`?error=SSO_ERR.ticketInvalid&msg=${encodeURIComponent(SSO_ERR.ticketInvalid)}`, 'zh-CN');
  await until(() => !!q('[data-testid="sso-callback"]')?.textContent?.includes('票据'));
  expect(q('[data-testid="sso-callback"]')!.textContent).toContain('登录被拒绝：统一认证票据无效或已被使用。');
  expect(calls.some((c) => c.url === '/sso/exchange')).toBe(false);
});
