/**
 * The admin's journey in the real app (issue 5 "Browser tests"): the admin area refuses a visitor with
 * the §6 text, root logs in at /admin/login, creates a problem with a test data zip, sees it in the
 * admin list and in the public list, edits it, and no page logs a console error.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import type { Page } from 'playwright-core';
import { ContestType } from '@oj/contracts';
import {
  Platform,
  TrackedPage,
  apiCall,
  createProblem,
  launchBrowser,
  rootToken,
  screenshot,
  startPlatform,
  uiLogin,
  UI_WAIT_MS,
} from './harness';
import { PageTracker, adminLogin, createUpcomingContest, storedZip } from './helpers';

const PROBLEM_ID = 'ADM1001';
const TITLE = 'Admin made A+B';
const EDITED_TITLE = 'Admin made A+B (edited)';
const CASES: [string, string][] = [
  ['1.in', '1 2\n'],
  ['1.out', '3\n'],
  ['2.in', '40 2\n'],
  ['2.out', '42\n'],
];

let platform: Platform;
let browser: Browser;
let judgeDir: string;
const pages = new PageTracker();

function newPage(): Promise<TrackedPage> {
  return pages.open(browser, platform);
}

beforeAll(async () => {
  // The sandboxed compiler must be able to enter the judge's folders, which the platform's private
  // (0700) data dir does not allow: give the judge an enterable folder of its own.
  judgeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-e2e-admin-judge-'));
  fs.chmodSync(judgeDir, 0o755);
  platform = await startPlatform({
    env: { JUDGE_WORK_DIR: path.join(judgeDir, 'work'), JUDGE_CACHE_DIR: path.join(judgeDir, 'cache') },
  });
  browser = await launchBrowser();
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
  if (judgeDir) fs.rmSync(judgeDir, { recursive: true, force: true });
});

/** Picks bank problems in the open "add from the bank" dialog's multiple select, by problem id. */
async function pickProblems(page: Page, problemIds: string[]): Promise<void> {
  const modal = page.locator('.ant-modal-content');
  for (const id of problemIds) {
    const chosen = modal.locator('.ant-select-selection-item', { hasText: id });
    for (let attempt = 1; ; attempt += 1) {
      await modal.locator('#pid').click();
      await modal.locator('#pid').fill(id);
      // The server's answer for this keyword is drawn: every option names it. Until then the list of the last
      // keyword (or of none) is on screen, and under load it was redrawn under the click (a CI run's pick missed).
      await page.waitForFunction(
        (text) => {
          const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
          return options.length > 0 && options.every((o) => (o.textContent ?? '').includes(text));
        },
        id,
        { timeout: UI_WAIT_MS },
      );
      await page.locator('.ant-select-item-option:visible', { hasText: id }).first().click();
      // The pick shows as a tag; a click that landed while the list was redrawn is made again, as a user would.
      if (
        await chosen.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      if (attempt === 3) throw new Error(`the problem select did not take ${id} in three picks`);
    }
  }
  // The select stays open for more picks; a click on the title closes it (Escape would close the dialog).
  await modal.locator('.ant-modal-title').click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached', timeout: 10_000 });
}

/** The display ids of a contest's problems, by problem id (as the admin API lists them). */
async function contestDisplayIds(cid: number): Promise<Record<string, string>> {
  const list = await apiCall<{
    problemList: { records: { id: number; problemId: string }[] };
    contestProblemMap: Record<string, { displayId: string }>;
  }>(platform, 'GET', `/api/admin/contest/get-problem-list?cid=${cid}&currentPage=1&limit=50`, undefined, await rootToken(platform));
  return Object.fromEntries(list.problemList.records.map((p) => [p.problemId, list.contestProblemMap[p.id]?.displayId]));
}

describe('the admin area', () => {
  it('sends a visitor without a token to /admin/login with "Please Login First!"', async () => {
    const t = await newPage();
    // The message is a toast shown for 3 s: record every toast from the page's start, so that a loaded machine, slow
    // between the redirect and the check, cannot miss it (a clean-clone CI run looked after it was gone).
    await t.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __toasts: string[] }).__toasts = seen;
      new MutationObserver(() =>
        document.querySelectorAll('.ant-message-notice').forEach((n) => {
          const text = n.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        }),
      ).observe(document, { childList: true, subtree: true });
    });
    await t.page.goto('/admin/problems');
    await t.page.waitForURL('**/admin/login', { timeout: UI_WAIT_MS });
    // zh-CN is the default language: the §6 text in Chinese.
    await t.page.waitForFunction(
      () => (window as unknown as { __toasts: string[] }).__toasts.some((s) => s.includes('请先登录！')),
      undefined,
      {
        timeout: UI_WAIT_MS,
      },
    );
    await t.page.locator('#admin-login-username').waitFor();
    await screenshot(t.page, 'admin-login');
    expect(t.errors).toEqual([]);
  });

  it('lets root log in, create a problem with a test data zip, and see it in the admin and public lists', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.getByText('服务器状态').waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-dashboard');

    await page.goto('/admin/problem/create');
    await page.locator('#problem-problemId').fill(PROBLEM_ID);
    await page.locator('#problem-title').fill(TITLE);
    await page.locator('#problem-description').fill('Print the sum of two integers.');
    await page
      .locator('.ant-upload input[type="file"][accept=".zip"]')
      .setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer: storedZip(CASES) });
    const caseTable = page.getByTestId('case-table');
    await caseTable.getByText('2.in', { exact: true }).waitFor({ timeout: UI_WAIT_MS });
    expect(await caseTable.locator('tbody tr.ant-table-row').count()).toBe(2);
    await screenshot(page, 'admin-problem-create');
    await page.locator('#problem-submit').click();

    await page.waitForURL('**/admin/problems', { timeout: UI_WAIT_MS });
    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE });
    await row.waitFor({ timeout: UI_WAIT_MS });
    expect(await row.textContent()).toContain(PROBLEM_ID);
    await screenshot(page, 'admin-problems');

    // The server stored the two uploaded cases.
    const token = await rootToken(platform);
    const list = await apiCall<{ records: { id: number; problemId: string }[] }>(
      platform,
      'GET',
      '/api/admin/problem/get-problem-list?currentPage=1&limit=10',
      undefined,
      token,
    );
    const created = list.records.find((p) => p.problemId === PROBLEM_ID);
    expect(created).toBeDefined();
    const cases = await apiCall<{ input: string; output: string }[]>(
      platform,
      'GET',
      `/api/admin/problem/get-problem-cases?pid=${created!.id}`,
      undefined,
      token,
    );
    // Stored under the problem's data folder: compare the file names.
    const fileName = (name: string) => name.split('/').pop();
    expect(cases.map((c) => [fileName(c.input), fileName(c.output)])).toEqual([
      ['1.in', '1.out'],
      ['2.in', '2.out'],
    ]);

    // A visitor's problem list shows it.
    const visitor = await newPage();
    await visitor.page.goto('/problem');
    await visitor.page.getByText(TITLE).first().waitFor({ timeout: 60_000 });
    await screenshot(visitor.page, 'public-problem-list-with-admin-problem');
    expect(visitor.errors).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('says why a test data zip is refused: a name without its partner, no pairs, not a zip (issue 37 item 10)', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto('/admin/problem/create');
    const input = page.locator('.ant-upload input[type="file"][accept=".zip"]');
    await input.waitFor({ state: 'attached', timeout: UI_WAIT_MS });
    const refusals: [Buffer, string][] = [
      [storedZip([CASES[0], CASES[2], CASES[3]]), '上传测试数据失败：1.in 缺少配对的输入或输出文件。'],
      [storedZip([['readme.md', 'no cases here']]), '上传测试数据失败：zip 中没有测试用例'],
      [Buffer.from('this is not a zip'), '上传测试数据失败：文件不是 zip 压缩包。'],
    ];
    for (const [buffer, text] of refusals) {
      await input.setInputFiles({ name: 'cases.zip', mimeType: 'application/zip', buffer });
      const toast = page.locator('.ant-message-notice', { hasText: text });
      await toast.waitFor({ timeout: UI_WAIT_MS });
      // One toast per refusal: the client's generic one is not shown beside the editor's.
      expect(await page.locator('.ant-message-notice', { hasText: '上传测试数据失败' }).count()).toBe(1);
      await toast.waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    }
    await screenshot(page, 'admin-testcase-zip-refused');
    expect(await page.getByTestId('case-table').locator('tbody tr.ant-table-row').count()).toBe(0);
    // The browser logs each refused request (400); nothing else may go wrong.
    expect(t.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('edits the problem from the admin list and keeps its test data', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto('/admin/problems');
    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE });
    await row.getByText('编辑').click();
    await page.waitForURL('**/admin/problem/edit/**', { timeout: UI_WAIT_MS });
    const title = page.locator('#problem-title');
    await title.waitFor({ timeout: UI_WAIT_MS });
    expect(await title.inputValue()).toBe(TITLE);
    // The stored cases are listed, not lost.
    await page.getByTestId('case-table').getByText('2.out', { exact: true }).waitFor({ timeout: UI_WAIT_MS });
    await title.fill(EDITED_TITLE);
    await page.locator('#problem-submit').click();
    await page.waitForURL('**/admin/problems', { timeout: UI_WAIT_MS });
    await page.locator('.ant-table-tbody tr', { hasText: EDITED_TITLE }).waitFor({ timeout: UI_WAIT_MS });

    const token = await rootToken(platform);
    const list = await apiCall<{ records: { id: number; title: string }[] }>(
      platform,
      'GET',
      `/api/admin/problem/get-problem-list?currentPage=1&limit=10&keyword=${PROBLEM_ID}`,
      undefined,
      token,
    );
    expect(list.records.map((p) => p.title)).toEqual([EDITED_TITLE]);
    const cases = await apiCall<unknown[]>(
      platform,
      'GET',
      `/api/admin/problem/get-problem-cases?pid=${list.records[0].id}`,
      undefined,
      token,
    );
    expect(cases).toHaveLength(2);
    expect(t.errors).toEqual([]);
  });

  it('checks special judge code in the monaco editor with the compile button', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto('/admin/problem/create');
    await page.getByText('特殊判题', { exact: true }).click();
    await page.locator('#spjLanguage').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option').first().click();
    const editor = page.getByTestId('spj-editor').locator('.monaco-editor');
    await editor.waitFor({ timeout: 60_000 });

    // Broken code: the compile error dialog shows the spec text.
    await editor.click();
    await page.keyboard.insertText('int main( { return 0 }');
    await page.getByTestId('judge-compile').click();
    const failure = page.getByTestId('compile-error');
    await failure.waitFor({ timeout: 120_000 });
    const failureText = (await failure.textContent()) ?? '';
    expect(failureText).toContain('特殊判题程序编译失败！');
    // and below it the compiler's own complaint
    expect(failureText).toMatch(/error/);
    await page.locator('.ant-modal-confirm-btns button').click();
    await failure.waitFor({ state: 'detached', timeout: 10_000 });

    // Fixed code compiles.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('int main(void) { return 0; }\n');
    await page.getByTestId('judge-compile').click();
    await page.getByTestId('judge-compiled').or(failure).first().waitFor({ timeout: 120_000 });
    await screenshot(page, 'admin-problem-special-judge');
    expect((await failure.count()) ? await failure.textContent() : '').toBe('');
    // The failed compile answered 400: the browser logs that request, nothing else may be logged.
    expect(t.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
  it('closes and reopens registration from Config → Account, which shows the account rules in force', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto('/admin/conf');
    const card = page.getByTestId('account-config');
    await card.getByText('登录失败 5 次后').waitFor({ timeout: UI_WAIT_MS });
    await card.getByText('60 秒').waitFor();
    const register = page.getByTestId('account-register');
    expect(await register.getAttribute('aria-checked')).toBe('true');
    await register.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="account-register"]')?.getAttribute('aria-checked') === 'false');
    await screenshot(page, 'admin-conf-account');
    const closed = await apiCall<{ register: boolean }>(platform, 'GET', '/api/get-website-config');
    expect(closed.register).toBe(false);

    await register.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="account-register"]')?.getAttribute('aria-checked') === 'true');
    expect((await apiCall<{ register: boolean }>(platform, 'GET', '/api/get-website-config')).register).toBe(true);
    expect(t.errors).toEqual([]);
  });

  it('sends a signed-in student who opens /admin/ home with the reason, still signed in (issue 37 item 15)', async () => {
    const student = { username: 'student_adm', password: 'student-pass1' };
    await apiCall(
      platform,
      'POST',
      '/api/admin/user/insert-batch-user',
      { users: [[student.username, student.password, 'student_adm@example.com']] },
      await rootToken(platform),
    );
    const t = await newPage();
    const { page } = t;
    await page.goto('/home');
    await uiLogin(page, student.username, student.password);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await page.goto('/admin/');
    await page.waitForURL((url) => url.pathname === '/home', { timeout: UI_WAIT_MS });
    await page.locator('.ant-message-notice', { hasText: '对不起，您没有登录管理后台的权限。' }).waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-refused-student');
    // The session is the one from before: the site still shows the student, not the login button.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect(await page.getByTestId('nav-login').count()).toBe(0);
    await page.reload();
    await page.getByTestId('message-menu').waitFor({ timeout: UI_WAIT_MS });
    expect(await page.getByTestId('nav-login').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });
  it('previews each statement field as Markdown with KaTeX beside it, sanitized (issue 37 item 11)', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto('/admin/problem/create');
    const description = page.locator('#problem-description');
    await description.fill('Print $x^2$ for **each** $x$.');
    const preview = page.getByTestId('problem-description-preview');
    await preview.locator('.katex').first().waitFor({ timeout: UI_WAIT_MS });
    expect(await preview.locator('.katex').count()).toBe(2);
    expect(await preview.locator('strong').textContent()).toBe('each');
    // The label names the text area (it is the field's control).
    expect(await page.locator('label[for="problem-description"]').textContent()).toBe('题目描述');

    // Every statement field has its preview; markup that runs script is removed as on the problem page.
    await page.locator('#problem-input').fill('One integer $n$ ($1 \\le n \\le 10^9$).');
    await page.getByTestId('problem-input-preview').locator('.katex').first().waitFor({ timeout: UI_WAIT_MS });
    await page.locator('#problem-output').fill('*The* answer.');
    await page.getByTestId('problem-output-preview').locator('em', { hasText: 'The' }).waitFor({ timeout: UI_WAIT_MS });
    await page.locator('#problem-hint').fill('<img src="x" onerror="window.__hintXss = 1"> $$\\sum_{i=1}^n i$$');
    const hint = page.getByTestId('problem-hint-preview');
    await hint.locator('.katex-display').waitFor({ timeout: UI_WAIT_MS });
    expect(await hint.locator('img').getAttribute('onerror')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __hintXss?: number }).__hintXss)).toBeUndefined();
    await screenshot(page, 'admin-problem-markdown-preview');

    // Typing on updates the preview.
    await description.fill('Now $y_1$ only.');
    await preview.getByText('only.', { exact: false }).waitFor({ timeout: UI_WAIT_MS });
    expect(await preview.locator('.katex').count()).toBe(1);
    // The browser may log the broken picture's request, and the site's CSP refusing the handler while DOMPurify
    // parses the text in its own detached document (Chromium reports it there; nothing runs even without CSP).
    expect(t.errors.filter((e) => !/status of 404|Executing inline event handler/.test(e))).toEqual([]);
  });

  it('adds three bank problems to a contest and to an exam in one action, and says which failed and why (issue 37 item 11)', async () => {
    const ids = ['BLK1', 'BLK2', 'BLK3', 'BLK4', 'BLK5'];
    for (const problemId of ids) {
      await createProblem(platform, { problemId, title: `Bulk ${problemId}`, cases: [{ input: '1 2\n', output: '3\n' }] });
    }
    const root = await rootToken(platform);
    const bank = await apiCall<{ records: { id: number; problemId: string }[] }>(
      platform,
      'GET',
      '/api/admin/problem/get-problem-list?currentPage=1&limit=50&keyword=BLK',
      undefined,
      root,
    );
    const pidOf = (problemId: string) => bank.records.find((p) => p.problemId === problemId)!.id;
    const cid = await createUpcomingContest(platform, root, 'Bulk add round');
    await apiCall(platform, 'POST', '/api/admin/contest/add-problem-from-public', { cid, pid: pidOf('BLK1'), displayId: 'A' }, root);

    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto(`/admin/contest/${cid}/problems`);
    await page.locator('.ant-table-row', { hasText: 'BLK1' }).waitFor({ timeout: UI_WAIT_MS });
    await page.getByTestId('admin-contest-add-problem').click();
    const modal = page.locator('.ant-modal-content');
    // The first free display id after the contest's A.
    await page.waitForFunction(() => (document.querySelector('#displayId') as HTMLInputElement | null)?.value === 'B', undefined, {
      timeout: UI_WAIT_MS,
    });
    await pickProblems(page, ['BLK2', 'BLK3', 'BLK4']);
    await modal.getByText('依次使用展示编号：B、C、D').waitFor();
    await screenshot(page, 'admin-contest-add-several');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-notice', { hasText: '已添加 3 道题目' }).waitFor({ timeout: UI_WAIT_MS });
    await modal.waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    for (const id of ['BLK2', 'BLK3', 'BLK4']) await page.locator('.ant-table-row', { hasText: id }).waitFor({ timeout: UI_WAIT_MS });
    expect(await contestDisplayIds(cid)).toEqual({ BLK1: 'A', BLK2: 'B', BLK3: 'C', BLK4: 'D' });

    // One already in the contest, one not: the new one is added, the other listed with the server's reason.
    await page.getByTestId('admin-contest-add-problem').click();
    await page.waitForFunction(() => (document.querySelector('#displayId') as HTMLInputElement | null)?.value === 'E', undefined, {
      timeout: UI_WAIT_MS,
    });
    await pickProblems(page, ['BLK5', 'BLK1']);
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const failures = modal.getByTestId('bulk-add-failures');
    await failures.waitFor({ timeout: UI_WAIT_MS });
    expect(await failures.textContent()).toContain('1 道题目未能添加');
    expect(await failures.textContent()).toContain('BLK1 Bulk BLK1（展示编号 F）：该题目已在比赛中。');
    await screenshot(page, 'admin-contest-add-failed');
    // The refused one stays chosen; the other was added.
    expect(await modal.locator('.ant-select-selection-item', { hasText: 'BLK1' }).count()).toBe(1);
    expect(await modal.locator('.ant-select-selection-item', { hasText: 'BLK5' }).count()).toBe(0);
    await page.locator('.ant-table-row', { hasText: 'BLK5' }).waitFor({ timeout: UI_WAIT_MS });
    expect((await contestDisplayIds(cid)).BLK5).toBe('E');
    // Only the dialog's list tells the reason: no toast repeats it.
    expect(await page.locator('.ant-message-notice', { hasText: '该题目已在比赛中' }).count()).toBe(0);
    await modal.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    // An exam: three at once, P1..P3, the score given to each.
    const now = Date.now();
    const eid = (
      await apiCall<{ id: number }>(
        platform,
        'POST',
        '/api/admin/exam',
        {
          title: 'Bulk add exam',
          description: 'rules',
          type: ContestType.OI,
          auth: 0,
          startTime: new Date(now + 3600_000).toISOString(),
          endTime: new Date(now + 7200_000).toISOString(),
          realScore: false,
          autoRealScore: true,
        },
        root,
      )
    ).id;
    await page.goto(`/admin/exam/${eid}/problems`);
    await page.getByTestId('admin-exam-add-problem').click();
    await page.waitForFunction(() => (document.querySelector('#displayId') as HTMLInputElement | null)?.value === 'P1', undefined, {
      timeout: UI_WAIT_MS,
    });
    await pickProblems(page, ['BLK2', 'BLK3', 'BLK4']);
    await modal.locator('#score').fill('30');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-notice', { hasText: '已添加 3 道题目' }).first().waitFor({ timeout: UI_WAIT_MS });
    for (const id of ['P1', 'P2', 'P3']) await page.locator('.ant-table-row', { hasText: id }).first().waitFor({ timeout: UI_WAIT_MS });
    type ExamRow = { pid: number; displayId: string; score: number };
    const listed = await apiCall<ExamRow[] | { records: ExamRow[] }>(
      platform,
      'GET',
      `/api/admin/exam/get-problem-list?eid=${eid}`,
      undefined,
      root,
    );
    const examProblems = Array.isArray(listed) ? listed : listed.records;
    expect(examProblems.map((p) => [p.displayId, p.pid, p.score]).sort()).toEqual([
      ['P1', pidOf('BLK2'), 30],
      ['P2', pidOf('BLK3'), 30],
      ['P3', pidOf('BLK4'), 30],
    ]);
    await screenshot(page, 'admin-exam-add-several');
    // the refused add answered 400: the browser logs that request, nothing else may be logged
    expect(t.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
