/**
 * Admin → Login (single sign-on, issue 36) with the API answered in memory: the providers with their callback
 * addresses and only a hint of a stored secret, the enable switch and an edit both sending no secret (the stored one
 * is kept), a typed secret sent, and the "password login off for non-admins" switch.
 */
import type { Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { SsoProviderView } from '@oj/contracts';
import { api, setLocale } from '@oj/kit';
import SsoPage from '../src/pages/sso';
import { answer, mountPage, settle, unmountPage, until } from './page-harness';
import { act } from 'react';

jest.setTimeout(60_000);

const oidc: SsoProviderView = {
  id: 4,
  name: 'Campus Keycloak',
  type: 'oidc',
  enabled: true,
  accountMode: 'create',
  linkBy: 'email',
  settings: { issuer: 'https://id.example.edu/realms/oj', clientId: 'oj-web', scope: 'openid profile email' },
  mapping: { username: 'preferred_username', email: 'email', realname: 'name', school: '', number: '', groups: '' },
  groupRules: [],
  secretSet: true,
  secretHint: '••••x9',
  callbackUrl: 'https://oj.example.edu/api/sso/callback/4',
  gmtCreate: '2026-01-01T00:00:00.000Z',
  gmtModified: '2026-01-01T00:00:00.000Z',
};

let calls: { method: string; url: string; body: Record<string, unknown> }[] = [];
let passwordOff = false;

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {})) as Record<string, unknown>;
    const method = String(config.method).toUpperCase();
    calls.push({ method, url: String(config.url), body });
    if (config.url === '/admin/sso/providers') return answer(config, [oidc]);
    if (config.url === '/admin/sso/settings') {
      if (method === 'PUT') passwordOff = Boolean(body.localPasswordOff);
      return answer(config, { localPasswordOff: passwordOff });
    }
    if (config.url === '/admin/sso/provider') return answer(config, { ...oidc, ...body });
    return answer(config, null);
  };
});

let root: Root | null = null;
beforeEach(async () => {
  calls = [];
  passwordOff = false;
  setLocale('en-US');
  root = await mountPage(<SsoPage />);
  await until(() => document.body.textContent!.includes('Campus Keycloak'), 'the provider list');
});
afterEach(() => unmountPage(root));

const q = (sel: string) => document.querySelector(sel) as HTMLElement | null;
const puts = () => calls.filter((c) => c.method === 'PUT' && c.url === '/admin/sso/provider');

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

it('lists the providers with the address to register and no secret', () => {
  const text = document.body.textContent!;
  expect(text).toContain('OpenID Connect');
  expect(text).toContain(oidc.callbackUrl);
  expect(text).toContain('Create the account');
});

it('turns a provider off without sending a secret', async () => {
  await act(async () => q('[data-testid="sso-enabled-4"]')!.click());
  await until(() => puts().length === 1, 'the update');
  expect(puts()[0].body).toMatchObject({ id: 4, enabled: false, name: 'Campus Keycloak', settings: oidc.settings });
  expect('secret' in puts()[0].body).toBe(false);
});

it('edits a provider: a blank secret keeps the stored one, a typed one is sent', async () => {
  await act(async () => q('[data-testid="sso-edit-4"]')!.click());
  await until(() => !!q('[data-testid="sso-form"]'), 'the form');
  expect(document.body.textContent).toContain('A secret is stored (••••x9); leave this empty to keep it.');
  typeInto(q('input[aria-label="Name"]') as HTMLInputElement, 'Keycloak');
  await act(async () => q('[data-testid="sso-save"]')!.click());
  await until(() => puts().length === 1, 'the first save');
  expect(puts()[0].body).toMatchObject({ id: 4, name: 'Keycloak', type: 'oidc', mapping: oidc.mapping });
  expect('secret' in puts()[0].body).toBe(false);
  await settle(300);

  await act(async () => q('[data-testid="sso-edit-4"]')!.click());
  await until(() => !!q('input[aria-label="Secret"]'), 'the form again');
  typeInto(q('input[aria-label="Secret"]') as HTMLInputElement, 'new-client-secret');
  await act(async () => q('[data-testid="sso-save"]')!.click());
  await until(() => puts().length === 2, 'the second save');
  expect(puts()[1].body).toMatchObject({ id: 4, secret: 'new-client-secret' });
});

it('switches password login off for non-admins', async () => {
  await act(async () => q('[data-testid="sso-password-off"]')!.click());
  await until(() => calls.some((c) => c.method === 'PUT' && c.url === '/admin/sso/settings'), 'the setting');
  expect(calls.find((c) => c.method === 'PUT' && c.url === '/admin/sso/settings')!.body).toEqual({ localPasswordOff: true });
  await until(() => q('[data-testid="sso-password-off"]')!.getAttribute('aria-checked') === 'true', 'the switch on');
});
