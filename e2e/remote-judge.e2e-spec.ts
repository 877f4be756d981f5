/**
 * Remote judging in the real app (issue 34), against the HDU replay standing in for acm.hdu.edu.cn: root adds the
 * site's account on Admin → Remote judge and imports HDU-1000 through the problem list's dialog (a wrong id first, whose
 * reason from the server is shown); a user opens /problem/HDU-1000, submits in G++ and sees Accepted come back from the
 * site; the submission's page shows the site and the run id the site gave it. Root also imports a problem into a contest
 * from the contest's problem screen (the next display id offered), and the editor of a remote problem says that the site
 * holds its test data. Then root gives the account a wrong password
 * (the edit dialog): the next run ends Submitted Failed, its page shows the reason and, to its owner, a resubmit that,
 * once root fixed the password, brings Accepted (the status list offers it in the owner's row too).
 */
import type { Browser } from 'playwright-core';
import { AdminContestProblemList } from '@oj/contracts';
import { eventually } from '../backend/test/utils/eventually';
import { HduReplay } from '../backend/test/remote-judge/replay/hdu-replay';
import {
  Platform,
  TrackedPage,
  apiCall,
  apiLogin,
  launchBrowser,
  rootToken,
  screenshot,
  startPlatform,
  typeIntoEditor,
  uiLogin,
  updateSwitches,
  UI_WAIT_MS,
} from './harness';
import { APLUSB_CPP, PageTracker, adminLogin, createUpcomingContest } from './helpers';

const USER = { username: 'rjuser1', password: 'rjuser-pass1' };

const hdu = new HduReplay();
let platform: Platform;
let browser: Browser;
const pages = new PageTracker();

function newPage(): Promise<TrackedPage> {
  return pages.open(browser, platform);
}

beforeAll(async () => {
  await hdu.start();
  // No judge worker: a remote problem is judged by the site, never by a sandbox.
  platform = await startPlatform({ judge: false, env: { REMOTE_JUDGE_URLS: JSON.stringify({ HDU: hdu.url }) } });
  browser = await launchBrowser();
  // the user submits twice in a row (the editor, then the failing account's run)
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: [[USER.username, USER.password, 'rjuser1@example.com']] },
    await rootToken(platform),
  );
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
  await hdu.stop();
});

describe('remote judge (HDU replay)', () => {
  it('root adds the HDU account and imports HDU-1000 through the admin screens', async () => {
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);

    await page.goto('/admin/remote-judge');
    await page.getByTestId('remote-sites').locator('tr[data-row-key="HDU"]').waitFor({ timeout: UI_WAIT_MS });
    // the address is the replay's: REMOTE_JUDGE_URLS reached the backend
    expect(await page.getByTestId('remote-sites').locator('tr[data-row-key="HDU"]').textContent()).toContain(hdu.url);
    await page.getByTestId('remote-site-tab-HDU').click();
    await page.getByTestId('remote-account-add-HDU').click();
    const modal = page.locator('.ant-modal-content');
    await modal.locator('#username').fill('hojbot');
    await modal.locator('#password').fill('right-password');
    await screenshot(page, 'admin-remote-judge-account');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    const state = page.getByTestId('remote-account-state-hojbot');
    await state.waitFor({ timeout: UI_WAIT_MS });
    expect(await state.getAttribute('data-state')).toBe('idle');
    await page.locator('[data-testid="remote-site-accounts-HDU"]', { hasText: '1' }).waitFor({ timeout: UI_WAIT_MS });
    // the password went to the server and never comes back to the page (the dialog that held it is gone)
    await modal.waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    expect(await page.content()).not.toContain('right-password');
    await screenshot(page, 'admin-remote-judge');

    await page.goto('/admin/problems');
    await page.getByTestId('remote-import-open').click();
    const dialog = page.locator('.ant-modal-content').filter({ has: page.getByTestId('remote-import-problem-id') });
    // HDU is the dialog's first site; a problem the site does not have is refused with the site's reason
    await dialog.getByTestId('remote-import-problem-id').fill('9999');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const error = dialog.getByTestId('remote-import-error');
    await error.waitFor({ timeout: UI_WAIT_MS });
    // the server's text in the page's language (its msgCode), and its reason as the site adapter wrote it
    expect(await error.textContent()).toContain('导入远程题目失败。');
    expect(await error.textContent()).toContain('[HDU] fetch: ');
    await screenshot(page, 'admin-remote-import-refused');

    await dialog.getByTestId('remote-import-problem-id').fill('1000');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('已导入 HDU-1000').first().waitFor({ timeout: UI_WAIT_MS });
    await page.locator('.ant-table-row').filter({ hasText: 'HDU-1000' }).first().waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'admin-remote-imported');
    // The refused import logs its answer in the console; nothing else went wrong.
    expect(t.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it('root imports HDU-2050 into a contest from its problem screen, and the editor of a remote problem says why it has no test data', async () => {
    const root = await rootToken(platform);
    const cid = await createUpcomingContest(platform, root, 'Remote round');
    const t = await newPage();
    const { page } = t;
    await adminLogin(page);
    await page.goto(`/admin/contest/${cid}/problems`);
    await page.getByTestId('remote-import-open').click();
    const dialog = page.locator('.ant-modal-content').filter({ has: page.getByTestId('remote-import-problem-id') });
    // the contest has no problem yet: the first display id is offered
    await eventually(
      'the first display id offered',
      async () => (await dialog.getByTestId('remote-import-display-id').inputValue()) === 'A',
      {
        timeoutMs: UI_WAIT_MS,
      },
    );
    await dialog.getByTestId('remote-import-problem-id').fill('2050');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-table-row').filter({ hasText: 'HDU-2050' }).first().waitFor({ timeout: UI_WAIT_MS });
    const listed = await apiCall<AdminContestProblemList>(
      platform,
      'GET',
      `/api/admin/contest/get-problem-list?cid=${cid}&currentPage=1&limit=10`,
      undefined,
      root,
    );
    expect(listed.problemList.records.map((p) => [p.problemId, listed.contestProblemMap[p.id]?.displayId])).toEqual([['HDU-2050', 'A']]);
    await screenshot(page, 'admin-contest-remote-import');

    // the imported problem's editor: the site judges it, so no upload, judge mode or language boxes to fill
    await page.locator('.ant-table-row', { hasText: 'HDU-2050' }).getByTestId('admin-contest-edit-problem').click();
    const testcaseNote = page.getByTestId('problem-remote-testcase');
    await testcaseNote.waitFor({ timeout: UI_WAIT_MS });
    expect(await testcaseNote.textContent()).toContain('HDU');
    expect(await page.getByTestId('testcase-upload').count()).toBe(0);
    await screenshot(page, 'admin-remote-problem-editor');
    expect(t.errors).toEqual([]);
  });

  it('a user submits HDU-1000 in G++, sees Accepted from the site and the run id on the submission page', async () => {
    const t = await newPage();
    const { page } = t;
    await page.goto('/home');
    await uiLogin(page, USER.username, USER.password);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });

    await page.goto('/problem/HDU-1000');
    await page.getByTestId('submit-panel').waitFor({ timeout: 120_000 });
    await page.getByTestId('language-select').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^G\+\+$/ })
      .first()
      .click();
    await typeIntoEditor(page, APLUSB_CPP);
    await page.getByTestId('submit-code').click();
    const verdict = page.locator('[data-testid="submit-result"][data-final="true"]');
    await verdict.waitFor({ timeout: 120_000 });
    expect(await verdict.getAttribute('data-status')).toBe('0');
    await screenshot(page, 'remote-accepted');
    const submitId = Number(await verdict.getAttribute('data-submit-id'));
    expect(submitId).toBeGreaterThan(0);

    // the run went to the site through root's account
    const run = hdu.runs.find((r) => r.user === 'hojbot' && r.problemId === '1000');
    expect(run).toBeDefined();
    expect(run!.language).toBe('G++');

    await page.goto(`/status/${submitId}`);
    await page.getByTestId('submission-detail').waitFor({ timeout: UI_WAIT_MS });
    await page.getByTestId('submission-remote-run').waitFor({ timeout: UI_WAIT_MS });
    expect((await page.getByTestId('submission-remote-run').textContent())?.trim()).toBe(String(run!.id));
    expect((await page.getByTestId('submission-remote-site').textContent())?.trim()).toBe('HDU');
    await screenshot(page, 'remote-submission-detail');
    expect(t.errors).toEqual([]);
  });

  it('a Submitted Failed run shows its reason to its owner, who resubmits it once root fixed the account', async () => {
    const admin = await newPage();
    await adminLogin(admin.page);
    const editAccount = async (password: string) => {
      await admin.page.goto('/admin/remote-judge');
      await admin.page.getByTestId('remote-site-tab-HDU').click();
      const row = admin.page.getByTestId('remote-accounts-HDU').locator('tr', { hasText: 'hojbot' });
      await row.getByText('编辑').click();
      const modal = admin.page.locator('.ant-modal-content');
      // the stored password is not shown: the field starts empty and says so
      expect(await modal.locator('#password').inputValue()).toBe('');
      await modal.locator('#password').fill(password);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await modal.waitFor({ state: 'detached', timeout: UI_WAIT_MS }).catch(() => undefined);
    };
    await editAccount('wrong-password');

    const token = await apiLogin(platform, USER.username, USER.password);
    const { submitId } = await apiCall<{ submitId: number }>(
      platform,
      'POST',
      '/api/submit-problem-judge',
      { pid: 'HDU-1000', language: 'G++', code: APLUSB_CPP },
      token,
    );
    const deadline = Date.now() + 90_000;
    let status = -1;
    while (Date.now() < deadline) {
      const d = await apiCall<{ submission: { status: number } }>(
        platform,
        'GET',
        `/api/get-submission-detail?submitId=${submitId}`,
        undefined,
        token,
      );
      status = d.submission.status;
      if (status === 10) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(10);

    // root sees why on the account
    await admin.page.goto('/admin/remote-judge');
    await admin.page.getByTestId('remote-site-tab-HDU').click();
    const state = admin.page.getByTestId('remote-account-state-hojbot');
    await state.waitFor({ timeout: UI_WAIT_MS });
    expect(await state.getAttribute('data-state')).toBe('failing');
    expect(await admin.page.getByTestId('remote-accounts-HDU').textContent()).toContain('[HDU] login: ');
    await screenshot(admin.page, 'admin-remote-judge-failing');

    const t = await newPage();
    const { page } = t;
    await page.goto('/home');
    await uiLogin(page, USER.username, USER.password);
    await page.getByTestId('nav-login').waitFor({ state: 'detached', timeout: UI_WAIT_MS });
    await page.goto(`/status/${submitId}`);
    const reason = page.getByTestId('submission-error-message');
    await reason.waitFor({ timeout: UI_WAIT_MS });
    expect(await reason.textContent()).toContain('[HDU] login: ');
    await screenshot(page, 'remote-submitted-failed');
    // the list offers the same resubmit in its owner's row
    await page.goto('/status?onlyMine=true');
    await page.getByTestId(`resubmit-${submitId}`).waitFor({ timeout: UI_WAIT_MS });
    await page.goto(`/status/${submitId}`);
    await reason.waitFor({ timeout: UI_WAIT_MS });

    await editAccount('right-password');
    await page.getByTestId(`resubmit-${submitId}`).click();
    await page.getByTestId('submission-remote-run').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="submission-detail"] .ant-tag', { hasText: '通过' }).first().waitFor({ timeout: 120_000 });
    expect(await page.getByTestId(`resubmit-${submitId}`).count()).toBe(0);
    await screenshot(page, 'remote-resubmitted');
    expect(t.errors).toEqual([]);
  });
});
