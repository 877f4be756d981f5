/**
 * Contests in the real app (issue 6 "Browser"): an admin creates a protected contest and adds a bank problem
 * in the admin screens; a user sees it Scheduled, its countdown reaches zero and the page turns Running
 * without a reload; the user enters the password, submits, and sees the board change. An admin then adds
 * a contest-only problem from the contest's problem page.
 */
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import {
  ARTIFACTS,
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
import { APLUSB_CPP, PageTracker, adminLogin, storedZip } from './helpers';
import { eventually } from '../backend/test/utils/eventually';

const PROBLEM_ID = 'CON1001';
const TITLE = 'E2E Protected Cup';
const PASSWORD = 'cup-pass-42';
const USER = { username: 'contestant1', password: 'contest-pass1' };
const CORRECT = APLUSB_CPP;
const CONTEST_ONLY = { problemId: 'CON1002', title: 'Contest only sum' };
const PHONE = { width: 390, height: 844 };

let platform: Platform;
let browser: Browser;
let cid = 0;
const pages = new PageTracker();

function newPage(): Promise<TrackedPage> {
  return pages.open(browser, platform);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The admin form's date picker text, in the browser's (= this process's) local time. */
const pickerText = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

async function pickDate(page: Page, id: string, d: Date): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(pickerText(d));
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  await createProblem(platform, { problemId: PROBLEM_ID, title: 'Contest A plus B', cases: [{ input: '1 2\n', output: '3\n' }] });
  const root = await rootToken(platform);
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: [[USER.username, USER.password, 'contestant1@example.com']] },
    root,
  );
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

describe('a protected contest', () => {
  it('is created by an admin with a problem from the bank', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);

    await page.goto('/admin/contest/create');
    await page.locator('#title').fill(TITLE);
    const start = new Date(Date.now() + 3600_000);
    await pickDate(page, 'startTime', start);
    await pickDate(page, 'endTime', new Date(start.getTime() + 2 * 3600_000));
    await page.getByText('保护', { exact: true }).click();
    await page.locator('#pwd').fill(PASSWORD);
    await screenshot(page, 'admin-contest-create');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL('**/admin/contest', { timeout: UI_WAIT_MS });
    const listed = page.locator('.ant-table-row').filter({ hasText: TITLE }).first();
    await listed.waitFor({ timeout: UI_WAIT_MS });
    // the title is readable in the list: its column is not squeezed to nothing by the fixed-width ones
    const titleCell = await listed.locator('td').filter({ hasText: TITLE }).first().boundingBox();
    expect(titleCell!.width).toBeGreaterThan(150);
    await screenshot(page, 'admin-contest-list');

    const list = await apiCall<{ records: { id: number; title: string; auth: number }[] }>(
      platform,
      'GET',
      '/api/admin/contest/get-contest-list?currentPage=1&limit=10',
      undefined,
      await rootToken(platform),
    );
    const created = list.records.find((c) => c.title === TITLE)!;
    expect(created.auth).toBe(2);
    cid = created.id;

    await page.goto(`/admin/contest/${cid}/problems`);
    await page.getByTestId('admin-contest-add-problem').click();
    const modal = page.locator('.ant-modal-content');
    await modal.locator('#pid').click();
    await modal.locator('#pid').fill(PROBLEM_ID);
    await page.locator('.ant-select-item-option').filter({ hasText: PROBLEM_ID }).first().click();
    // The bank select takes several problems and stays open: a click on the title closes it.
    await modal.locator('.ant-modal-title').click();
    await modal.locator('#displayId').fill('A');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-table-row').filter({ hasText: 'Contest A plus B' }).first().waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-contest-problems');
    // Issue 32: the list answers HOJ's {problemList, contestProblemMap}; the page shows the link's display id and
    // the bank problem's id on one row.
    const linkRow = page.locator('.ant-table-row').filter({ hasText: 'Contest A plus B' }).first();
    expect(await linkRow.textContent()).toContain(PROBLEM_ID);

    // Issue 32: the account rule as HOJ's admin page saves it (one string) opens in our edit form as its fields.
    const root = await rootToken(platform);
    const saved = await apiCall<Record<string, unknown>>(platform, 'GET', `/api/admin/contest?cid=${cid}`, undefined, root);
    await apiCall(
      platform,
      'PUT',
      '/api/admin/contest',
      {
        ...saved,
        openAccountLimit: true,
        accountLimitRule: `<prefix>team</prefix><suffix>_x</suffix><start>1</start><end>30</end><extra>${USER.username} guest</extra>`,
      },
      root,
    );
    await page.goto(`/admin/contest/${cid}/edit`);
    await page.locator('#limitPrefix').waitFor({ timeout: UI_WAIT_MS });
    expect(await page.locator('#limitPrefix').inputValue()).toBe('team');
    expect(await page.locator('#limitSuffix').inputValue()).toBe('_x');
    expect(await page.locator('#limitEnd').inputValue()).toBe('30');
    await page.locator('.ant-select-selection-item').filter({ hasText: USER.username }).first().waitFor();
    await screenshot(page, 'admin-contest-account-rule');

    // Issue 32: the dashboard names the judge and shows it healthy (HOJ's service.metadata.judgeName, nacos.healthy).
    await page.goto('/admin/dashboard');
    await page.locator('[data-testid="judge-health"][data-healthy="true"]').first().waitFor({ timeout: UI_WAIT_MS });
    expect(t.errors).toEqual([]);
  });

  it('counts down, turns Running without a reload, takes the password, a submission, and moves the board', async () => {
    const languages = await judgeLanguages(platform);
    const cpp = languages.find((l) => /^C\+\+/.test(l)) as string;
    expect(await apiLogin(platform, USER.username, USER.password)).toBeTruthy();

    const t = await newPage();
    const { page } = t;
    await page.goto('/home');
    await uiLogin(page, USER.username, USER.password);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    // Bring the start close (setup, not under test): 30 s after the server's clock.
    const root = await rootToken(platform);
    const c = await apiCall<{ id: number; title: string; description: string; type: number; auth: number; pwd: string }>(
      platform,
      'GET',
      `/api/admin/contest?cid=${cid}`,
      undefined,
      root,
    );
    const startsAt = new Date(Date.now() + 30_000);
    await apiCall(
      platform,
      'PUT',
      '/api/admin/contest',
      {
        id: c.id,
        title: c.title,
        description: c.description,
        type: c.type,
        auth: c.auth,
        pwd: c.pwd,
        startTime: startsAt.toISOString(),
        endTime: new Date(startsAt.getTime() + 3600_000).toISOString(),
      },
      root,
    );
    await page.goto(`/contest/${cid}`);
    const status = page.getByTestId('contest-status');
    await status.waitFor({ timeout: 60_000 });
    expect(await status.getAttribute('data-status')).toBe('-1');
    expect(await page.getByTestId('contest-countdown').getAttribute('data-kind')).toBe('toStart');
    await page.getByTestId('contest-password-form').waitFor();
    await screenshot(page, 'contest-scheduled');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await page.locator('[data-testid="contest-status"][data-status="0"]').waitFor({ timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.getByTestId('contest-countdown').getAttribute('data-kind')).toBe('toEnd');
    await screenshot(page, 'contest-running');

    await page.getByTestId('contest-password').fill(PASSWORD);
    await page.getByTestId('contest-password-submit').click();
    await page.getByTestId('contest-password-form').waitFor({ state: 'detached', timeout: UI_WAIT_MS });

    // the board before: nothing solved by the user
    const board = await newPage();
    await board.page.goto('/home');
    await uiLogin(board.page, USER.username, USER.password);
    await board.page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await board.page.goto(`/contest/${cid}/rank`);
    await board.page.getByTestId('scoreboard').waitFor({ timeout: 60_000 });
    const row = board.page.locator('.ant-table-row').filter({ has: board.page.locator(`[data-username="${USER.username}"]`) });
    expect(await row.locator('[data-kind="firstBlood"], [data-kind="ac"]').count()).toBe(0);

    await page.getByTestId('contest-menu-problem').click();
    await page.getByTestId('contest-problem-link').first().click();
    await page.getByTestId('submit-panel').waitFor({ timeout: 120_000 });
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: cpp }).first().click();
    await typeIntoEditor(page, CORRECT);
    await page.getByTestId('submit-code').click();
    const verdict = page.locator('[data-testid="submit-result"][data-final="true"]');
    await verdict.waitFor({ timeout: 120_000 });
    expect(await verdict.getAttribute('data-status')).toBe('0');
    await screenshot(page, 'contest-accepted');
    // Issue 32: get-contest-problem-details carries problemCount: the page shows the contest's tries.
    await page.reload();
    const stats = page.getByTestId('problem-statistics');
    await stats.waitFor({ timeout: 60_000 });
    expect([await stats.getAttribute('data-ac'), await stats.getAttribute('data-total')]).toEqual(['1', '1']);

    // the open board refreshes on its own (every 10 s by default) and shows the first blood
    await row.locator('[data-kind="firstBlood"]').waitFor({ timeout: 60_000 });
    await screenshot(board.page, 'contest-board');
    // Issue 32: the answer heads page 1 with a copy of the caller's row (HOJ); the board shows each user once.
    const answer = await apiCall<{ records: { username: string }[] }>(
      platform,
      'POST',
      '/api/get-contest-rank',
      { cid, currentPage: 1, limit: 50 },
      await apiLogin(platform, USER.username, USER.password),
    );
    expect(answer.records.map((r) => r.username)).toEqual([USER.username, USER.username]);
    expect(await board.page.locator(`[data-testid="rank-user"][data-username="${USER.username}"]`).count()).toBe(1);
    expect(t.errors).toEqual([]);
    expect(board.errors).toEqual([]);
  });
});

describe('a contest-only problem', () => {
  it('is created from the contest problems page, listed there as contest only, and stays out of the public list', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto(`/admin/contest/${cid}/problems`);
    await page.getByTestId('admin-contest-create-problem').click();
    await page.waitForURL(`**/admin/contest/${cid}/problem/create`, { timeout: UI_WAIT_MS });
    await page.locator('#problem-displayId').fill('B');
    await page.locator('#problem-problemId').fill(CONTEST_ONLY.problemId);
    await page.locator('#problem-title').fill(CONTEST_ONLY.title);
    await page.locator('#problem-description').fill('Print the sum of two integers.');
    await page.locator('.ant-upload input[type="file"][accept=".zip"]').setInputFiles({
      name: 'cases.zip',
      mimeType: 'application/zip',
      buffer: storedZip([
        ['1.in', '2 3\n'],
        ['1.out', '5\n'],
      ]),
    });
    await page.getByTestId('case-table').getByText('1.in', { exact: true }).waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-contest-problem-create');
    await page.locator('#problem-submit').click();
    await page.waitForURL(`**/admin/contest/${cid}/problems`, { timeout: UI_WAIT_MS });
    const row = page.locator('.ant-table-row').filter({ hasText: CONTEST_ONLY.title }).first();
    await row.waitFor({ timeout: UI_WAIT_MS });
    expect(await row.textContent()).toContain('比赛专用');
    await screenshot(page, 'admin-contest-problems-with-contest-only');

    const publicList = await apiCall<{ records: { problemId: string }[] }>(platform, 'GET', '/api/get-problem-list?currentPage=1&limit=50');
    expect(publicList.records.map((p) => p.problemId)).not.toContain(CONTEST_ONLY.problemId);
    const inContest = await apiCall<{ displayId: string; title: string }[]>(
      platform,
      'GET',
      `/api/get-contest-problem?cid=${cid}`,
      undefined,
      await rootToken(platform),
    );
    expect(inContest.map((p) => p.displayId)).toEqual(expect.arrayContaining(['A', 'B']));
    expect(t.errors).toEqual([]);
  });
});

/*
 * Issue 35's plagiarism check in the browser. The programs are long enough for their fingerprints to mean something
 * (a one-line A+B shares everything with every other one): the copy renames every identifier and adds blank lines
 * and a comment, which the normalised tokens do not see; the third program solves the same problem its own way.
 * The account rule set above lets `team<n>_x` in.
 */
const ORIGINAL_CPP = `#include <cstdio>
#include <vector>

struct Reader {
  long long next() {
    long long value = 0;
    int sign = 1;
    int c = getchar();
    while (c != '-' && (c < '0' || c > '9')) c = getchar();
    if (c == '-') {
      sign = -1;
      c = getchar();
    }
    while (c >= '0' && c <= '9') {
      value = value * 10 + (c - '0');
      c = getchar();
    }
    return sign * value;
  }
};

int main() {
  Reader in;
  std::vector<long long> numbers;
  for (int i = 0; i < 2; i++) numbers.push_back(in.next());
  long long total = 0;
  for (long long x : numbers) total += x;
  printf("%lld\\n", total);
  return 0;
}
`;
const DISGUISED_COPY_CPP = `#include <cstdio>
#include <vector>

// my own fast input

struct Scanner {

  long long read() {
    long long acc = 0;
    int neg = 1;

    int ch = getchar();
    while (ch != '-' && (ch < '0' || ch > '9')) ch = getchar();
    if (ch == '-') {
      neg = -1;
      ch = getchar();
    }

    while (ch >= '0' && ch <= '9') {
      acc = acc * 10 + (ch - '0');
      ch = getchar();
    }
    return neg * acc;
  }
};


int main() {
  Scanner sc;

  std::vector<long long> vals;
  for (int k = 0; k < 2; k++) vals.push_back(sc.read());

  long long sum = 0;
  for (long long v : vals) sum += v;
  printf("%lld\\n", sum);
  return 0;
}
`;
const OWN_WAY_CPP = `#include <iostream>
#include <string>
using namespace std;

// the sum of two integers, read as words and parsed
static long long parse(const string &word) {
  size_t used = 0;
  long long number = stoll(word, &used);
  return used == word.size() ? number : 0;
}

int main() {
  ios::sync_with_stdio(false);
  cin.tie(nullptr);
  string first, second;
  if (!(cin >> first >> second)) {
    cerr << "two integers expected" << endl;
    return 1;
  }
  const long long a = parse(first);
  const long long b = parse(second);
  cout << a + b << '\\n';
  return 0;
}
`;
const AUTHOR = { username: 'team1_x', password: 'team1-pass1', code: ORIGINAL_CPP };
const COPIER = { username: 'team2_x', password: 'team2-pass2', code: DISGUISED_COPY_CPP };
const OWN_WAY = { username: 'team3_x', password: 'team3-pass3', code: OWN_WAY_CPP };

describe('the plagiarism check of the contest', () => {
  it('finds the disguised copy, shows both programs with the shared part marked, and the confirmed copier leaves the rank', async () => {
    // Setup through the API: three entrants submit to problem A, the original before its copy; all are judged.
    const root = await rootToken(platform);
    const entrants = [AUTHOR, COPIER, OWN_WAY];
    await apiCall(
      platform,
      'POST',
      '/api/admin/user/insert-batch-user',
      { users: entrants.map((u) => [u.username, u.password, `${u.username}@example.com`]) },
      root,
    );
    const cpp = (await judgeLanguages(platform)).find((l) => /^C\+\+/.test(l)) as string;
    const submitted: { token: string; submitId: number }[] = [];
    for (const u of entrants) {
      const token = await apiLogin(platform, u.username, u.password);
      await apiCall(platform, 'POST', '/api/register-contest', { cid, password: PASSWORD }, token);
      const s = await apiCall<{ submitId: number }>(
        platform,
        'POST',
        '/api/submit-problem-judge',
        { pid: 'A', cid, language: cpp, code: u.code, isRemote: false },
        token,
      );
      submitted.push({ token, submitId: s.submitId });
    }
    for (const [i, s] of submitted.entries()) {
      const status = await eventually(
        `the verdict of ${entrants[i].username}`,
        async () => {
          const d = await apiCall<{ submission: { status: number } }>(
            platform,
            'GET',
            `/api/get-submission-detail?submitId=${s.submitId}`,
            undefined,
            s.token,
          );
          return [5, 6, 7].includes(d.submission.status) ? undefined : d.submission.status;
        },
        { timeoutMs: 3 * 60_000, intervalMs: 500 },
      );
      expect(status).toBe(0);
    }

    // The admin follows the contest row's link and starts a check.
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto('/admin/contest');
    const row = page.locator('.ant-table-row').filter({ hasText: TITLE }).first();
    await row.getByTestId('admin-contest-plagiarism-link').click();
    await page.waitForURL(`**/admin/contest/${cid}/plagiarism`, { timeout: UI_WAIT_MS });
    await page.getByTestId('plagiarism-start').click();
    await page.getByTestId('plagiarism-progress').waitFor();
    await page.locator('[data-testid="plagiarism-check-status"][data-status="done"]').waitFor();
    expect(await page.getByTestId('plagiarism-progress').getAttribute('aria-valuenow')).toBe('100');

    // Exactly one pair: the original and its copy (contestant1's A+B and the own-way program pair with nothing).
    const pairRows = page.getByTestId('plagiarism-pairs').locator('.ant-table-row');
    await pairRows.first().waitFor();
    expect(await pairRows.count()).toBe(1);
    const pairText = (await pairRows.first().textContent()) ?? '';
    expect(pairText).toContain(AUTHOR.username);
    expect(pairText).toContain(COPIER.username);
    await screenshot(page, 'admin-plagiarism-check');

    // The pair: both programs, the shared part highlighted on both sides.
    await pairRows.first().getByTestId('plagiarism-view').click();
    const pair = page.getByTestId('plagiarism-pair');
    await pair.waitFor();
    expect(await pair.getByTestId('plagiarism-pair-similarity').textContent()).toBe('100%');
    for (const side of ['a', 'b']) {
      const pane = pair.getByTestId(`plagiarism-code-${side}`);
      expect(await pane.locator('[data-line]').count()).toBeGreaterThan(25);
      expect(await pane.locator('[data-region="0"]').count()).toBeGreaterThan(20);
    }
    expect(await pair.getByTestId('plagiarism-code-b').textContent()).toContain('Scanner sc;');
    await screenshot(page, 'admin-plagiarism-pair');

    // Confirmed, with the copier taken out of the official rank.
    await pair.getByTestId('plagiarism-exclude').locator('label', { hasText: COPIER.username }).click();
    await pair.getByTestId('plagiarism-confirm').click();
    await pair.locator('[data-testid="plagiarism-pair-status"][data-status="confirmed"]').waitFor();
    await pair.getByTestId('plagiarism-exclude').locator('label.ant-checkbox-wrapper-disabled', { hasText: COPIER.username }).waitFor();
    await screenshot(page, 'admin-plagiarism-pair-confirmed');

    // The same pair on a phone (the admin's page narrowed to 390 px: a second page would load the admin app and log in
    // again, 10 s more): the drawer takes the screen, the programs stacked.
    await page.setViewportSize(PHONE);
    // stacked, and the drawer done growing to the whole width (it slides to it)
    await page.waitForFunction(() => {
      const [a, b] = ['a', 'b'].map((side) => document.querySelector(`[data-testid="plagiarism-code-${side}"]`)!.getBoundingClientRect());
      const drawer = document.querySelector('.ant-drawer-content-wrapper')!.getBoundingClientRect();
      return b.top >= a.bottom && drawer.left === 0 && drawer.width === window.innerWidth;
    });
    await screenshot(page, 'admin-plagiarism-pair-phone');
    // the second program, below the first inside the drawer: a shot of the screen, as a whole-page one draws the
    // drawer's content from its top again
    await pair.getByTestId('plagiarism-code-b').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'admin-plagiarism-pair-phone-b.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The board: the copier is shown with a star and unranked, the author keeps a rank.
    await page.goto(`/contest/${cid}/rank`);
    const rankCell = (username: string) =>
      page
        .locator('.ant-table-row')
        .filter({ has: page.locator(`[data-testid="rank-user"][data-username="${username}"]`) })
        .locator('td')
        .first();
    await page.getByTestId('scoreboard').waitFor();
    await eventually(`${COPIER.username} unranked`, async () => (await rankCell(COPIER.username).textContent()) === '*', {
      timeoutMs: UI_WAIT_MS,
      intervalMs: 250,
    });
    expect(await rankCell(AUTHOR.username).textContent()).toMatch(/^\d+$/);
    await screenshot(page, 'contest-board-plagiarism');
    expect(t.errors).toEqual([]);
  });
});
