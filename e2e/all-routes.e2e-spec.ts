/**
 * Issue 21's all-routes walk: every route of spec §2 (site and admin app) as a visitor, a user and root, at
 * 1280 px and 390 px. On each page: no console error, no horizontal page overflow
 * (document.documentElement.scrollWidth <= innerWidth), no "coming soon" in a built area, no load failure,
 * and a real page (a heading and some text). Routes of areas still being built (exam, group, admin
 * screens not declared yet) are skipped, with the reason printed, only while their remote or screen is
 * absent: detected when the suite starts, so the suite covers them as soon as they land.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Locator, Page } from 'playwright-core';
import { ContestAuth, ContestType } from '@oj/contracts';
import {
  Platform,
  ARTIFACTS,
  ROOT,
  TrackedPage,
  apiCall,
  apiLogin,
  createProblem,
  launchBrowser,
  rootToken,
  screenshot,
  startPlatform,
  uiLogin,
  updateSwitches,
} from './harness';
import { PageTracker, adminLogin } from './helpers';

type Role = 'visitor' | 'user' | 'admin';
const ROLES: Role[] = ['visitor', 'user', 'admin'];
const WIDTHS = [1280, 390];

interface Ids {
  pid: string;
  /** the problem's database id (admin edit routes) */
  dbId: number;
  cid: number;
  oiCid: number;
  displayId: string;
  tid: number;
  did: number;
  sid: number;
  contestSid: number;
}

interface WebRoute {
  path: (ids: Ids) => string;
  /** the remote that renders it (absent remotes: skipped with a reason) */
  remote?: string;
  /** spec §2 "(login)": a visitor gets the login dialog instead */
  login?: boolean;
  /** only the contest's admins (root) see the page itself; others get a refusal page with a way back */
  adminOnly?: boolean;
  /** the page is meant to say "not found", with a way back */
  notFound?: boolean;
}

const USER = { username: 'routes_user', password: 'routes-pass1' };

// spec §2 "Public and user routes"
const WEB_ROUTES: WebRoute[] = [
  { path: () => '/home' },
  { path: () => '/problem', remote: 'problems' },
  { path: (i) => `/problem/${i.pid}`, remote: 'problems', login: true },
  { path: (i) => `/problem/${i.pid}/discussion`, remote: 'problems', login: true },
  { path: () => '/training', remote: 'problems' },
  { path: (i) => `/training/${i.tid}`, remote: 'problems' },
  { path: (i) => `/training/${i.tid}/problem`, remote: 'problems' },
  { path: (i) => `/training/${i.tid}/problem/${i.pid}`, remote: 'problems', login: true },
  { path: (i) => `/training/${i.tid}/rank`, remote: 'problems' },
  { path: () => '/contest', remote: 'contest' },
  { path: (i) => `/contest/acm-scoreboard/${i.cid}`, remote: 'contest' },
  { path: (i) => `/contest/oi-scoreboard/${i.oiCid}`, remote: 'contest' },
  { path: (i) => `/contest/${i.cid}`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/submission`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/submission/${i.contestSid}`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/problem`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/problem/${i.displayId}`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/announcement`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/rank`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/ac-info`, remote: 'contest', login: true, adminOnly: true },
  { path: (i) => `/contest/${i.cid}/rejudge`, remote: 'contest', login: true, adminOnly: true },
  { path: (i) => `/contest/${i.cid}/comment`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/print`, remote: 'contest', login: true },
  { path: (i) => `/contest/${i.cid}/admin-print`, remote: 'contest', login: true, adminOnly: true },
  { path: () => '/exam', remote: 'exam', login: true },
  { path: () => '/status', remote: 'problems', login: true },
  { path: (i) => `/status/${i.sid}`, remote: 'problems' },
  { path: () => '/acm-rank', remote: 'problems' },
  { path: () => '/oi-rank', remote: 'problems' },
  { path: () => '/reset-password' },
  { path: () => '/user-home' },
  { path: () => '/setting', login: true },
  { path: () => '/discussion', remote: 'problems', login: true },
  { path: (i) => `/discussion/${i.did}`, remote: 'problems' },
  { path: () => '/group', remote: 'group' },
  { path: () => '/introduction' },
  { path: () => '/developer' },
  ...['discuss', 'reply', 'like', 'sys', 'mine'].map((k): WebRoute => ({ path: () => `/message/${k}`, login: true })),
  { path: () => '/no-such-page', notFound: true },
  { path: () => '/problem/NO-SUCH-PROBLEM', remote: 'problems', login: true, notFound: true },
  { path: () => '/contest/987654', remote: 'contest', login: true, notFound: true },
];

interface AdminRoute {
  path: (ids: Ids) => string;
  /** the route as AdminApp.tsx declares it: absent there = a screen another branch is still building */
  declared: string;
  /** super-admin only (spec §2 "*") */
  root?: boolean;
}

// spec §2 "Admin routes" plus the admin app's own discussion screens
const ADMIN_ROUTES: AdminRoute[] = [
  { path: () => '/admin/dashboard', declared: 'dashboard' },
  { path: () => '/admin/user', declared: 'user', root: true },
  { path: () => '/admin/auth', declared: 'auth', root: true },
  { path: () => '/admin/announcement', declared: 'announcement', root: true },
  { path: () => '/admin/notice', declared: 'notice', root: true },
  { path: () => '/admin/conf', declared: 'conf', root: true },
  { path: () => '/admin/switch', declared: 'switch', root: true },
  { path: () => '/admin/problems', declared: 'problems' },
  { path: () => '/admin/problem/create', declared: 'problem/create' },
  { path: (i) => `/admin/problem/edit/${i.dbId}`, declared: 'problem/edit/:problemId' },
  { path: () => '/admin/problem/tag', declared: 'problem/tag' },
  { path: () => '/admin/group-problem/apply', declared: 'group-problem/apply' },
  { path: () => '/admin/problem/batch-operation', declared: 'problem/batch-operation' },
  { path: () => '/admin/training/create', declared: 'training/create' },
  { path: () => '/admin/training', declared: 'training' },
  { path: (i) => `/admin/training/${i.tid}/edit`, declared: 'training/:trainingID/edit' },
  { path: (i) => `/admin/training/${i.tid}/problems`, declared: 'training/:trainingID/problems' },
  { path: () => '/admin/training/category', declared: 'training/category' },
  { path: () => '/admin/contest/create', declared: 'contest/create' },
  { path: () => '/admin/contest', declared: 'contest' },
  { path: (i) => `/admin/contest/${i.cid}/edit`, declared: 'contest/:contestID/edit' },
  { path: (i) => `/admin/contest/${i.cid}/announcement`, declared: 'contest/:contestID/announcement' },
  { path: (i) => `/admin/contest/${i.cid}/problems`, declared: 'contest/:contestID/problems' },
  { path: (i) => `/admin/contest/${i.cid}/problem/create`, declared: 'contest/:contestID/problem/create' },
  { path: (i) => `/admin/contest/${i.cid}/problem/${i.dbId}/edit`, declared: 'contest/:contestID/problem/:problemId/edit' },
  { path: () => '/admin/discussion', declared: 'discussion' },
  { path: () => '/admin/discussion/category', declared: 'discussion/category', root: true },
  { path: () => '/admin/discussion/report', declared: 'discussion/report' },
  { path: () => '/admin/filemanagement', declared: 'filemanagement', root: true },
  { path: () => '/admin/exam', declared: 'exam' },
];

/** A remote is built when its entry is served (frontends/<name> with a webpack config, built by build:web). */
async function builtRemotes(p: Platform): Promise<Set<string>> {
  const names = ['problems', 'contest', 'exam', 'group', 'admin'];
  const built = new Set<string>();
  for (const n of names) {
    const res = await fetch(`${p.baseUrl}/remotes/${n}/remoteEntry.js`);
    if (res.ok && (res.headers.get('content-type') ?? '').includes('javascript')) built.add(n);
  }
  return built;
}

/** The admin routes AdminApp.tsx declares (read when the suite starts). */
function declaredAdminRoutes(): Set<string> {
  const dir = path.join(ROOT, 'frontends/admin/src');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (/\.tsx?$/.test(e.name) && !/\.spec\./.test(e.name)) files.push(path.join(d, e.name));
    }
  };
  walk(dir);
  const declared = new Set<string>();
  for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(/<Route\s+path="([^"]+)"/g)) declared.add(m[1]);
  return declared;
}

let platform: Platform;
let browser: Browser;
let ids: Ids;
let remotes: Set<string>;
let adminDeclared: Set<string>;
const pages = new PageTracker();
const skipped: string[] = [];
const visited: string[] = [];
/** Pages that never settled within settle()'s limit (printed at the end: candidates for a quicker check). */
const unsettled: string[] = [];

beforeAll(async () => {
  platform = await startPlatform({ judge: false });
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  const root = await rootToken(platform);
  const pid = 'ROUTES-1';
  await createProblem(platform, {
    problemId: pid,
    title: 'Routes A plus B',
    cases: [{ input: '1 2\n', output: '3\n' }],
    languages: ['C++'],
  });
  const problem = { id: await problemDbId(pid, root) };
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: [[USER.username, USER.password, 'routes@example.com']] },
    root,
  );
  const now = Date.now();
  const contest = async (title: string, type: number) =>
    (
      await apiCall<{ id: number }>(
        platform,
        'POST',
        '/api/admin/contest',
        {
          title,
          description: '# Rules\n\nSolve them all.',
          type,
          auth: ContestAuth.Public,
          startTime: new Date(now - 3600_000).toISOString(),
          endTime: new Date(now + 86_400_000).toISOString(),
          sealRank: false,
          starAccount: [],
          openPrint: true,
        },
        root,
      )
    ).id;
  const cid = await contest('Routes ACM contest', ContestType.ACM);
  const oiCid = await contest('Routes OI contest', ContestType.OI);
  await apiCall(
    platform,
    'POST',
    '/api/admin/contest/add-problem-from-public',
    { cid, pid: problem.id, displayId: 'A', color: '#1677ff' },
    root,
  );
  const training = await apiCall<{ id: number }>(
    platform,
    'POST',
    '/api/admin/training',
    {
      training: { title: 'Routes training', description: '# Read me', auth: 'Public', privatePwd: '', status: true, rank: 0 },
      trainingCategory: null,
    },
    root,
  );
  await apiCall(
    platform,
    'POST',
    '/api/admin/training/add-problem-from-public',
    { tid: training.id, pid: problem.id, displayId: pid },
    root,
  );
  const user = await apiLogin(platform, USER.username, USER.password);
  const code = 'int main() { return 0; }';
  const sub = await apiCall<{ submitId: number }>(
    platform,
    'POST',
    '/api/submit-problem-judge',
    { pid, language: 'C++', code, isRemote: false },
    user,
  );
  const contestSub = await apiCall<{ submitId: number }>(
    platform,
    'POST',
    '/api/submit-problem-judge',
    { pid: 'A', cid, language: 'C++', code, isRemote: false },
    user,
  );
  const discussion = await apiCall<{ id: number }>(
    platform,
    'POST',
    '/api/discussion',
    { categoryId: 1, title: 'Routes discussion', description: 'd', content: '# Hello' },
    root,
  );
  ids = {
    pid,
    dbId: problem.id,
    cid,
    oiCid,
    displayId: 'A',
    tid: training.id,
    did: discussion.id,
    sid: sub.submitId,
    contestSid: contestSub.submitId,
  };
  remotes = await builtRemotes(platform);
  fs.mkdirSync(path.join(ARTIFACTS, 'all-routes-admin-390'), { recursive: true });
  adminDeclared = declaredAdminRoutes();
}, 25 * 60_000);

async function problemDbId(problemId: string, token: string): Promise<number> {
  const list = await apiCall<{ records: { id: number; problemId: string }[] }>(
    platform,
    'GET',
    `/api/admin/problem/get-problem-list?currentPage=1&limit=50&keyword=${problemId}`,
    undefined,
    token,
  );
  const row = list.records.find((r) => r.problemId === problemId);
  if (!row) throw new Error(`problem ${problemId} not listed`);
  return row.id;
}

afterAll(async () => {
  console.log(
    `all-routes: ${visited.length} page visits, ${unsettled.length} still changing after 8 s: ${unsettled.join(', ') || '(none)'}\nskipped while absent:\n${[...new Set(skipped)].join('\n') || '(none)'}`,
  );
  await pages.tearDown(browser, platform);
});

/**
 * Waits until the page has settled: no spinner or skeleton, the text no longer changing for 3 looks 150 ms apart.
 * Pages that keep changing (a countdown, a polled status) are taken as they are after 8 s: the suite makes over
 * 300 visits, and a longer wait per page made it the slowest part of `npm test` without finding more.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  let last = '';
  let stable = 0;
  const until = Date.now() + 8_000;
  while (Date.now() < until) {
    await page.waitForTimeout(150);
    const state = await page.evaluate(() => {
      const busy = !!document.querySelector('.ant-spin-spinning, .ant-skeleton-active, #nprogress .bar');
      return `${busy}|${document.body.innerText.length}|${location.pathname}`;
    });
    if (state === last && !state.startsWith('true')) stable++;
    else stable = 0;
    last = state;
    if (stable >= 3) return;
  }
  unsettled.push(`${new URL(page.url()).pathname} @${page.viewportSize()?.width}px`);
}

interface PageFacts {
  scrollWidth: number;
  innerWidth: number;
  comingSoon: boolean;
  loadFailed: boolean;
  notFound: boolean;
  backLink: boolean;
  heading: string;
  text: number;
  loginDialog: boolean;
  pathname: string;
  tablesWithoutEmptyState: number;
  refused: boolean;
}

async function facts(page: Page): Promise<PageFacts> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = (el as HTMLElement).getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const headings = [
      ...document.querySelectorAll(
        'h1, h2, h3, h4, h5, .ant-card-head-title, .ant-page-header-heading-title, .ant-pro-page-container-title, .ant-result-title, .ant-descriptions-title, .ant-modal-title, .ant-pro-form-login-title, [role="heading"], th',
      ),
    ].filter(visible);
    const nf = document.querySelector('[data-testid="not-found"]');
    const main = document.querySelector('main, .ant-pro-layout-content, .ant-layout-content') ?? document.body;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      comingSoon: !!document.querySelector('[data-testid="coming-soon"]'),
      loadFailed: !!document.querySelector('[data-testid="load-failed"]'),
      notFound: !!nf,
      backLink: !!nf?.querySelector('button, a'),
      heading: headings.map((h) => (h as HTMLElement).innerText.trim()).find((text) => text) ?? '',
      text: (main as HTMLElement).innerText.trim().length,
      loginDialog: !!document.querySelector('[data-testid="login-form"]'),
      pathname: location.pathname,
      // an antd table with no rows must say so (antd's placeholder row with its empty state)
      refused: !!document.querySelector('.ant-result-403'),
      tablesWithoutEmptyState: [...document.querySelectorAll('.ant-table-wrapper')].filter(
        (w) => visible(w) && !w.querySelector('.ant-table-tbody .ant-table-row') && !w.querySelector('.ant-table-placeholder, .ant-empty'),
      ).length,
    };
  });
}

/**
 * Visits one path; answers the problems found (empty: the page passed). `loginPrompt`: a visitor on a login
 * route gets the login dialog or a page asking to log in (with its own heading); `notFound`: the page says
 * so and has a way back.
 */
async function visit(
  t: TrackedPage,
  url: string,
  expect: { notFound?: boolean; missing?: boolean; loginPrompt?: boolean; visitor?: boolean; refused?: boolean; as?: string },
): Promise<string[]> {
  const { page } = t;
  t.errors.length = 0;
  await page.goto(url);
  await settle(page);
  const f = await facts(page);
  visited.push(url);
  const problems: string[] = [];
  if (f.scrollWidth > f.innerWidth) problems.push(`horizontal overflow ${f.scrollWidth} > ${f.innerWidth}`);
  // a page about a thing that does not exist got its 404 from the API: the browser logs that answer, nothing else may be logged
  const errors = expect.missing ? t.errors.filter((e) => !/status of 404 \(Not Found\)/.test(e)) : t.errors;
  if (errors.length) problems.push(`console errors: ${errors.join(' | ')}`);
  if (f.comingSoon) problems.push('"coming soon" in a built area');
  if (f.loadFailed) problems.push('the remote failed to load');
  if (f.tablesWithoutEmptyState) problems.push(`${f.tablesWithoutEmptyState} empty table(s) without an empty state`);
  if (expect.refused && !f.refused) problems.push('no refusal page for a caller who may not see it');
  if (expect.loginPrompt) {
    if (!f.loginDialog && !f.heading) problems.push('neither a login dialog nor a page asking to log in');
  } else if (expect.notFound) {
    if (!f.notFound) problems.push('no not-found page');
    else if (!f.backLink) problems.push('not-found page without a way back');
  } else if (!(expect.visitor && f.loginDialog)) {
    if (f.notFound) problems.push('unexpected not-found page');
    if (!f.heading) problems.push('no heading');
    if (f.text < 10) problems.push(`almost no content (${f.text} characters)`);
  }
  if (problems.length) {
    console.log(problems.map((p) => `${url} @${page.viewportSize()?.width}px: ${p}`).join('\n'));
    const name = `all-routes-${expect.as ?? 'page'}-${url.replace(/[^a-z0-9]+/gi, '_')}-${page.viewportSize()?.width}`;
    await screenshot(page, name).catch(() => undefined);
  }
  return problems.map((p) => `${url} @${page.viewportSize()?.width}px: ${p}`);
}

async function signedIn(role: Role, width: number): Promise<TrackedPage> {
  const t = await pages.open(browser, platform, { width, height: 844 });
  if (role === 'visitor') return t;
  await t.page.goto('/home');
  await uiLogin(t.page, role === 'admin' ? 'root' : USER.username, role === 'admin' ? 'root-e2e-Pass1' : USER.password);
  await t.page.getByTestId(width < 1050 ? 'mobile-nav' : 'user-menu').waitFor({ timeout: 30_000 });
  await t.page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
  return t;
}

describe.each(WIDTHS)('site routes at %i px', (width) => {
  it.each(ROLES)(
    'as %s',
    async (role) => {
      const t = await signedIn(role, width);
      const problems: string[] = [];
      for (const r of WEB_ROUTES) {
        const url = r.path(ids);
        if (r.remote && !remotes.has(r.remote)) {
          skipped.push(`${url}: the '${r.remote}' remote is not built yet (another branch builds it)`);
          continue;
        }
        const loginPrompt = role === 'visitor' && !!r.login;
        problems.push(
          ...(await visit(t, url, {
            notFound: r.notFound && !loginPrompt,
            missing: r.notFound,
            loginPrompt,
            visitor: role === 'visitor',
            refused: role === 'user' && r.adminOnly,
            as: role,
          })),
        );
      }
      await t.context.close();
      expect(problems).toEqual([]);
    },
    30 * 60_000,
  );
});

describe.each(WIDTHS)('admin routes at %i px', (width) => {
  it(
    'as root',
    async () => {
      const t = await pages.open(browser, platform, { width, height: 844 });
      await adminLogin(t.page);
      const problems: string[] = [];
      for (const r of ADMIN_ROUTES) {
        const url = r.path(ids);
        if (!remotes.has('admin')) throw new Error('the admin remote is not built');
        if (!adminDeclared.has(r.declared)) {
          skipped.push(`${url}: the admin app declares no '${r.declared}' route yet (another branch builds it)`);
          continue;
        }
        problems.push(...(await visit(t, url, { as: 'root' })));
        if (t.page.url().endsWith('/admin/login')) problems.push(`${url}: sent to the login page`);
        // the mobile admin, page by page, for people to look at
        if (width === 390) await screenshot(t.page, `all-routes-admin-390/${url.replace(/^\/admin\//, '').replace(/[^a-z0-9]+/gi, '_')}`);
      }
      await t.context.close();
      expect(problems).toEqual([]);
    },
    30 * 60_000,
  );

  it(
    'as a visitor and a user: the admin login page',
    async () => {
      const t = await pages.open(browser, platform, { width, height: 844 });
      const problems = await visit(t, '/admin/dashboard', {});
      expect(t.page.url()).toMatch(/\/admin\/login$/);
      await t.page.goto('/admin/login');
      problems.push(...(await visit(t, '/admin/login', {})));
      await t.context.close();
      expect(problems).toEqual([]);
    },
    10 * 60_000,
  );
});

describe('touch menus and form errors', () => {
  it('opens a top-menu dropdown with one tap and closes it with the next tap or a tap outside', async () => {
    const context = await browser.newContext({
      baseURL: platform.baseUrl,
      viewport: { width: 1280, height: 844 },
      hasTouch: true,
      locale: 'zh-CN',
    });
    try {
      const page = await context.newPage();
      await page.goto('/home');
      const rank = page.locator('.oj-menu .oj-dropdown').filter({ hasText: '排名' });
      const trigger = rank.locator('.oj-dropdown-trigger');
      await trigger.tap();
      await rank.locator('[role="menu"] a[href="/acm-rank"]').waitFor({ timeout: 10_000 });
      await trigger.tap();
      await expectGone(rank.locator('[role="menu"]'));
      await trigger.tap();
      await rank.locator('[role="menu"]').waitFor();
      await page.locator('.oj-content').tap({ position: { x: 600, y: 400 } });
      await expectGone(rank.locator('[role="menu"]'));
    } finally {
      await context.close();
    }
  });

  it('keeps a hover-opened menu open when the mouse clicks its trigger', async () => {
    const t = await pages.open(browser, platform, { width: 1280, height: 844 });
    await t.page.goto('/home');
    const about = t.page.locator('.oj-menu .oj-dropdown').filter({ hasText: '关于' });
    await about.locator('.oj-dropdown-trigger').hover();
    await about.locator('[role="menu"]').waitFor();
    await about.locator('.oj-dropdown-trigger').click();
    await t.page.waitForTimeout(300);
    expect(await about.locator('[role="menu"]').count()).toBe(1);
    await t.context.close();
  });

  it('scrolls an incomplete problem form to its first error, focuses it and says why nothing was saved', async () => {
    const t = await pages.open(browser, platform, { width: 390, height: 844 });
    await adminLogin(t.page);
    await t.page.goto('/admin/problem/create');
    const save = t.page.locator('#problem-submit');
    await save.waitFor({ timeout: 60_000 });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await t.page.locator('.ant-message-error').getByText('保存失败：请修改标红的项').waitFor({ timeout: 10_000 });
    const first = t.page.locator('.ant-form-item-has-error').first();
    await first.waitFor();
    await t.page.waitForTimeout(800);
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    const focusedInError = await t.page.evaluate(() => !!document.activeElement?.closest('.ant-form-item-has-error'));
    expect(focusedInError).toBe(true);
    await screenshot(t.page, 'all-routes-admin-390/problem_create_errors');
    await t.context.close();
  });
});

async function expectGone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'detached', timeout: 10_000 });
}
