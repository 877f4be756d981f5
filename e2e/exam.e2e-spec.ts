/**
 * Exams in the real app (issue 14 "Browser"): a teacher (root) builds an exam in the admin screens with one
 * question of each type (written in place) and one programming problem from the bank; a student sits it on a
 * 390 px wide phone screen, reloads mid-exam and finds the answers kept, solves the problem; the exam ends; the
 * teacher marks the answer question beside the reference answer; the student sees the total in their paper.
 */
import type { Browser, Page } from 'playwright-core';
import {
  Platform,
  apiCall,
  apiLogin,
  createProblem,
  judgeLanguages,
  launchBrowser,
  rootToken,
  screenshot,
  startPlatform,
  typeIntoEditor,
  uiLogin,
  updateSwitches,
  UI_WAIT_MS,
} from './harness';
import { APLUSB_CPP, PageTracker, adminLogin } from './helpers';

const PROBLEM_ID = 'EXAM1001';
const PROBLEM_TITLE = 'Exam A plus B';
const TITLE = 'E2E Phone Exam';
const STUDENT = { username: 'examinee1', password: 'examinee-pass1' };
const PHONE = { width: 390, height: 844 };
/** Scores: choice 10, judge 10, blank 10, answer 20 (marked 15), problem 100 → 145. */
const MARKED = 15;
const TOTAL = 10 + 10 + 10 + MARKED + 100;

/** The fields of the exam calls this suite reads (contracts' ExamInfo, ExamPaper). */
interface ExamInfo {
  id: number;
  title: string;
  description: string;
  type: number;
  auth: number;
  startTime: string;
  endTime: string;
  realScore: boolean;
  autoRealScore: boolean;
  rankScoreType: string;
  rankShowName: string;
  visible: boolean;
  questionCount: number;
  problemCount: number;
  totalScore: number;
}
interface ExamPaper {
  username: string;
  totalScore: number | null;
  marked: boolean;
}

let platform: Platform;
let browser: Browser;
let eid = 0;
const pages = new PageTracker();

const pad = (n: number) => String(n).padStart(2, '0');
const pickerText = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

async function pickDate(page: Page, id: string, d: Date): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(pickerText(d));
  await page.keyboard.press('Enter');
}

/** No horizontal scrolling: the page is no wider than the screen. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** Writes a question in place from the exam's question page (the create dialog). */
async function createQuestionInPlace(
  page: Page,
  q: { displayId: string; score: number; type: number; description: string },
  fill: (modal: ReturnType<Page['locator']>) => Promise<void>,
) {
  await page.getByTestId('admin-exam-create-question').click();
  const modal = page.locator('.ant-modal-content').last();
  await modal.waitFor();
  await modal.getByTestId('exam-question-display-id').fill(q.displayId);
  await modal.getByTestId('exam-question-score').fill(String(q.score));
  await modal.getByTestId(`question-type-${q.type}`).click();
  await modal.getByTestId('question-description').fill(q.description);
  await fill(modal);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await modal.waitFor({ state: 'hidden', timeout: UI_WAIT_MS });
  await page.locator('.ant-table-row').filter({ hasText: q.description }).first().waitFor({ timeout: UI_WAIT_MS });
}

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  await createProblem(platform, { problemId: PROBLEM_ID, title: PROBLEM_TITLE, cases: [{ input: '1 2\n', output: '3\n' }] });
  const root = await rootToken(platform);
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: [[STUDENT.username, STUDENT.password, 'examinee1@example.com']] },
    root,
  );
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

describe('an exam of questions and a programming problem', () => {
  it('is built by the teacher in the admin screens: one question of each type and a bank problem', async () => {
    const t = await pages.open(browser, platform);
    const { page } = t;
    await adminLogin(page);

    await page.goto('/admin/exam/create');
    await page.getByTestId('admin-exam-title').fill(TITLE);
    const start = new Date(Date.now() - 60_000);
    await pickDate(page, 'startTime', start);
    await pickDate(page, 'endTime', new Date(Date.now() + 3 * 3600_000));
    await page.getByTestId('admin-exam-save').click();
    await page.waitForURL(/\/admin\/exam\/\d+\/questions$/, { timeout: UI_WAIT_MS });
    eid = Number(/\/admin\/exam\/(\d+)\/questions/.exec(page.url())![1]);
    expect(eid).toBeGreaterThan(0);

    await createQuestionInPlace(page, { displayId: 'Q1', score: 10, type: 1, description: 'Which is a prime number?' }, async (modal) => {
      await modal.getByTestId('choice-content-0').fill('4');
      await modal.getByTestId('choice-content-1').fill('7');
      await modal.locator('#choices_1_status').check();
    });
    await createQuestionInPlace(page, { displayId: 'Q2', score: 10, type: 2, description: 'The sun rises in the east.' }, async (modal) => {
      await modal.getByTestId('judge-answer-true').click();
    });
    await createQuestionInPlace(page, { displayId: 'Q3', score: 10, type: 3, description: 'Two plus two is ___.' }, async (modal) => {
      const blank = modal.locator('#blanks_0_alternatives');
      await blank.click();
      await blank.fill('4');
      await page.keyboard.press('Enter');
      await blank.fill('four');
      await page.keyboard.press('Enter');
      // Escape leaves the answers input without closing the dialog and losing what was typed (issue 37 item 11).
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
      expect(await modal.isVisible()).toBe(true);
      expect(await modal.getByTestId('question-description').inputValue()).toBe('Two plus two is ___.');
    });
    await createQuestionInPlace(
      page,
      { displayId: 'Q4', score: 20, type: 4, description: 'Explain what a compiler does.' },
      async (modal) => {
        await modal.getByTestId('reference-answer').fill('It translates source code into machine code.');
      },
    );
    await screenshot(page, 'admin-exam-questions');
    // Each row's two dialogs have two names, not "编辑" twice (issue 37 item 14).
    const row = page.locator('.ant-table-row').filter({ hasText: 'Explain what a compiler does.' }).first();
    expect(await row.getByText('编辑分值', { exact: true }).count()).toBe(1);
    expect(await row.getByText('编辑题目', { exact: true }).count()).toBe(1);
    expect(await row.getByText('编辑', { exact: true }).count()).toBe(0);

    await page.goto(`/admin/exam/${eid}/problems`);
    await page.getByTestId('admin-exam-add-problem').click();
    const modal = page.locator('.ant-modal-content');
    await modal.locator('#pid').click();
    await modal.locator('#pid').fill(PROBLEM_ID);
    await page.locator('.ant-select-item-option').filter({ hasText: PROBLEM_ID }).first().click();
    // The bank select takes several problems and stays open: a click on the title closes it.
    await modal.locator('.ant-modal-title').click();
    await modal.locator('#displayId').fill('P1');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-table-row').filter({ hasText: 'P1' }).first().waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-exam-problems');

    const info = await apiCall<ExamInfo>(platform, 'GET', `/api/get-exam-info?eid=${eid}`, undefined, await rootToken(platform));
    expect(info.questionCount).toBe(4);
    expect(info.problemCount).toBe(1);
    expect(info.totalScore).toBe(150);
    expect(t.errors).toEqual([]);
  });

  it('is sat by a student on a phone: answers kept over a reload, the problem solved', async () => {
    const languages = await judgeLanguages(platform);
    const cpp = languages.find((l) => /^C\+\+/.test(l)) as string;
    const t = await pages.open(browser, platform, PHONE);
    const { page } = t;
    await page.goto('/home');
    await uiLogin(page, STUDENT.username, STUDENT.password);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });

    await page.goto('/exam');
    const row = page.locator(`[data-testid="exam-row"][data-eid="${eid}"]`);
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getByTestId('contest-status').getAttribute('data-status')).toBe('0');
    await expectNoSideScroll(page);
    await screenshot(page, 'exam-list-phone');
    await row.getByTestId('exam-link').click();
    await page.getByTestId('exam-home').waitFor({ timeout: 60_000 });
    await page.getByTestId('exam-menu-question').click();
    await page.getByTestId('question-strip').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('strip-item').count()).toBe(4);
    expect(await page.getByTestId('answered-count').getAttribute('data-answered')).toBe('0');

    await page.locator('[data-testid="question-view"][data-type="1"]').waitFor();
    await page.getByTestId('choice-B').click();
    await expectNoSideScroll(page);
    await screenshot(page, 'exam-choice-phone');
    await page.getByTestId('question-next').click();
    await page.locator('[data-testid="question-view"][data-type="2"]').waitFor();
    await page.getByTestId('judge-true').click();
    await page.getByTestId('question-next').click();
    await page.locator('[data-testid="question-view"][data-type="3"]').waitFor();
    await page.getByTestId('blank-0').fill('Four');
    await page.getByTestId('question-next').click();
    await page.locator('[data-testid="question-view"][data-type="4"]').waitFor();
    await page.getByTestId('answer-text').fill('A compiler translates a program into machine code.');
    await page.locator('[data-testid="answered-count"][data-answered="4"]').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'exam-answer-phone');

    // reload at once: the last answer may not have reached the server yet; the device kept it
    await page.reload();
    await page.locator('[data-testid="answered-count"][data-answered="4"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('answer-text').inputValue()).toBe('A compiler translates a program into machine code.');
    await page.locator('[data-testid="strip-item"]').nth(0).click();
    await page.locator('[data-testid="question-view"][data-type="1"]').waitFor();
    expect(
      await page
        .locator('.ant-radio-wrapper-checked')
        .filter({ has: page.getByTestId('choice-B') })
        .count(),
    ).toBe(1);
    await page.locator('[data-testid="strip-item"]').nth(2).click();
    expect(await page.getByTestId('blank-0').inputValue()).toBe('Four');
    await page.locator('[data-testid="save-state"][data-state="idle"]').waitFor({ timeout: UI_WAIT_MS });

    // the server has every answer
    const token = await apiLogin(platform, STUDENT.username, STUDENT.password);
    const questions = await apiCall<{ questionId: number; type: number; myAnswer: string | null }[]>(
      platform,
      'GET',
      `/api/get-exam-question-list?eid=${eid}`,
      undefined,
      token,
    );
    expect(Object.fromEntries(questions.map((q) => [q.type, q.myAnswer]))).toEqual({
      1: 'B',
      2: 'true',
      3: '["Four"]',
      4: 'A compiler translates a program into machine code.',
    });

    await page.getByTestId('exam-menu-problem').click();
    await page.getByTestId('exam-problem-row').first().locator('a').click();
    await page.getByTestId('submit-panel').waitFor({ timeout: 120_000 });
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: cpp }).first().click();
    await typeIntoEditor(page, APLUSB_CPP);
    await page.getByTestId('submit-code').click();
    const verdict = page.locator('[data-testid="submit-result"][data-final="true"]');
    await verdict.waitFor({ timeout: 120_000 });
    expect(await verdict.getAttribute('data-status')).toBe('0');
    await screenshot(page, 'exam-problem-phone');
    expect(t.errors).toEqual([]);
  });

  it('ends; the teacher marks the answer question; the student sees the total', async () => {
    // end the exam now (setup, not under test): the admin API moves its end time
    const root = await rootToken(platform);
    const e = await apiCall<ExamInfo & { pwd?: string | null }>(platform, 'GET', `/api/admin/exam?eid=${eid}`, undefined, root);
    const body = {
      id: e.id,
      title: e.title,
      description: e.description,
      type: e.type,
      auth: e.auth,
      pwd: e.pwd ?? null,
      startTime: e.startTime,
      endTime: new Date(Date.now() + 3000).toISOString(),
      realScore: e.realScore,
      autoRealScore: e.autoRealScore,
      rankScoreType: e.rankScoreType,
      rankShowName: e.rankShowName,
      visible: e.visible,
    };
    await apiCall(platform, 'PUT', '/api/admin/exam', body, root);
    await new Promise((r) => setTimeout(r, 4000));

    const student = await pages.open(browser, platform, PHONE);
    await student.page.goto('/home');
    await uiLogin(student.page, STUDENT.username, STUDENT.password);
    await student.page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await student.page.goto(`/exam/${eid}/question`);
    await student.page.getByTestId('answer-disabled').waitFor({ timeout: 60_000 });

    const t = await pages.open(browser, platform);
    const { page } = t;
    await adminLogin(page);
    await page.goto(`/admin/exam/${eid}/marking`);
    await page.getByTestId('marking-score-all').click();
    // as a teacher does: the save button spins while every paper is scored, so wait for the answer first
    await page.locator('.ant-message-notice', { hasText: '份试卷' }).waitFor({ timeout: UI_WAIT_MS });
    const candidate = page.locator(`[data-testid="marking-candidate"][data-username="${STUDENT.username}"]`);
    await candidate.waitFor({ timeout: UI_WAIT_MS });
    await candidate.click();
    await page.getByTestId('marking-paper').waitFor();
    const answerItem = page.getByTestId('marking-item').filter({ hasText: 'Explain what a compiler does.' });
    expect(await answerItem.getByTestId('marking-answer').textContent()).toContain('A compiler translates');
    expect(await answerItem.textContent()).toContain('It translates source code into machine code.');
    await answerItem.getByTestId('marking-score').locator('input').fill(String(MARKED));
    await screenshot(page, 'admin-exam-marking');
    await page.getByTestId('marking-submit').click();
    await page.locator('.ant-message-notice', { hasText: '分数已保存' }).waitFor({ timeout: UI_WAIT_MS });
    await page
      .locator('[data-testid="marking-total"]')
      .filter({ hasText: String(TOTAL) })
      .waitFor({ timeout: UI_WAIT_MS });

    const papers = await apiCall<{ records: ExamPaper[] } | ExamPaper[]>(
      platform,
      'GET',
      `/api/get-exam-paper-list?eid=${eid}`,
      undefined,
      root,
    );
    const paper = (Array.isArray(papers) ? papers : papers.records).find((p) => p.username === STUDENT.username)!;
    expect(paper.totalScore).toBe(TOTAL);
    expect(paper.marked).toBe(true);

    await student.page.goto(`/exam/${eid}/my-paper`);
    await student.page.getByTestId('paper-view').waitFor({ timeout: 60_000 });
    await student.page
      .getByTestId('paper-total')
      .filter({ hasText: String(TOTAL) })
      .waitFor({ timeout: UI_WAIT_MS });
    expect(await student.page.getByTestId('paper-item').count()).toBe(5);
    await expectNoSideScroll(student.page);
    await screenshot(student.page, 'exam-my-paper-phone');
    expect(t.errors).toEqual([]);
    expect(student.errors).toEqual([]);
  });
});
