/**
 * Issue 37 items 8 and 14 in the real app: a training names both counts (inside it, and solved anywhere) for a
 * student who solved one of its problems in the bank; the user home's total and its calendar count the same
 * submissions; difficulty and the seeded discussion categories read as words in zh-CN; one admin menu entry is
 * selected per route; the problem list at 390 px has no empty first column; the create-group form says each
 * field's rule once; form labels are tied to their controls.
 */
import type { Browser, Page } from 'playwright-core';
import {
  Platform,
  ROOT_PASSWORD,
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
  UI_WAIT_MS,
} from './harness';
import { APLUSB_CPP, PageTracker, adminLogin } from './helpers';

const STUDENT = { username: 'counter1', password: 'counter-pass1' };
const PROBLEMS = [
  { problemId: 'CNT1001', title: 'Counted sum one', displayId: 'C1' },
  { problemId: 'CNT1002', title: 'Counted sum two', displayId: 'C2' },
];

let platform: Platform;
let browser: Browser;
let tid = 0;
const pages = new PageTracker();

function newPage(viewport?: { width: number; height: number }): Promise<TrackedPage> {
  return pages.open(browser, platform, viewport);
}

async function waitForVerdict(token: string, submitId: number): Promise<number> {
  const until = Date.now() + 120_000;
  for (;;) {
    const d = await apiCall<{ submission: { status: number } }>(
      platform,
      'GET',
      `/api/get-submission-detail?submitId=${submitId}`,
      undefined,
      token,
    );
    // 5, 6, 7, 9: pending, compiling, judging, submitting
    if (![5, 6, 7, 9].includes(d.submission.status)) return d.submission.status;
    if (Date.now() > until) throw new Error(`submission ${submitId} still ${d.submission.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  for (const p of PROBLEMS)
    await createProblem(platform, {
      problemId: p.problemId,
      title: p.title,
      cases: [{ input: '1 2\n', output: '3\n' }],
      languages: ['C++'],
    });
  const root = await rootToken(platform);
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: [[STUDENT.username, STUDENT.password, 'counter1@example.com']] },
    root,
  );
  const training = await apiCall<{ id: number }>(
    platform,
    'POST',
    '/api/admin/training',
    { training: { title: 'Counted training', description: 'Two sums.', auth: 'Public', status: true, rank: 0 }, trainingCategory: null },
    root,
  );
  tid = training.id;
  for (const p of PROBLEMS) {
    const detail = await apiCall<{ problem: { id: number } }>(
      platform,
      'GET',
      `/api/get-problem-detail?problemId=${p.problemId}`,
      undefined,
      root,
    );
    await apiCall(
      platform,
      'POST',
      '/api/admin/training/add-problem-from-public',
      { tid, pid: detail.problem.id, displayId: p.displayId },
      root,
    );
  }
  // The student solves the first problem in the bank (no training id) before opening the training.
  const token = await apiLogin(platform, STUDENT.username, STUDENT.password);
  const sub = await apiCall<{ submitId: number }>(
    platform,
    'POST',
    '/api/submit-problem-judge',
    { pid: PROBLEMS[0].problemId, language: 'C++', code: APLUSB_CPP, isRemote: false },
    token,
  );
  expect(await waitForVerdict(token, sub.submitId)).toBe(0);
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

async function studentPage(viewport?: { width: number; height: number }): Promise<Page> {
  const t = await newPage(viewport);
  await t.page.goto('/');
  await uiLogin(t.page, STUDENT.username, STUDENT.password);
  await t.page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
  return t.page;
}

describe('counts that agree (item 8)', () => {
  it('a training shows its own progress and the problems solved anywhere, each with its rule', async () => {
    const page = await studentPage();
    await page.goto(`/training/${tid}`);
    const inside = page.getByTestId('training-detail-progress');
    await inside.waitFor({ timeout: UI_WAIT_MS });
    expect(await inside.textContent()).toContain('本训练中通过 0/2');
    expect(await page.getByTestId('training-detail-bank-progress').textContent()).toContain('题库中已解决 1/2');
    await page.getByTestId('training-problems-tab').click();
    await page.getByTestId('training-problem-list').getByText('进度和排行榜只统计在本训练中的提交', { exact: false }).waitFor();
    await page.getByTestId('training-problem-status-C1').getByTestId('solved-elsewhere').waitFor();
    expect(await page.getByTestId('training-problem-status-C2').getByTestId('solved-elsewhere').count()).toBe(0);
    await screenshot(page, 'training-both-counts');

    await page.goto('/training');
    const row = page.locator('.ant-table-row').filter({ hasText: 'Counted training' });
    expect(await row.getByTestId('training-progress-counts').textContent()).toContain('0/2');
    expect(await row.getByTestId('training-progress-bank').textContent()).toContain('1/2');
  });

  it("the user home's total and its calendar count the same submissions", async () => {
    const page = await studentPage();
    await page.goto(`/user-home?username=${STUDENT.username}`);
    await page.getByTestId('user-home').waitFor({ timeout: UI_WAIT_MS });
    const total = page.locator('.ant-statistic').filter({ hasText: '提交' }).first();
    expect(await total.locator('.ant-statistic-content-value').textContent()).toBe('1');
    await page.getByTestId('user-home-count-rule').waitFor();
    const info = await apiCall<{ total: number; calendar: { dataList: { count: number }[] } }>(
      platform,
      'GET',
      `/api/get-user-home-info?username=${STUDENT.username}`,
    );
    expect(info.calendar.dataList.reduce((n, d) => n + d.count, 0)).toBe(info.total);
  });
});

describe('words and layout (item 14)', () => {
  it('shows difficulty as a word and the seeded discussion categories in Chinese', async () => {
    const page = await studentPage();
    await page.goto('/problem');
    const tag = page.getByTestId('difficulty-tag').first();
    await tag.waitFor({ timeout: UI_WAIT_MS });
    // createProblem seeds difficulty 1
    expect(await tag.textContent()).toBe('简单');

    // Root: a student below the posting rule's AC count gets the editor disabled.
    const rootPage = (await newPage()).page;
    await rootPage.goto('/');
    await uiLogin(rootPage, 'root', ROOT_PASSWORD);
    await rootPage.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await rootPage.goto('/discussion');
    await rootPage.getByTestId('discussion-new').click();
    await rootPage.getByTestId('discussion-category').click();
    const options = rootPage.locator('.ant-select-item-option');
    await options.first().waitFor();
    const names = await options.allTextContents();
    expect(names).toEqual(expect.arrayContaining(['综合', '题解', '问答']));
    expect(names.filter((n) => ['General', 'Solutions', 'Questions'].includes(n))).toEqual([]);
  });

  it('has no empty first column in the problem list at 390 px', async () => {
    for (const signedIn of [false, true]) {
      const page = signedIn ? await studentPage({ width: 390, height: 844 }) : (await newPage({ width: 390, height: 844 })).page;
      await page.goto('/problem');
      await page.getByTestId('difficulty-tag').first().waitFor({ timeout: UI_WAIT_MS });
      const first = page.getByTestId('problem-list').locator('thead th').first();
      expect((await first.textContent())?.trim()).toBe('题号');
    }
  });

  it('selects exactly one admin menu entry per route', async () => {
    const { page } = await newPage();
    await adminLogin(page);
    for (const [path, name] of [
      ['/admin/contest/create', '创建比赛'],
      ['/admin/contest', '比赛列表'],
      ['/admin/problem/tag', '题目标签'],
      ['/admin/problems', '题目列表'],
    ]) {
      await page.goto(path);
      const selected = page.locator('.ant-pro-sider .ant-menu-item-selected');
      await selected.first().waitFor({ timeout: UI_WAIT_MS });
      expect(await selected.count()).toBe(1);
      expect(await selected.textContent()).toContain(name);
    }
  });

  it('says each create-group field rule once', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await uiLogin(page, 'root', ROOT_PASSWORD);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await page.goto('/group');
    await page.getByTestId('group-create').click();
    await page.getByTestId('group-create-submit').click();
    const form = page.getByTestId('group-create-form');
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    const perField = await form
      .locator('.ant-form-item')
      .evaluateAll((items) => items.map((i) => i.querySelectorAll('.ant-form-item-explain-error').length).filter((n) => n > 0));
    expect(perField.length).toBeGreaterThanOrEqual(4);
    expect(perField.every((n) => n === 1)).toBe(true);
  });

  it('ties every form label to its control', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await uiLogin(page, 'root', ROOT_PASSWORD);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    /** Labels of the page's form items that name nothing: no `for` to an element, and not a group's aria-labelledby. */
    const untied = (on: Page = page) =>
      on.locator('.ant-form-item-label > label').evaluateAll((labels) =>
        labels
          .filter((l) => {
            const target = l.getAttribute('for');
            if (target && document.getElementById(target)) return false;
            const named = [...l.querySelectorAll('[id]')].some((e) => document.querySelector(`[aria-labelledby~="${e.id}"]`));
            return !named;
          })
          .map((l) => l.textContent),
      );
    await page.goto('/setting');
    await page.getByRole('tab', { name: '邮箱' }).click();
    await page.getByTestId('email-form').waitFor({ timeout: UI_WAIT_MS });
    expect(await untied()).toEqual([]);
    await page.goto('/status');
    await page.getByTestId('status-list').waitFor({ timeout: UI_WAIT_MS });
    await page.getByRole('switch', { name: '只看自己' }).waitFor();

    const admin = (await newPage()).page;
    await adminLogin(admin);
    await admin.goto('/admin/problem/create');
    await admin.locator('#problem-problemId').waitFor({ timeout: UI_WAIT_MS });
    expect(await untied(admin)).toEqual([]);
    await admin.goto('/admin/switch');
    await admin.getByTestId('switch-openPublicDiscussion').waitFor({ timeout: UI_WAIT_MS });
    expect(await admin.getByTestId('switch-openPublicDiscussion').getAttribute('aria-label')).toBeTruthy();
  });
});
