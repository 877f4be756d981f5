/**
 * Issue 16's last browser step: a rated contest ends, the ratings are computed by the scheduled sweep, and the
 * participants' names change colour on the contest board (the kit's UserName).
 */
import { ContestType, nameStyleColor } from '@oj/contracts';
import type { Browser, Page } from 'playwright-core';
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
  updateSwitches,
  UI_WAIT_MS,
} from './harness';
import { PageTracker } from './helpers';
import { eventually } from '../backend/test/utils/eventually';

let platform: Platform;
let browser: Browser;
const pages = new PageTracker();
const newPage = (): Promise<TrackedPage> => pages.open(browser, platform);

const PROBLEM_ID = 'RATED-AB';
const ALICE = { username: 'rated_alice', password: 'alice-pass1' };
const BOB = { username: 'rated_bob', password: 'bob-pass1' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const until = <T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> =>
  eventually(what, fn, { timeoutMs, intervalMs: 1000 });

/** The colour each name on the page is drawn in, once the styles arrived. */
async function colours(page: Page, names: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const el = page.locator(`[data-testid="user-name"][data-username="${n}"]`).first();
    await el.waitFor({ timeout: UI_WAIT_MS });
    await sleep(300); // the batched style call (30 ms) has answered
    out[n] = (await el.getAttribute('data-color')) ?? '';
  }
  return out;
}

let cid: number;

beforeAll(async () => {
  platform = await startPlatform();
  browser = await launchBrowser();
  await updateSwitches(platform, { defaultSubmitInterval: 0 });
  await createProblem(platform, { problemId: PROBLEM_ID, title: 'Rated A plus B', cases: [{ input: '1 2\n', output: '3\n' }] });
  const root = await rootToken(platform);
  await apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    {
      users: [
        [ALICE.username, ALICE.password, 'rated_alice@example.com'],
        [BOB.username, BOB.password, 'rated_bob@example.com'],
      ],
    },
    root,
  );
}, 25 * 60_000);

afterAll(async () => {
  await pages.tearDown(browser, platform);
});

describe('a rated contest', () => {
  it('ends, its ratings are computed, and the names change colour', async () => {
    const root = await rootToken(platform);
    const now = Date.now();
    const body = {
      title: 'Rated round',
      description: 'rated',
      type: ContestType.ACM,
      auth: 0,
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 30 * 60_000).toISOString(),
      sealRank: false,
      openPrint: false,
      starAccount: [],
    };
    cid = (await apiCall<{ id: number }>(platform, 'POST', '/api/admin/contest', body, root)).id;
    const problems = await apiCall<{ records: { id: number; problemId: string }[] }>(
      platform,
      'GET',
      `/api/admin/problem/get-problem-list?keyword=${PROBLEM_ID}&currentPage=1&limit=10`,
      undefined,
      root,
    );
    const pid = problems.records.find((p) => p.problemId === PROBLEM_ID)!.id;
    await apiCall(platform, 'POST', '/api/admin/contest/add-problem-from-public', { cid, pid, displayId: 'A', color: '#1890ff' }, root);
    await apiCall(platform, 'PUT', `/api/admin/contest/change-contest-rated?cid=${cid}&rated=true`, undefined, root);

    const cpp = (await judgeLanguages(platform)).find((l) => /^C\+\+/.test(l)) as string;
    const submit = async (who: typeof ALICE, code: string) => {
      const token = await apiLogin(platform, who.username, who.password);
      const s = await apiCall<{ submitId: number }>(
        platform,
        'POST',
        '/api/submit-problem-judge',
        { pid: 'A', cid, language: cpp, code, isRemote: false },
        token,
      );
      return until(
        `the verdict of ${who.username}`,
        async () => {
          const d = await apiCall<{ submission: { status: number } }>(
            platform,
            'GET',
            `/api/get-submission-detail?submitId=${s.submitId}`,
            undefined,
            token,
          );
          return [5, 6, 7].includes(d.submission.status) ? undefined : d.submission.status;
        },
        5 * 60_000,
      );
    };
    const good = '#include <iostream>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n';
    const bad = '#include <iostream>\nint main(){std::cout<<0<<"\\n";}\n';
    expect(await submit(ALICE, good)).toBe(0);
    expect(await submit(BOB, bad)).not.toBe(0);

    // Before the end: nobody has a rating, the names are drawn plain.
    const t = await newPage();
    const { page } = t;
    await page.goto(`/contest/acm-scoreboard/${cid}`);
    expect(await colours(page, [ALICE.username, BOB.username])).toEqual({ [ALICE.username]: '', [BOB.username]: '' });
    await screenshot(page, 'rating-before');

    // The contest ends (setup: its end moved to now); the scheduled sweep computes the ratings.
    const c = await apiCall<Record<string, unknown>>(platform, 'GET', `/api/admin/contest?cid=${cid}`, undefined, root);
    await apiCall(
      platform,
      'PUT',
      '/api/admin/contest',
      { ...c, ...body, id: cid, endTime: new Date(Date.now() + 2000).toISOString() },
      root,
    );
    const ratingOf = (username: string) =>
      until(
        `the rating of ${username}`,
        async () => {
          const home = await apiCall<{ rating: number | null }>(
            platform,
            'GET',
            `/api/get-user-home-info?username=${username}`,
            undefined,
            root,
          );
          return home.rating ?? undefined;
        },
        3 * 60_000,
      );
    const alice = await ratingOf(ALICE.username);
    const bob = await ratingOf(BOB.username);
    expect(alice).toBeGreaterThan(bob);

    const expected = {
      [ALICE.username]: nameStyleColor({ rating: alice, admin: false, titleName: null, titleColor: null })!,
      [BOB.username]: nameStyleColor({ rating: bob, admin: false, titleName: null, titleColor: null })!,
    };
    expect(expected[ALICE.username]).toBeTruthy();
    // (The public status list and the ACM rank count practice submissions only: contest ones do not show there.)
    await page.goto(`/contest/acm-scoreboard/${cid}`);
    expect(await colours(page, [ALICE.username, BOB.username])).toEqual(expected);
    // The colour is drawn, not only named: the computed style is the band's colour.
    const drawn = await page
      .locator(`[data-testid="user-name"][data-username="${ALICE.username}"]`)
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    const hex = expected[ALICE.username];
    const rgb = `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
    expect(drawn).toBe(rgb);
    await screenshot(page, 'rating-after');
    expect(t.errors).toEqual([]);
  });
});
