/**
 * Trainings in the real app (issue 13 "Browser"): an admin creates a private training in a new category with
 * two bank problems in the admin screens; a user finds it at /training, enters the password, solves one
 * problem in the editor (a real judge) and sees 1/2 and their rank row.
 */
import type { Browser } from 'playwright-core';
import {
  Platform,
  TrackedPage,
  apiCall,
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

const CATEGORY = 'E2E Basics';
const TITLE = 'E2E Private Loops';
const PASSWORD = 'loops-pass-7';
const USER = { username: 'trainee1', password: 'trainee-pass1' };
const PROBLEMS = [
  { problemId: 'TRN1001', title: 'Training sum one', displayId: 'T1' },
  { problemId: 'TRN1002', title: 'Training sum two', displayId: 'T2' },
];

let platform: Platform;
let browser: Browser;
let tid = 0;
const pages = new PageTracker();

function newPage(): Promise<TrackedPage> {
  return pages.open(browser, platform);
}

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  for (const p of PROBLEMS)
    await createProblem(platform, { problemId: p.problemId, title: p.title, cases: [{ input: '1 2\n', output: '3\n' }] });
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: [[USER.username, USER.password, 'trainee1@example.com']] },
    await rootToken(platform),
  );
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

describe('a private training', () => {
  it('is created by an admin in a new category with two problems from the bank', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);

    await page.goto('/admin/training/category');
    await page.getByTestId('admin-training-add-category').click();
    await page.locator('.ant-modal-content #name').fill(CATEGORY);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-table-row').filter({ hasText: CATEGORY }).first().waitFor({ timeout: UI_WAIT_MS });

    await page.goto('/admin/training/create');
    await page.locator('#title').fill(TITLE);
    await page.locator('#description').fill('Practise **loops** with $a+b$.');
    await page.locator('#categoryId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: CATEGORY }).first().click();
    await page.getByText('私有', { exact: true }).click();
    await page.locator('#privatePwd').fill(PASSWORD);
    await screenshot(page, 'admin-training-create');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL('**/admin/training/*/problems', { timeout: UI_WAIT_MS });
    tid = Number(/\/training\/(\d+)\/problems/.exec(page.url())![1]);
    expect(tid).toBeGreaterThan(0);

    for (const p of PROBLEMS) {
      await page.getByTestId('admin-training-add-problem').click();
      const modal = page.locator('.ant-modal-content');
      await modal.locator('#pid').click();
      await modal.locator('#pid').fill(p.problemId);
      await page.locator('.ant-select-item-option').filter({ hasText: p.problemId }).first().click();
      await modal.locator('#displayId').fill(p.displayId);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.locator('.ant-table-row').filter({ hasText: p.title }).first().waitFor({ timeout: UI_WAIT_MS });
      await modal.waitFor({ state: 'detached', timeout: UI_WAIT_MS }).catch(() => undefined);
    }
    await screenshot(page, 'admin-training-problems');
    const stored = await apiCall<{ training: { auth: string; title: string }; trainingCategory: { name: string } }>(
      platform,
      'GET',
      `/api/admin/training?tid=${tid}`,
      undefined,
      await rootToken(platform),
    );
    expect(stored.training).toMatchObject({ title: TITLE, auth: 'Private' });
    expect(stored.trainingCategory.name).toBe(CATEGORY);
    expect(t.errors).toEqual([]);
  });

  it('is found by a user, entered with its password, and one solved problem shows 1/2 and a rank row', async () => {
    const languages = await judgeLanguages(platform);
    const cpp = languages.find((l) => /^C\+\+/.test(l)) as string;
    const t = await newPage();
    const { page } = t;
    await page.goto('/home');
    await uiLogin(page, USER.username, USER.password);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });

    await page.goto('/training');
    await page.getByTestId('training-list').waitFor({ timeout: 60_000 });
    await page.getByTestId('training-category-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: CATEGORY }).first().click();
    const row = page.locator('.ant-table-row').filter({ hasText: TITLE }).first();
    await row.waitFor({ timeout: UI_WAIT_MS });
    expect(await row.getByTestId('training-progress').textContent()).toContain('0/2');
    await screenshot(page, 'training-list');
    await row.getByTestId('training-link').click();

    await page.getByTestId('training-password-form').waitFor({ timeout: UI_WAIT_MS });
    expect(await page.getByTestId('training-overview').locator('strong').textContent()).toBe('loops');
    await page.getByTestId('training-password').fill('wrong-one');
    await page.getByTestId('training-password-submit').click();
    // The server's TRAINING_ERR.wrongPassword, shown in the page's language by its msgCode (issue #21).
    await page.getByText('训练密码错误。').first().waitFor({ timeout: UI_WAIT_MS });
    await page.getByTestId('training-password').fill(PASSWORD);
    await page.getByTestId('training-password-submit').click();
    await page.getByTestId('training-password-form').waitFor({ state: 'detached', timeout: UI_WAIT_MS });

    await page.getByTestId('training-problems-tab').click();
    await page.getByTestId('training-problem-list').waitFor({ timeout: UI_WAIT_MS });
    await page.getByTestId('training-problem-link').first().click();
    await page.getByTestId('submit-panel').waitFor({ timeout: 120_000 });
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: cpp }).first().click();
    await typeIntoEditor(page, APLUSB_CPP);
    await page.getByTestId('submit-code').click();
    const verdict = page.locator('[data-testid="submit-result"][data-final="true"]');
    await verdict.waitFor({ timeout: 120_000 });
    expect(await verdict.getAttribute('data-status')).toBe('0');
    await screenshot(page, 'training-accepted');

    await page.getByTestId('training-problems-tab').click();
    await page
      .locator(`[data-testid="training-problem-status-${PROBLEMS[0].displayId}"][data-status="0"]`)
      .waitFor({ timeout: UI_WAIT_MS });
    await page.getByTestId('training-rank-tab').click();
    const rankRow = page.getByTestId(`training-rank-row-${USER.username}`);
    await rankRow.waitFor({ timeout: UI_WAIT_MS });
    expect(await rankRow.getByTestId('training-rank-ac').textContent()).toBe('1');
    await screenshot(page, 'training-rank');

    await page.goto('/training');
    const listed = page.locator('.ant-table-row').filter({ hasText: TITLE }).first();
    await listed.waitFor({ timeout: UI_WAIT_MS });
    expect(await listed.getByTestId('training-progress').textContent()).toContain('1/2');
    // The browser logs the refused wrong password (HTTP 400); nothing else went wrong.
    expect(t.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
