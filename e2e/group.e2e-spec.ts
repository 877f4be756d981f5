/**
 * Groups in the real app (issue 17 "Browser"): a teacher creates a protected group in the group list's dialog; a
 * student applies on a 390 px phone with a reason; the teacher accepts in the group's member screen; the teacher
 * puts a group problem into a new group contest (through the /api/group routes: the editors that write them are the
 * admin remote's, tested on their branch); the student finds the contest in the group, opens it in the contest
 * remote, submits and gets the verdict, solves the group problem in the group's own problem page, and sees
 * themselves in the group rank.
 */
import type { Browser, Page } from 'playwright-core';
import { ContestAuth, ContestType } from '@oj/contracts';
import {
  Platform,
  apiCall,
  apiLogin,
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
import { APLUSB_CPP, PageTracker } from './helpers';

const TEACHER = { username: 'gteacher1', password: 'gteacher-pass1' };
const STUDENT = { username: 'gstudent1', password: 'gstudent-pass1' };
const PHONE = { width: 390, height: 844 };
const GROUP = { name: 'E2E Class 2026', shortName: 'e2ecls', brief: 'The e2e class', description: 'A class for the browser test.' };
const REASON = 'I am a student of this class';
const PROBLEM_ID = 'GRP-E2E-1';
const CONTEST_TITLE = 'E2E Group Cup';

let platform: Platform;
let browser: Browser;
let gid = 0;
let cid = 0;
let cpp = '';
const pages = new PageTracker();

/** No horizontal scrolling: the page is no wider than the screen. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

async function signedIn(user: { username: string; password: string }, viewport?: { width: number; height: number }) {
  const t = await pages.open(browser, platform, viewport);
  await t.page.goto('/group');
  await uiLogin(t.page, user.username, user.password);
  await t.page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
  return t;
}

/** Picks a language in the problem workspace and sends the A+B solution; answers the final status. */
async function submitAplusB(page: Page): Promise<string | null> {
  await page.getByTestId('submit-panel').waitFor({ timeout: 120_000 });
  await page.getByTestId('language-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: cpp }).first().click();
  await typeIntoEditor(page, APLUSB_CPP);
  await page.getByTestId('submit-code').click();
  const verdict = page.locator('[data-testid="submit-result"][data-final="true"]');
  await verdict.waitFor({ timeout: 180_000 });
  return verdict.getAttribute('data-status');
}

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  // a fresh site: nobody has solved anything, so group creation must not need an AC count here
  await updateSwitches(platform, { defaultSubmitInterval: 0, defaultCreateGroupACInitValue: 0, openGroupJudge: true });
  const root = await rootToken(platform);
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    {
      users: [
        [TEACHER.username, TEACHER.password, 'gteacher1@example.com'],
        [STUDENT.username, STUDENT.password, 'gstudent1@example.com'],
      ],
    },
    root,
  );
  cpp = (await judgeLanguages(platform)).find((l) => /^C\+\+/.test(l)) as string;
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

it('lets a teacher create a protected group in the create dialog', async () => {
  const t = await signedIn(TEACHER);
  const { page } = t;
  await page.getByTestId('group-create').click();
  await page.getByTestId('group-form-name').fill(GROUP.name);
  await page.getByTestId('group-form-short-name').fill(GROUP.shortName);
  await page.getByTestId('group-form-brief').fill(GROUP.brief);
  await page.getByTestId('group-form-description').fill(GROUP.description);
  await page.locator('label', { has: page.getByTestId('group-form-auth-2') }).click();
  await page.getByTestId('group-create-submit').click();
  // the list switches to "mine", where the new group is
  const row = page.locator('[data-testid="group-row"]').filter({ hasText: GROUP.name });
  await row.waitFor({ timeout: UI_WAIT_MS });
  expect(await row.getByTestId('group-auth-tag').getAttribute('data-auth')).toBe('2');
  gid = Number(await row.getAttribute('data-gid'));
  expect(gid).toBeGreaterThan(0);
  await screenshot(page, 'group-list-mine');

  await row.getByTestId('group-link').click();
  await page.waitForURL(`**/group/${gid}`);
  await page.getByTestId('group-title').waitFor();
  // the owner's menu: all 11 children but the discussion (its switch is off by default)
  await page.getByTestId('group-menu-setting').waitFor();
  expect(await page.getByTestId('group-menu-question').count()).toBe(1);
  expect(t.errors).toEqual([]);
});

it('lets a student apply to it with a reason on a phone, and shows them only its home meanwhile', async () => {
  const t = await signedIn(STUDENT, PHONE);
  const { page } = t;
  await page.goto(`/group/${gid}/contest`);
  await page.getByTestId('group-no-access').waitFor({ timeout: 60_000 });
  await page.getByTestId('group-join').click();
  await page.getByTestId('group-join-reason').fill(REASON);
  await page.getByTestId('group-join-submit').click();
  await page.getByTestId('group-applying').waitFor({ timeout: UI_WAIT_MS });
  await expectNoSideScroll(page);
  await screenshot(page, 'group-applied-phone');
  expect(t.errors).toEqual([]);
});

it("lets the teacher accept the application in the group's member screen", async () => {
  const t = await signedIn(TEACHER);
  const { page } = t;
  await page.goto(`/group/${gid}/member`);
  await page.getByTestId('group-apply-tab').click();
  const application = page.locator(`[data-testid="group-apply-row"][data-username="${STUDENT.username}"]`);
  await application.waitFor({ timeout: UI_WAIT_MS });
  expect(await application.textContent()).toContain(REASON);
  await application.getByTestId('group-apply-accept').click();
  await application.getByTestId('group-apply-accept').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
  await page.getByTestId('group-detail-members').filter({ hasText: '2' }).waitFor({ timeout: UI_WAIT_MS });
  expect(t.errors).toEqual([]);

  // the group's problem and contest, written through the group routes as the teacher (level 5)
  const teacher = await apiLogin(platform, TEACHER.username, TEACHER.password);
  await apiCall(
    platform,
    'POST',
    '/api/group/problem',
    {
      problem: {
        problemId: PROBLEM_ID,
        title: 'Group A plus B',
        description: 'Print the sum of $a$ and $b$.',
        input: 'Two integers.',
        output: 'Their sum.',
        examples: [{ input: '1 2\n', output: '3\n' }],
        timeLimit: 1000,
        memoryLimit: 256,
        stackLimit: 128,
        auth: 1,
        type: 0,
        gid,
      },
      samples: [
        { input: '1 2\n', output: '3\n' },
        { input: '40 2\n', output: '42\n' },
      ],
      isUploadTestCase: false,
      languages: [cpp],
      tags: [],
      codeTemplates: [],
    },
    teacher,
  );
  const contest = await apiCall<{ id: number }>(
    platform,
    'POST',
    '/api/group/contest',
    {
      title: CONTEST_TITLE,
      description: 'The class cup.',
      type: ContestType.ACM,
      auth: ContestAuth.Public,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
      gid,
    },
    teacher,
  );
  cid = contest.id;
  await apiCall(
    platform,
    'POST',
    `/api/group/add-contest-problem-from-group?problemId=${PROBLEM_ID}&cid=${cid}&displayId=A`,
    undefined,
    teacher,
  );
});

it("lets the student take part in the group's contest and solve its problem, then see the group rank", async () => {
  const t = await signedIn(STUDENT, PHONE);
  const { page } = t;
  await page.goto(`/group/${gid}`);
  await page.getByTestId('group-exit').waitFor({ timeout: 60_000 });
  await page.getByTestId('group-menu-contest').click();
  const row = page.locator(`[data-testid="group-contest-row"][data-id="${cid}"]`);
  await row.waitFor({ timeout: UI_WAIT_MS });
  await expectNoSideScroll(page);
  await screenshot(page, 'group-contests-phone');

  // a group contest is a contest: the contest remote's page, reached without a page load
  await row.getByTestId('group-contest-link').click();
  await page.waitForURL(`**/contest/${cid}`);
  await page.getByTestId('contest-menu-problem').click();
  await page.getByTestId('contest-problem-link').first().click();
  expect(await submitAplusB(page)).toBe('0');
  await screenshot(page, 'group-contest-accepted');

  // the group's own problem page (the problems remote's workspace, submitted with the group's id)
  await page.goto(`/group/${gid}/problem`);
  await page.locator(`[data-testid="group-problem-row"][data-pid="${PROBLEM_ID}"]`).getByTestId('group-problem-link').click();
  await page.waitForURL(`**/group/${gid}/problem/${PROBLEM_ID}`);
  expect(await submitAplusB(page)).toBe('0');

  await page.goto(`/group/${gid}/rank`);
  const mine = page.locator(`[data-testid="group-rank-row"][data-username="${STUDENT.username}"]`);
  await mine.waitFor({ timeout: UI_WAIT_MS });
  expect(await mine.getByTestId('group-rank-solved').textContent()).toBe('1');
  await expectNoSideScroll(page);
  await screenshot(page, 'group-rank-phone');
  expect(t.errors).toEqual([]);
});
