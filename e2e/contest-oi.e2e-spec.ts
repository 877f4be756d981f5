/**
 * OI contests show scores (issue 37 item 7), in the real app with a real judge: an OI problem of two cases (50 points
 * each) in an OI contest sealed for its whole length.
 * - the problem page: the verdict with its score ("部分通过 50 分") and a link to the submission, also after a reload;
 * - the submission's pages (the contest's and /status/:id): a score column for every OI try, 0 on failed cases;
 * - the contest's submission list seen by another user under the seal: "--" as the hidden try's score, not 0;
 * - the OI board seen by another user: the hidden tries' cell marked "?" OI's way, never ACM's "+1?".
 */
import type { Browser } from 'playwright-core';
import {
  Platform,
  TrackedPage,
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
import { PageTracker } from './helpers';

const PROBLEM_ID = 'OIV1001';
const ALICE = { username: 'oi_alice', password: 'oi-alice-pass1' };
const BOB = { username: 'oi_bob', password: 'oi-bob-pass1' };
/** Right on the first case (1 2 → 3) only: the second (5 5 → 10) gets 0. */
const HALF_RIGHT = `#include <iostream>
int main() {
long long a, b;
std::cin >> a >> b;
std::cout << (a == 1 ? a + b : 0) << std::endl;
return 0;
}
`;
const ALL_WRONG = `#include <iostream>
int main() { std::cout << -1 << std::endl; return 0; }
`;

let platform: Platform;
let browser: Browser;
let cid = 0;
let cpp = '';
const pages = new PageTracker();

async function signedIn(user: { username: string; password: string }): Promise<TrackedPage> {
  const t = await pages.open(browser, platform);
  await t.page.goto('/home');
  await uiLogin(t.page, user.username, user.password);
  await t.page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
  return t;
}

/** A contest try sent through the API, waited for until judged (setup, not under test). */
async function judgedTry(token: string, code: string): Promise<number> {
  const sent = await apiCall<{ submitId: number }>(
    platform,
    'POST',
    '/api/submit-problem-judge',
    { pid: 'A', cid, language: cpp, code, isRemote: false },
    token,
  );
  for (let i = 0; i < 120; i++) {
    const d = await apiCall<{ submission: { status: number } }>(
      platform,
      'GET',
      `/api/get-submission-detail?submitId=${sent.submitId}`,
      undefined,
      token,
    );
    if (![5, 6, 7, 9].includes(d.submission.status)) return sent.submitId;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`submission ${sent.submitId} was not judged`);
}

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  cpp = (await judgeLanguages(platform)).find((l) => /^C\+\+/.test(l)) as string;
  await createProblem(platform, {
    problemId: PROBLEM_ID,
    title: 'OI half sum',
    type: 1,
    cases: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 5\n', output: '10\n' },
    ],
  });
  const root = await rootToken(platform);
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    {
      users: [
        [ALICE.username, ALICE.password, 'oi_alice@example.com'],
        [BOB.username, BOB.password, 'oi_bob@example.com'],
      ],
    },
    root,
  );
  const problem = await apiCall<{ problem: { id: number } }>(
    platform,
    'GET',
    `/api/get-problem-detail?problemId=${PROBLEM_ID}`,
    undefined,
    root,
  );
  const created = await apiCall<{ id: number }>(
    platform,
    'POST',
    '/api/admin/contest',
    {
      title: 'E2E OI Cup',
      description: 'OI rules',
      type: 1,
      auth: 0,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
      sealRank: true,
      sealMode: 'whole',
      afterEndSeal: 'autoUnseal',
      starAccount: [],
      openPrint: false,
    },
    root,
  );
  cid = created.id;
  await apiCall(
    platform,
    'POST',
    '/api/admin/contest/add-problem-from-public',
    { cid, pid: problem.problem.id, displayId: 'A', color: '#1677ff' },
    root,
  );
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

describe('an OI contest', () => {
  let partialId = 0;
  let wrongId = 0;

  it("shows the contestant's verdict with its score and a link to it on the problem page, also after a reload", async () => {
    const t = await signedIn(ALICE);
    const { page } = t;
    await page.goto(`/contest/${cid}/problem/A`);
    await page.getByTestId('submit-panel').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('latest-submission').count()).toBe(0);
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: cpp }).first().click();
    await typeIntoEditor(page, HALF_RIGHT);
    await page.getByTestId('submit-code').click();
    const verdict = page.locator('[data-testid="submit-result"][data-final="true"]');
    await verdict.waitFor({ timeout: 120_000 });
    expect(await verdict.getAttribute('data-status')).toBe('8');
    partialId = Number(await verdict.getAttribute('data-submit-id'));
    expect(await verdict.getByTestId('submit-score').textContent()).toBe('50 分');
    expect(await verdict.textContent()).toContain('部分通过');
    expect(await verdict.getByTestId('submission-link').getAttribute('href')).toBe(`/contest/${cid}/submission/${partialId}`);
    await screenshot(page, 'contest-oi-problem-verdict');

    await page.reload();
    const latest = page.locator('[data-testid="latest-submission"]');
    await latest.waitFor({ timeout: 60_000 });
    expect(await latest.getAttribute('data-submit-id')).toBe(String(partialId));
    expect(await latest.getByTestId('submit-score').textContent()).toBe('50 分');
    await latest.getByTestId('submission-link').click();
    await page.waitForURL(`**/contest/${cid}/submission/${partialId}`, { timeout: UI_WAIT_MS });
    expect(t.errors).toEqual([]);
  });

  it('gives every OI try a score column, 0 on the cases a wrong answer failed', async () => {
    wrongId = await judgedTry(await apiLogin(platform, ALICE.username, ALICE.password), ALL_WRONG);
    const t = await signedIn(ALICE);
    const { page } = t;
    const scores = async () => {
      const table = page.getByTestId('case-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
      expect(await table.locator('thead th').filter({ hasText: '得分' }).count()).toBe(1);
      // the score is the last column
      return table.locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td:last-child')?.textContent));
    };

    await page.goto(`/contest/${cid}/submission/${partialId}`);
    await page.getByTestId('contest-submission-detail').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('submission-score').textContent()).toBe('50');
    expect(await scores()).toEqual(['50', '0']);

    await page.goto(`/contest/${cid}/submission/${wrongId}`);
    await page.getByTestId('contest-submission-detail').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('submission-score').textContent()).toBe('0');
    expect(await scores()).toEqual(['0', '0']);
    await screenshot(page, 'contest-oi-wrong-detail');

    await page.goto(`/status/${wrongId}`);
    await page.getByTestId('submission-detail').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('submission-score').textContent()).toBe('0');
    expect(await scores()).toEqual(['0', '0']);
    expect(t.errors).toEqual([]);
  });

  it('shows another user "--" as the score of a try the seal hides, and the board marks it OI\'s way', async () => {
    const t = await signedIn(BOB);
    const { page } = t;
    await page.goto(`/contest/${cid}/submission`);
    const cell = page.locator(`[data-testid="submission-score"][data-submit-id="${partialId}"]`);
    await cell.waitFor({ timeout: 60_000 });
    expect(await cell.textContent()).toBe('--');
    expect(await page.locator(`[data-testid="submission-score"][data-submit-id="${wrongId}"]`).textContent()).toBe('--');
    await screenshot(page, 'contest-oi-sealed-submissions');

    await page.goto(`/contest/${cid}/rank`);
    await page.getByTestId('scoreboard').waitFor({ timeout: 60_000 });
    const row = page.locator('.ant-table-row').filter({ has: page.locator(`[data-username="${ALICE.username}"]`) });
    const pending = row.locator('[data-kind="pending"]');
    await pending.waitFor({ timeout: 60_000 });
    const text = (await pending.textContent()) ?? '';
    expect(text).toContain('?');
    expect(text).toContain('×2');
    expect(text).not.toContain('+');
    await screenshot(page, 'contest-oi-sealed-board');
    expect(t.errors).toEqual([]);
  });
});
