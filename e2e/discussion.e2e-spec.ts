/**
 * The discussion area in the real app (issue 15 "Browser"): user A posts, user B comments and likes, A sees
 * the badge and the messages and replies, B is told; B reports the post, an admin hides it and marks the
 * report handled, and B finds the outcome in the "mine" box. No console errors on the way.
 */
import type { Browser, Page } from 'playwright-core';
import {
  Platform,
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
import { PageTracker, adminLogin } from './helpers';

const ALICE = { username: 'alice_d', password: 'alice-pass1' };
const BOB = { username: 'bob_d', password: 'bob-pass12' };
const TITLE = 'How to read input fast?';
const COMMENT = 'Use scanf instead of cin.';
const REPLY = 'Thanks, that helped!';

let platform: Platform;
let browser: Browser;
const pages = new PageTracker();
let alice: TrackedPage;
let bob: TrackedPage;
let discussionUrl = '';

async function login(t: TrackedPage, user: { username: string; password: string }): Promise<void> {
  await t.page.goto('/home');
  await uiLogin(t.page, user.username, user.password);
  await t.page.getByTestId('message-menu').waitFor({ timeout: UI_WAIT_MS });
}

/** The navbar's total unread badge (absent when 0). */
async function badge(page: Page): Promise<number> {
  const sup = page.getByTestId('message-menu').locator('.oj-badge');
  return (await sup.count()) ? Number(await sup.getAttribute('data-count')) : 0;
}

beforeAll(async () => {
  platform = await startPlatform({ judge: false });
  browser = await launchBrowser();
  // New accounts have solved nothing: let them post and comment.
  await updateSwitches(platform, { defaultCreateDiscussionACInitValue: 0, defaultCreateCommentACInitValue: 0 });
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    {
      users: [
        [ALICE.username, ALICE.password, 'alice_d@example.com'],
        [BOB.username, BOB.password, 'bob_d@example.com'],
      ],
    },
    await rootToken(platform),
  );
  alice = await pages.open(browser, platform);
  bob = await pages.open(browser, platform);
}, 10 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

describe('discussions and the message centre', () => {
  it('lets A post a discussion with Markdown', async () => {
    await login(alice, ALICE);
    const { page } = alice;
    await page.goto('/discussion');
    await page.getByTestId('discussion-new').click();
    await page.getByTestId('discussion-title').fill(TITLE);
    await page.getByTestId('discussion-content').fill('Reading **a lot** of numbers is slow.');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForURL(/\/discussion\/\d+$/, { timeout: UI_WAIT_MS });
    discussionUrl = new URL(page.url()).pathname;
    await page.getByTestId('discussion-content-view').locator('strong', { hasText: 'a lot' }).waitFor();
    await page.goto('/discussion');
    await page.getByTestId('discussion-link').filter({ hasText: TITLE }).waitFor();
    expect(alice.errors).toEqual([]);
  });

  it('lets B comment and like', async () => {
    await login(bob, BOB);
    const { page } = bob;
    await page.goto(discussionUrl);
    await page.getByTestId('comment-input').fill(COMMENT);
    await page.getByTestId('comment-send').click();
    await page.getByTestId('comment').filter({ hasText: COMMENT }).waitFor();
    await page.getByTestId('discussion-like').click();
    await page.getByTestId('discussion-like').filter({ hasText: '1' }).waitFor();
    expect(bob.errors).toEqual([]);
  });

  it('shows A the badge and the messages, and A replies', async () => {
    const { page } = alice;
    await page.goto('/home');
    await page.getByTestId('message-menu').locator('.oj-badge').waitFor({ timeout: UI_WAIT_MS });
    expect(await badge(page)).toBe(2);
    await page.goto('/message/discuss');
    await page.getByTestId('message-item').filter({ hasText: COMMENT }).waitFor();
    await screenshot(page, 'message-discuss');
    // Reading the box clears its part of the badge.
    await page.getByTestId('message-badge-discuss').locator('.ant-badge-count').waitFor({ state: 'detached' });
    await page.goto('/message/like');
    await page.getByTestId('message-item').filter({ hasText: BOB.username }).waitFor();
    await page.goto(discussionUrl);
    await page.getByTestId('comment-reply').first().click();
    await page.getByTestId('reply-input').fill(REPLY);
    await page.getByTestId('reply-send').click();
    await page.getByTestId('reply').filter({ hasText: REPLY }).waitFor();
    await page.goto('/home');
    await page.getByTestId('message-menu').waitFor();
    expect(await badge(page)).toBe(0);
    expect(alice.errors).toEqual([]);
  });

  it('tells B about the reply', async () => {
    const { page } = bob;
    await page.goto('/message/reply');
    await page.getByTestId('message-item').filter({ hasText: REPLY }).waitFor();
    await page.getByTestId('message-item').filter({ hasText: COMMENT }).waitFor();
    expect(bob.errors).toEqual([]);
  });

  it('hides a reported post and tells the reporter', async () => {
    const { page } = bob;
    await page.goto(discussionUrl);
    await page.getByTestId('discussion-report').click();
    await page.getByTestId('report-reason').fill('Posted twice');
    await page.getByTestId('report-submit').click();
    await page.locator('.ant-message-success').waitFor();

    const admin = await pages.open(browser, platform);
    await adminLogin(admin.page);
    const did = Number(discussionUrl.split('/').pop());
    await admin.page.goto('/admin/discussion');
    await admin.page.getByTestId(`discussion-visible-${did}`).click();
    await admin.page.locator('.ant-tag', { hasText: '已隐藏' }).waitFor();
    await admin.page.goto('/admin/discussion/report');
    await admin.page.locator('td', { hasText: 'Posted twice' }).waitFor();
    await admin.page.locator('[data-testid^="report-handle-"]').first().click();
    await admin.page.locator('.ant-tag', { hasText: '已处理' }).waitFor();

    await page.goto(discussionUrl);
    await page.locator('.ant-result-title', { hasText: '已被管理员隐藏' }).waitFor();
    await page.goto('/message/mine');
    await page.getByTestId('message-item').filter({ hasText: '该讨论已被隐藏' }).waitFor();
    await screenshot(page, 'message-mine');
    const token = await apiLogin(platform, BOB.username, BOB.password);
    expect((await apiCall<{ mine: number }>(platform, 'GET', '/api/msg/unread', undefined, token)).mine).toBe(0);
    // The hidden post answered 403 once: Chromium logs that response; nothing else may fail.
    expect(bob.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });

  it('tells a visitor to log in in the words of the page: status, discussion, training (issue 37 item 13)', async () => {
    const visitor = await pages.open(browser, platform);
    const { page } = visitor;
    const pagesAndTexts: [string, string][] = [
      ['/status', '请先登录后再查看评测状态'],
      ['/discussion', '请先登录后再查看讨论'],
      ['/training/1', '请先登录后再查看训练'],
    ];
    for (const [url, text] of pagesAndTexts) {
      await page.goto(url);
      const title = page.getByTestId('login-required').locator('.ant-result-title');
      await title.waitFor({ timeout: UI_WAIT_MS });
      expect(await title.innerText()).toBe(text);
      expect(await page.getByText('请先登录后再查看题目').count()).toBe(0);
    }
    expect(visitor.errors).toEqual([]);
  });

  it('with discussion switched off: one "no access" toast, and no 讨论 link on the problem page (issue 37 item 13)', async () => {
    await createProblem(platform, { problemId: 'DISC1', title: 'Discussed A+B', cases: [{ input: '1 2\n', output: '3\n' }] });
    await updateSwitches(platform, { openPublicDiscussion: false });
    try {
      const { page } = alice;
      await page.goto('/problem/DISC1');
      await page.getByTestId('submit-code').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('problem-discussion-tab').count()).toBe(0);

      await page.goto('/discussion');
      await page.locator('.ant-result-title', { hasText: '无权限：本站未开放讨论区！' }).waitFor({ timeout: UI_WAIT_MS });
      // Both calls of the page (categories, list) are refused: the refusal is said once, not once per call.
      await page.locator('.ant-message-notice', { hasText: '无权限' }).first().waitFor({ timeout: UI_WAIT_MS });
      await page.waitForTimeout(1500);
      expect(await page.locator('.ant-message-notice', { hasText: '无权限' }).count()).toBe(1);
      await screenshot(page, 'discussion-closed');
    } finally {
      await updateSwitches(platform, { openPublicDiscussion: true });
    }
    const { page } = alice;
    await page.goto('/problem/DISC1');
    await page.getByTestId('problem-discussion-tab').waitFor({ timeout: 60_000 });
    expect(alice.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });
});
