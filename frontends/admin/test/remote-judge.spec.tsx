/**
 * Admin → Remote judge (issue 34): the account dialog's body (a blank password or cookie on an edit keeps the stored
 * one), the page with its sites and accounts read through kit's client (secrets only as "set"), the site switch, and
 * the remote import dialog's reading of a refusal (the message and the server's reason), and the import's three routes.
 */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { App as AntApp } from 'antd';
import type { AdapterRequest } from '@oj/kit';
import { RemoteJudgeAccountView, RemoteJudgeSiteView } from '@oj/contracts';
import { api, ApiError, LocaleProvider, setLocale } from '@oj/kit';
import { MESSAGES } from '../src/i18n';
import RemoteJudgePage from '../src/pages/remote-judge';
import { accountBody, accountFormInitial } from '../src/pages/remote-judge/account-form';
import { importRemoteProblem, REMOTE_JUDGE_ADMIN_API } from '../src/pages/remote-judge/api';
import { importFailure } from '../src/pages/problems/RemoteImportModal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
jest.setTimeout(120_000);

const account = (over: Partial<RemoteJudgeAccountView> = {}): RemoteJudgeAccountView => ({
  id: 7,
  oj: 'HDU',
  username: 'hojbot',
  hasPassword: true,
  hasCookie: false,
  userAgent: null,
  enabled: true,
  state: 'idle',
  lastError: null,
  lastErrorAt: null,
  lastUsedAt: null,
  ...over,
});

describe('the account dialog body', () => {
  it('starts empty of secrets, whatever is stored', () => {
    expect(accountFormInitial(account({ hasCookie: true, userAgent: 'UA/1' }))).toEqual({
      username: 'hojbot',
      password: '',
      cookie: '',
      userAgent: 'UA/1',
      enabled: true,
      clearCookie: false,
    });
  });

  it('creates with the password and a pasted cookie with its user agent', () => {
    expect(accountBody('CF', { username: ' me ', password: 'pw', cookie: ' a=1; b=2 ', userAgent: 'Mozilla/5.0', enabled: true })).toEqual({
      oj: 'CF',
      username: 'me',
      password: 'pw',
      cookie: 'a=1; b=2',
      userAgent: 'Mozilla/5.0',
      enabled: true,
    });
  });

  it('on an edit, sends no password or cookie when left blank (the stored ones are kept), and clears on request', () => {
    const kept = accountBody('HDU', { username: 'hojbot', password: '', cookie: '', userAgent: '', enabled: false }, account());
    expect(kept).toEqual({ id: 7, oj: 'HDU', username: 'hojbot', enabled: false, userAgent: null });
    const cleared = accountBody('HDU', { username: 'hojbot', password: 'new', cookie: 'x=1', clearCookie: true }, account());
    expect(cleared).toMatchObject({ id: 7, password: 'new', clearCookie: true });
    expect(cleared).not.toHaveProperty('cookie');
  });
});

describe('the import refusal', () => {
  it('keeps the message and the reason the server put in data', () => {
    const e = new ApiError('Importing the remote problem failed.', 400, '[HDU] fetch: no problem 9999');
    expect(importFailure(e)).toEqual({ message: e.message, reason: '[HDU] fetch: no problem 9999' });
    expect(importFailure(new ApiError('This remote problem has been imported already.', 400, null)).reason).toBeUndefined();
  });
});

describe('the import call', () => {
  const sent: { url: string; params: Record<string, unknown> }[] = [];
  beforeAll(() => {
    api.defaults.adapter = async (config: AdapterRequest) => {
      sent.push({ url: String(config.url), params: { ...(config.params as object) } });
      return { data: { status: 200, msg: 'success', data: null }, status: 200, headers: {}, config };
    };
  });

  it('imports into the bank, into a contest under its display id, and into a training, each through its HOJ route', async () => {
    await importRemoteProblem('HDU', '1000');
    await importRemoteProblem('CF', '1000A', { kind: 'contest', cid: 12 }, 'B');
    await importRemoteProblem('AC', 'abc110_a', { kind: 'training', tid: 5 });
    expect(sent).toEqual([
      { url: '/admin/problem/import-remote-oj-problem', params: { name: 'HDU', problemId: '1000' } },
      { url: '/admin/contest/import-remote-oj-problem', params: { name: 'CF', problemId: '1000A', cid: 12, displayId: 'B' } },
      { url: '/admin/training/import-remote-oj-problem', params: { name: 'AC', problemId: 'abc110_a', tid: 5 } },
    ]);
  });
});

describe('the remote judge page', () => {
  const sites: RemoteJudgeSiteView[] = [
    { oj: 'HDU', enabled: true, url: 'http://127.0.0.1:9/', languages: 7, accounts: 2 },
    { oj: 'CF', enabled: false, url: 'https://codeforces.com', languages: 20, accounts: 0 },
  ];
  const accounts = [
    account(),
    account({ id: 8, username: 'broken', state: 'failing', lastError: '[HDU] login: wrong password', lastErrorAt: '2026-11-29T10:00:00Z' }),
  ];
  let sent: { method: string; url: string; params: Record<string, unknown>; body: unknown }[] = [];
  let root: Root | null = null;

  beforeAll(() => {
    api.defaults.adapter = async (config: AdapterRequest) => {
      const method = String(config.method).toUpperCase();
      const body = config.data ? JSON.parse(config.data as string) : undefined;
      sent.push({ method, url: String(config.url), params: { ...(config.params as object) }, body });
      let data: unknown = null;
      if (config.url === REMOTE_JUDGE_ADMIN_API.sites) data = sites;
      if (config.url === REMOTE_JUDGE_ADMIN_API.site) data = sites.map((s) => (s.oj === body.oj ? { ...s, enabled: body.enabled } : s));
      if (config.url === REMOTE_JUDGE_ADMIN_API.accounts) data = accounts.filter((a) => a.oj === (config.params as { oj: string }).oj);
      return { data: { status: 200, msg: 'success', data }, status: 200, headers: {}, config };
    };
  });

  const settle = () =>
    act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
  async function until(check: () => boolean) {
    for (let i = 0; i < 100 && !check(); i++) await settle();
  }

  beforeEach(async () => {
    sent = [];
    await act(async () => setLocale('en-US'));
    const host = document.createElement('div');
    document.body.appendChild(host);
    await act(async () => {
      root = createRoot(host);
      root.render(
        <LocaleProvider messages={MESSAGES}>
          <AntApp>
            <RemoteJudgePage />
          </AntApp>
        </LocaleProvider>,
      );
    });
  });

  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    await act(async () => setLocale('zh-CN'));
  });

  it('lists the sites and the first site’s accounts, their state, last error and secrets only as set / not set', async () => {
    await until(() => !!document.querySelector('[data-testid="remote-account-state-broken"]'));
    const siteRow = document.querySelector('[data-testid="remote-sites"] tr[data-row-key="HDU"]')!;
    expect(siteRow.textContent).toContain('http://127.0.0.1:9/');
    expect(siteRow.textContent).toContain('7');
    expect(document.querySelector('[data-testid="remote-site-switch-CF"]')?.getAttribute('aria-checked')).toBe('false');
    expect(sent.find((s) => s.url === REMOTE_JUDGE_ADMIN_API.accounts)?.params).toEqual({ oj: 'HDU' });
    expect(document.querySelector('[data-testid="remote-account-state-hojbot"]')?.textContent).toBe('Idle');
    expect(document.querySelector('[data-testid="remote-account-state-broken"]')?.textContent).toBe('Failing');
    const table = document.querySelector('[data-testid="remote-accounts-HDU"]')!.textContent!;
    expect(table).toContain('[HDU] login: wrong password');
    expect(table).toContain('set');
    expect(table).toContain('not set');
    expect(table).toContain('Never');
  });

  it('switches a site on through PUT site', async () => {
    await until(() => !!document.querySelector('[data-testid="remote-site-switch-CF"]'));
    await act(async () => (document.querySelector('[data-testid="remote-site-switch-CF"]') as HTMLElement).click());
    await until(() => document.querySelector('[data-testid="remote-site-switch-CF"]')?.getAttribute('aria-checked') === 'true');
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([
      { method: 'PUT', url: REMOTE_JUDGE_ADMIN_API.site, params: {}, body: { oj: 'CF', enabled: true } },
    ]);
  });
});
