/**
 * The Codeforces and Gym adapters against a replay of codeforces.com (issue 34): problem import (limits, parts,
 * samples, tags, absolute links, interactive), login through the site's gates (RCPC page, Cloudflare wall with and
 * without a pasted cookie), the tokens its forms check, submit + poll to each verdict, and every failure as a
 * RemoteJudgeError with its step and kind. No internet: every client's base URL is the replay's.
 */
import { JudgeStatus } from '@oj/contracts';
import { RemoteHttp, RemoteHttpFailure } from '../../src/modules/remote-judge/http/remote-http';
import { RemoteJudgeError, type RemoteSession } from '../../src/modules/remote-judge/sites/site-adapter';
import { CodeforcesAdapter, GymAdapter } from '../../src/modules/remote-judge/sites/codeforces/codeforces.adapter';
import { computeRcpc, computeTta, parseRcpcChallenge } from '../../src/modules/remote-judge/sites/codeforces/codeforces-protocol';
import { COMPILER_MESSAGE, CodeforcesReplay, expectedTta } from './replay/codeforces-replay';

const cf = new CodeforcesAdapter();
const gym = new GymAdapter();
const site = new CodeforcesReplay();

beforeAll(() => site.start());
afterAll(() => site.stop());
beforeEach(() => site.reset());

function session(overrides: Partial<RemoteSession['account']> = {}): RemoteSession {
  return {
    account: { username: site.handle, password: site.password, ...overrides },
    http: new RemoteHttp({ baseUrl: site.url }),
  };
}

/** A session that already holds a login (as after login()). */
async function loggedIn(): Promise<RemoteSession> {
  const s = session();
  await s.http.setCookieHeader(site.sessionCookieFor(site.handle));
  return s;
}

async function failure(promise: Promise<unknown>): Promise<RemoteJudgeError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RemoteJudgeError);
  return err as RemoteJudgeError;
}

/** Polls until the run is final, recording each phase seen. */
async function pollToEnd(s: RemoteSession, adapter: CodeforcesAdapter | GymAdapter, runId: string, remoteId: string) {
  const phases: string[] = [];
  for (let i = 0; i < 10; i++) {
    const state = await adapter.poll(s, runId, remoteId);
    phases.push(state.phase);
    if (state.phase === 'final') return { state, phases };
  }
  throw new Error(`run ${runId} never ended: ${phases.join(',')}`);
}

describe('Codeforces protocol pieces', () => {
  it('solves the RCPC page with AES-128-CBC', () => {
    site.rcpc = true;
    const page = (site as unknown as { rcpcPage(p: string): string }).rcpcPage('/enter');
    const challenge = parseRcpcChallenge(page);
    expect(challenge).not.toBeNull();
    expect(computeRcpc(challenge!)).toBe(site.rcpcValue);
    expect(parseRcpcChallenge('<html><body>Codeforces</body></html>')).toBeNull();
  });

  it('computes _tta as the site script does', () => {
    for (const cookie of ['', 'a', 'CF0Ru3Ux', 'zzzzzzzzzzzzzzzzzzzz', 'Q9x7Lm2P'])
      expect({ cookie, tta: computeTta(cookie) }).toEqual({ cookie, tta: expectedTta(cookie) });
    expect(computeTta('CF0Ru3Ux')).toBeGreaterThanOrEqual(0);
    expect(computeTta('CF0Ru3Ux')).toBeLessThan(1009);
  });

  it('checks ids before any request', async () => {
    expect(cf.remoteIdPattern.test('1000A')).toBe(true);
    expect(cf.remoteIdPattern.test('1520F1')).toBe(true);
    expect(cf.remoteIdPattern.test('100001A')).toBe(false);
    expect(gym.remoteIdPattern.test('100001A')).toBe(true);
    expect(gym.remoteIdPattern.test('1000A')).toBe(false);
    const before = site.server.log.length;
    const err = await failure(cf.fetchProblem(new RemoteHttp({ baseUrl: site.url }), '1000a'));
    expect(err).toMatchObject({ site: 'CF', step: 'fetch', kind: 'not-found' });
    expect(site.server.log.length).toBe(before);
  });

  it('lists real submit-form languages with editor modes', () => {
    expect(cf.languages.find((l) => l.key === '89')).toEqual({ key: '89', name: 'GNU G++20 13.2 (64 bit, winlibs)', contentType: 'cpp' });
    expect(new Set(cf.languages.map((l) => l.key)).size).toBe(cf.languages.length);
    expect(gym.languages).toBe(cf.languages);
  });
});

describe('fetchProblem', () => {
  it('imports a Codeforces problem with limits, parts, samples, tags and absolute links', async () => {
    const http = new RemoteHttp({ baseUrl: site.url });
    const p = await cf.fetchProblem(http, '1000A');
    expect(p).toMatchObject({
      problemId: 'CF-1000A',
      remoteId: '1000A',
      title: 'Codehorses T-shirts',
      timeLimit: 2000,
      memoryLimit: 256,
      source: 'Educational Codeforces Round 46 (Rated for Div. 2)',
      tags: ['greedy', 'implementation', '*1200'],
      url: `${site.url}/problemset/problem/1000/A`,
      interactive: false,
    });
    expect(p.description).toContain('Last year the shop printed $n$ T-shirt sizes');
    expect(p.description).toContain(`src="${site.url}/predownloaded/6c/9a/6c9a1e1b.png"`);
    expect(p.description).not.toContain('time limit per test');
    expect(p.input).toContain('$1 \\le n \\le 100$');
    expect(p.input).not.toContain('section-title');
    expect(p.output).toBe('<p>Print the minimal number of seconds.</p>');
    expect(p.hint).toContain('$$2$$ seconds');
    expect(p.hint).toContain(`href="${site.url}/blog/entry/60059"`);
    expect(p.examples).toEqual([
      { input: '3\nXS\nXS\nM\nXL\nS\nXS\n', output: '2\n' },
      { input: '1\nM<L\nM<L\n', output: '0\n' },
    ]);
  });

  it('imports an interactive problem with its Interaction section', async () => {
    const p = await cf.fetchProblem(new RemoteHttp({ baseUrl: site.url }), '1807E');
    expect(p).toMatchObject({ problemId: 'CF-1807E', title: 'Interview', interactive: true, source: 'Codeforces Round 859 (Div. 4)' });
    expect(p.output).toContain('<h3>Interaction</h3>');
    expect(p.output).toContain('Flush after each line.');
    expect(p.description).not.toContain('Interaction');
    expect(p.examples).toEqual([{ input: '2\n5\n1 2 3 4 5\n\n11\n', output: '\n? 4 1 2 3 4\n\n! 5\n' }]);
  });

  it('imports a Gym problem', async () => {
    const p = await gym.fetchProblem(new RemoteHttp({ baseUrl: site.url }), '100001A');
    expect(p).toMatchObject({
      problemId: 'GYM-100001A',
      title: 'Anniversary Cake',
      timeLimit: 500,
      memoryLimit: 64,
      source: '2009-2010 ACM ICPC, NEERC, Northern Subregional Contest',
      url: `${site.url}/gym/100001/problem/A`,
      tags: [],
      examples: [{ input: '7 3 2 2 3 2\n', output: '0 0 4 3\n' }],
    });
    expect(p.description).toContain('src="https://espresso.codeforces.com/0f1e2d3c.png"');
  });

  it('passes the RCPC page on its way', async () => {
    site.rcpc = true;
    const http = new RemoteHttp({ baseUrl: site.url });
    const p = await cf.fetchProblem(http, '1000A');
    expect(p.title).toBe('Codehorses T-shirts');
    expect(await http.cookie('RCPC')).toBe(site.rcpcValue);
    expect(site.server.count('GET', '/problemset/problem/1000/A')).toBeGreaterThanOrEqual(2);
  });

  it('reports an unknown problem as not-found', async () => {
    const err = await failure(cf.fetchProblem(new RemoteHttp({ baseUrl: site.url }), '1000Z'));
    expect(err).toMatchObject({ step: 'fetch', kind: 'not-found', message: '[CF] fetch: no problem 1000Z' });
    const gymErr = await failure(gym.fetchProblem(new RemoteHttp({ baseUrl: site.url }), '100001Z'));
    expect(gymErr).toMatchObject({ site: 'GYM', step: 'fetch', kind: 'not-found' });
  });

  it('reports a 5xx as unavailable', async () => {
    site.down = true;
    const err = await failure(cf.fetchProblem(new RemoteHttp({ baseUrl: site.url }), '1000A'));
    expect(err).toMatchObject({ step: 'fetch', kind: 'unavailable', message: '[CF] fetch: HTTP 502' });
  });
});

describe('login', () => {
  it('logs in with csrf_token, ftaa and bfaa', async () => {
    const s = session();
    expect(await cf.isLoggedIn(s)).toBe(false);
    await cf.login(s);
    expect(await cf.isLoggedIn(s)).toBe(true);
    const form = site.loginForms.at(-1)!;
    expect(form).toMatchObject({ action: 'enter', handleOrEmail: site.handle, password: site.password, remember: 'on' });
    expect(form.csrf_token).toMatch(/^[0-9a-f]{32}$/);
    expect(form.ftaa).toBe(await s.http.cookie('70a7c28f3de'));
    expect(form.bfaa).toMatch(/^[0-9a-f]{32}$/);
  });

  it('passes the RCPC page before the login form', async () => {
    site.rcpc = true;
    const s = session();
    await cf.login(s);
    expect(await cf.isLoggedIn(s)).toBe(true);
    expect(await s.http.cookie('RCPC')).toBe(site.rcpcValue);
  });

  it('refuses a wrong password with the site text', async () => {
    const err = await failure(cf.login(session({ password: 'wrong' })));
    expect(err).toMatchObject({
      site: 'CF',
      step: 'login',
      kind: 'login-refused',
      message: '[CF] login: Invalid handle/email or password',
    });
  });

  it('fails clearly on the Cloudflare wall without a pasted cookie', async () => {
    site.cloudflare = true;
    const err = await failure(cf.login(session()));
    expect(err).toMatchObject({ step: 'login', kind: 'challenge', message: '[CF] login: Cloudflare challenge (HTTP 403)' });
  });

  it('passes the Cloudflare wall with the pasted cookie and its user agent, then logs in', async () => {
    site.cloudflare = true;
    const s = session({ cookie: `cf_clearance=${site.cfClearance}`, userAgent: site.cfUserAgent });
    await cf.login(s);
    expect(await cf.isLoggedIn(s)).toBe(true);
  });

  it('takes a pasted session cookie that already holds a login without posting the form', async () => {
    site.cloudflare = true;
    const before = site.loginForms.length;
    const s = session({ cookie: `cf_clearance=${site.cfClearance}; ${site.sessionCookieFor(site.handle)}`, userAgent: site.cfUserAgent });
    await cf.login(s);
    expect(site.loginForms.length).toBe(before);
    expect(await cf.isLoggedIn(s)).toBe(true);
  });

  it('says the pasted cookie no longer passes when it is stale (or sent with another user agent)', async () => {
    site.cloudflare = true;
    const err = await failure(cf.login(session({ cookie: `cf_clearance=${site.cfClearance}` })));
    expect(err.kind).toBe('challenge');
    expect(err.message).toMatch(/^\[CF\] login: Cloudflare challenge \(HTTP 403\); the pasted cookie no longer passes it/);
  });

  it('reports a 5xx as unavailable and a dead site as a RemoteHttpFailure', async () => {
    site.down = true;
    expect(await failure(cf.login(session()))).toMatchObject({ step: 'login', kind: 'unavailable' });
    const dead = { account: { username: 'x', password: 'y' }, http: new RemoteHttp({ baseUrl: 'http://127.0.0.1:9' }) };
    await expect(cf.login(dead)).rejects.toBeInstanceOf(RemoteHttpFailure);
  });
});

describe('submit and poll', () => {
  it('submits with the form tokens and polls queued -> judging -> Accepted', async () => {
    const s = await loggedIn();
    const before = await cf.latestRunId(s, '1000A');
    const runId = await cf.submit(s, '1000A', '89', 'int main() { return 0; }', before);
    expect(runId).toMatch(/^\d+$/);
    const form = site.submitForms.at(-1)!;
    expect(form).toMatchObject({
      action: 'submitSolutionFormSubmitted',
      contestId: '1000',
      submittedProblemIndex: 'A',
      programTypeId: '89',
    });
    expect(form.source).toBe('int main() { return 0; }');
    expect(form._tta).toBe(String(expectedTta((await s.http.cookie('39ce7'))!)));
    expect(form.ftaa).toBe(await s.http.cookie('70a7c28f3de'));
    const { state, phases } = await pollToEnd(s, cf, runId, '1000A');
    expect(phases).toEqual(['queued', 'judging', 'final']);
    expect(state).toEqual({ phase: 'final', remoteVerdict: 'Accepted', status: JudgeStatus.Accepted, time: 46, memory: 3600 });
  });

  it('reports Wrong Answer and Time Limit Exceeded with the shown text', async () => {
    const s = await loggedIn();
    const wa = await cf.submit(s, '1000A', '54', '// expect WRONG_ANSWER\nint main(){}', null);
    expect((await pollToEnd(s, cf, wa, '1000A')).state).toMatchObject({
      status: JudgeStatus.WrongAnswer,
      remoteVerdict: 'Wrong answer on test 2',
      time: 15,
      memory: 100,
    });
    const tle = await cf.submit(s, '1000A', '54', '// expect TIME_LIMIT_EXCEEDED\nint main(){for(;;);}', wa);
    expect(Number(tle)).toBeGreaterThan(Number(wa));
    expect((await pollToEnd(s, cf, tle, '1000A')).state).toMatchObject({
      status: JudgeStatus.TimeLimitExceeded,
      remoteVerdict: 'Time limit exceeded on test 3',
      time: 2000,
    });
  });

  it('reports Compile Error with the full compiler message', async () => {
    const s = await loggedIn();
    const runId = await cf.submit(s, '1000A', '89', '// expect COMPILATION_ERROR\nint main(){ cout << 1; }', null);
    const { state } = await pollToEnd(s, cf, runId, '1000A');
    expect(state).toMatchObject({ status: JudgeStatus.CompileError, remoteVerdict: 'Compilation error', compileMessage: COMPILER_MESSAGE });
  });

  it('keeps the Compile Error verdict with a note when the compiler message cannot be read', async () => {
    const s = await loggedIn();
    const runId = await cf.submit(s, '1000A', '89', '// expect COMPILATION_ERROR\n// no message\n', null);
    site.judgeProtocolBroken = true;
    const { state } = await pollToEnd(s, cf, runId, '1000A');
    expect(state).toMatchObject({ status: JudgeStatus.CompileError });
    expect(state.compileMessage).toMatch(/^\(Codeforces did not show the compiler message: /);
  });

  it('maps an unknown verdict to System Error, keeping the text', async () => {
    const s = await loggedIn();
    const runId = await cf.submit(s, '1000A', '89', '// expect SOMETHING_NEW\n', null);
    const { state } = await pollToEnd(s, cf, runId, '1000A');
    expect(state).toMatchObject({ phase: 'final', status: JudgeStatus.SystemError, remoteVerdict: 'Something new on test 1' });
  });

  it('submits to a Gym contest and polls it to Accepted', async () => {
    const s = await loggedIn();
    const runId = await gym.submit(s, '100001A', '31', 'print(1)', null);
    expect(site.server.log.some((l) => l.startsWith('POST /gym/100001/submit?csrf_token='))).toBe(true);
    expect(site.runs.find((r) => String(r.id) === runId)).toMatchObject({ contestId: '100001', index: 'A' });
    const { state } = await pollToEnd(s, gym, runId, '100001A');
    expect(state).toMatchObject({ status: JudgeStatus.Accepted, remoteVerdict: 'Accepted' });
  });

  it('logs in then submits through the RCPC page', async () => {
    site.rcpc = true;
    const s = session();
    await cf.login(s);
    const runId = await cf.submit(s, '1000A', '89', '// rcpc run\nint main(){}', null);
    expect((await pollToEnd(s, cf, runId, '1000A')).state.status).toBe(JudgeStatus.Accepted);
  });

  it('does not send a submit again when its POST meets the RCPC page', async () => {
    site.rcpc = true;
    const s = session();
    await cf.login(s);
    site.rotateRcpcOnSubmit = true;
    const runs = site.runs.length;
    const posts = site.server.count('POST', '/contest/1000/submit');
    const err = await failure(cf.submit(s, '1000A', '89', '// rotated\n', null));
    expect(err).toMatchObject({ step: 'submit', kind: 'challenge' });
    expect(site.server.count('POST', '/contest/1000/submit')).toBe(posts + 1);
    expect(site.runs.length).toBe(runs);
  });

  it('finds the run with latestRunId when the answer names none', async () => {
    const s = await loggedIn();
    const before = await cf.latestRunId(s, '1000A');
    site.submitLandsHome = true;
    const runId = await cf.submit(s, '1000A', '89', '// lands home\nint main(){}', before);
    expect(runId).toBe(String(site.runs.at(-1)!.id));
    expect(before === null || Number(runId) > Number(before)).toBe(true);
  });

  it("throws no-run-id when the account's newest run is not newer than before", async () => {
    const s = await loggedIn();
    await cf.submit(s, '1000A', '89', '// an earlier run\nint main(){}', null);
    const before = await cf.latestRunId(s, '1000A');
    expect(before).not.toBeNull();
    site.submitLost = true;
    const err = await failure(cf.submit(s, '1000A', '89', '// lost\nint main(){}', before));
    expect(err).toMatchObject({ step: 'submit', kind: 'no-run-id' });
    expect(err.message).toMatch(/^\[CF\] submit: /);
  });

  it('reports the rate limit with the time to wait', async () => {
    const s = await loggedIn();
    site.rateLimitSeconds = 30;
    const err = await failure(cf.submit(s, '1000A', '89', '// too fast\n', null));
    expect(err).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: 30_000 });
    expect(err.message).toContain('[CF] submit: You have submitted too often. Please wait 30 seconds');
  });

  it('reports a duplicate submit and an unknown language as rejected', async () => {
    const s = await loggedIn();
    await cf.submit(s, '1000A', '89', '// same code\n', null);
    const dup = await failure(cf.submit(s, '1000A', '89', '// same code\n', null));
    expect(dup).toMatchObject({ kind: 'rejected', message: '[CF] submit: You have submitted exactly the same code before' });
    const lang = await failure(cf.submit(s, '1000A', '999', '// other\n', null));
    expect(lang).toMatchObject({ kind: 'rejected', message: '[CF] submit: Choose valid language' });
  });

  it('reports the Cloudflare wall, 5xx and an unparsable status page on submit and poll', async () => {
    const s = await loggedIn();
    const runId = await cf.submit(s, '1000A', '89', '// for failures\n', null);
    site.cloudflare = true;
    expect(await failure(cf.submit(s, '1000A', '89', '// walled\n', null))).toMatchObject({
      step: 'submit',
      kind: 'challenge',
      message: '[CF] submit: Cloudflare challenge (HTTP 403)',
    });
    expect(await failure(cf.poll(s, runId, '1000A'))).toMatchObject({ step: 'poll', kind: 'challenge' });
    site.cloudflare = false;
    site.down = true;
    expect(await failure(cf.poll(s, runId, '1000A'))).toMatchObject({ step: 'poll', kind: 'unavailable', message: '[CF] poll: HTTP 502' });
    expect(await failure(cf.submit(s, '1000A', '89', '// down\n', null))).toMatchObject({ step: 'submit', kind: 'unavailable' });
    site.down = false;
    site.garbledStatus = true;
    expect(await failure(cf.poll(s, runId, '1000A'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
    expect(await failure(cf.latestRunId(s, '1000A'))).toMatchObject({ step: 'submit', kind: 'unparsable' });
    site.garbledStatus = false;
    expect(await failure(cf.poll(s, '1', '1000A'))).toMatchObject({
      step: 'poll',
      kind: 'unparsable',
      message: '[CF] poll: run 1 is not on the status page',
    });
  });

  it('does not post a submit for a session that is not logged in', async () => {
    const s = session();
    const posts = site.submitForms.length;
    expect(await failure(cf.submit(s, '1000A', '89', '// anon\n', null))).toMatchObject({ step: 'submit', kind: 'unavailable' });
    expect(site.submitForms.length).toBe(posts);
  });
});
