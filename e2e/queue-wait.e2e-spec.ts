/**
 * Issue 38, "the wait is visible", in the browser: with no judge worker, pending submissions show their place in the
 * queue on /status, and a submission's page moves its place (and gains the estimated wait) as soon as a job ahead is
 * judged, pushed by the submission stream (the page does not poll while the stream is open); a contest submission
 * goes first in line, as its contest's submissions page shows.
 */
import Bull from 'bull';
import type { Browser } from 'playwright-core';
import { AfterEndSeal, ContestAuth, ContestType, JUDGE_QUEUE, JudgeResult, JudgeStatus, SealMode } from '@oj/contracts';
import {
  Platform,
  ROOT_PASSWORD,
  apiCall,
  createProblem,
  launchBrowser,
  rootToken,
  screenshot,
  startPlatform,
  uiLogin,
  updateSwitches,
  UI_WAIT_MS,
} from './harness';
import { APLUSB_CPP, PageTracker } from './helpers';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let platform: Platform;
let browser: Browser;
let taker: Bull.Queue | undefined;
const pages = new PageTracker();
const submitIds: number[] = [];

beforeAll(async () => {
  platform = await startPlatform({ judge: false });
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  // No worker announces languages: the problem names its own.
  await createProblem(platform, { problemId: 'QWAIT', title: 'A+B', cases: [{ input: '1 2\n', output: '3\n' }], languages: ['C++'] });
  const token = await rootToken(platform);
  for (let i = 0; i < 3; i++) {
    const sub = await apiCall<{ submitId: number }>(
      platform,
      'POST',
      '/api/submit-problem-judge',
      { pid: 'QWAIT', language: 'C++', code: APLUSB_CPP, cid: 0 },
      token,
    );
    submitIds.push(sub.submitId);
  }
  taker = new Bull(JUDGE_QUEUE, REDIS_URL, { prefix: platform.bullPrefix });
}, 25 * 60_000);

afterAll(async () => {
  await taker?.close();
  await pages.tearDown(browser, platform);
});

describe('the wait is visible', () => {
  it('shows each pending submission its place in the status list', async () => {
    const { page, errors } = await pages.open(browser, platform);
    await page.goto('/');
    await uiLogin(page, 'root', ROOT_PASSWORD);
    await page.getByTestId('message-menu').waitFor({ timeout: UI_WAIT_MS });
    await page.goto('/status');
    const row = (id: number) => page.locator(`[data-testid="status-list"] tr[data-row-key="${id}"] [data-testid="queue-place"]`);
    // No judgement finished yet: the place without an estimate.
    for (const [i, id] of submitIds.entries())
      await row(id)
        .getByText(`排队第 ${i + 1} 位`, { exact: true })
        .waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'queue-wait-status-list');
    expect(errors).toEqual([]);
  });

  it("moves a submission's place on its page as soon as a job ahead is judged", async () => {
    const { page, errors } = await pages.open(browser, platform);
    await page.goto('/');
    await uiLogin(page, 'root', ROOT_PASSWORD);
    await page.getByTestId('message-menu').waitFor({ timeout: UI_WAIT_MS });
    const last = submitIds[2];
    await page.goto(`/status/${last}`);
    const place = page.locator('[data-testid="submission-detail"] [data-testid="queue-place"]');
    await place.getByText('排队第 3 位', { exact: true }).waitFor({ timeout: UI_WAIT_MS });
    // A worker's part: take the next job (the first submission) and finish it.
    const job = (await taker!.getNextJob())!;
    expect(Number(job.id)).toBe(submitIds[0]);
    const result: JudgeResult = { status: JudgeStatus.Accepted, time: 1, memory: 1, score: 100, cases: [] };
    await job.moveToCompleted(result as unknown as string, false, true);
    // Pushed: second in line, with the wait estimated from the judgement just finished.
    await place.getByText(/^排队第 2 位 · 约 \d+ 秒$/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'queue-wait-detail');
    expect(errors).toEqual([]);
  });

  it("puts a contest submission first in line, and the contest's submissions page says so", async () => {
    const root = await rootToken(platform);
    const { id: cid } = await apiCall<{ id: number }>(
      platform,
      'POST',
      '/api/admin/contest',
      {
        title: 'Queue day',
        description: 'rules',
        type: ContestType.ACM,
        auth: ContestAuth.Public,
        startTime: new Date(Date.now() - 60_000).toISOString(),
        endTime: new Date(Date.now() + 3600_000).toISOString(),
        sealRank: false,
        sealMode: SealMode.LastHour,
        afterEndSeal: AfterEndSeal.AutoUnseal,
        starAccount: [],
        openPrint: false,
      },
      root,
    );
    const problem = await apiCall<{ problem: { id: number } }>(platform, 'GET', '/api/get-problem-detail?problemId=QWAIT', undefined, root);
    await apiCall(
      platform,
      'POST',
      '/api/admin/contest/add-problem-from-public',
      { cid, pid: problem.problem.id, displayId: 'A', color: '#1677ff' },
      root,
    );
    const { submitId } = await apiCall<{ submitId: number }>(
      platform,
      'POST',
      '/api/submit-problem-judge',
      { pid: 'A', cid, language: 'C++', code: APLUSB_CPP },
      root,
    );
    const { page, errors } = await pages.open(browser, platform);
    await page.goto('/');
    await uiLogin(page, 'root', ROOT_PASSWORD);
    await page.getByTestId('message-menu').waitFor({ timeout: UI_WAIT_MS });
    await page.goto(`/contest/${cid}/submission`);
    // Ahead of the two practice submissions still waiting; a judgement finished lately, so with an estimate.
    await page
      .locator(`[data-testid="contest-submissions"] tr[data-row-key="${submitId}"] [data-testid="queue-place"]`)
      .getByText(/^排队第 1 位 · 约 \d+ 秒$/)
      .waitFor({ timeout: UI_WAIT_MS });
    await screenshot(page, 'queue-wait-contest');
    expect(errors).toEqual([]);
  });
});
