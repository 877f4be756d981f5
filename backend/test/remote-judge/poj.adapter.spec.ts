/**
 * The POJ adapter against its replay (replay/poj-replay.ts): importing a problem from a GBK page, logging in,
 * submitting and polling a run to each kind of verdict, and every way the site fails ending as a RemoteJudgeError that
 * names the step and the cause. No test touches the internet: the adapter's HTTP client points at the replay.
 */
import { JudgeStatus } from '@oj/contracts';
import { RemoteHttp, RemoteHttpFailure } from '../../src/modules/remote-judge/http/remote-http';
import { RemoteJudgeError, type RemoteRunState, type RemoteSession } from '../../src/modules/remote-judge/sites/site-adapter';
import { PojAdapter } from '../../src/modules/remote-judge/sites/poj/poj.adapter';
import { PojReplay } from './replay/poj-replay';

const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d%d", &a, &b); printf("%d\\n", a + b); } // 求和';

describe('PojAdapter', () => {
  const adapter = new PojAdapter();
  const site = new PojReplay();

  beforeAll(() => site.start());
  afterAll(() => site.stop());
  beforeEach(() => {
    site.failure = null;
  });

  const http = () => new RemoteHttp({ baseUrl: site.url, charset: adapter.defaultCharset });
  const newSession = (password = 'right-password'): RemoteSession => ({ account: { username: 'hojbot', password }, http: http() });
  const loggedIn = async () => {
    const session = newSession();
    await adapter.login(session);
    return session;
  };
  const pollToEnd = async (session: RemoteSession, runId: string) => {
    const seen: RemoteRunState[] = [];
    for (let i = 0; i < 10; i++) {
      const state = await adapter.poll(session, runId, '1000');
      seen.push(state);
      if (state.phase === 'final') return seen;
    }
    throw new Error(`run ${runId} never finished: ${JSON.stringify(seen)}`);
  };
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RemoteJudgeError);
    return err as RemoteJudgeError;
  };

  describe('fetchProblem', () => {
    it('reads a problem: title, limits in ms/MB, statement parts, sample, hint, source and the original URL', async () => {
      const p = await adapter.fetchProblem(http(), '1000');
      expect(p).toMatchObject({
        problemId: 'POJ-1000',
        remoteId: '1000',
        title: 'A+B Problem',
        timeLimit: 1000,
        // 10000K is 9.77 MB: rounded up, never tighter than POJ's own limit
        memoryLimit: 10,
        description: 'Calculate a+b',
        input: 'Two integer a,b (0&lt;=a,b&lt;=10)',
        output: 'Output a+b',
        source: 'POJ',
        tags: [],
        examples: [{ input: '1 2\n', output: '3\n' }],
        url: `${site.url}/problem?id=1000`,
      });
      expect(p.hint).toContain('read input from stdin (Standard Input)');
    });

    it('decodes a GBK page, makes image links absolute and reads every sample pair', async () => {
      const p = await adapter.fetchProblem(http(), '2451');
      expect(p.title).toBe('半平面的交');
      expect(p.timeLimit).toBe(3000);
      expect(p.memoryLimit).toBe(64);
      expect(p.description).toContain('求它们的交的面积');
      expect(p.description).toContain(`<img src="${site.url}/images/2451_1.jpg">`);
      expect(p.examples).toEqual([
        { input: '3\n10000 10000 0 5000\n10000 5000 5000 10000\n0 5000 5000 0\n', output: '54166666.7\n' },
        { input: '1\n0 0 1 0\n', output: '10000000000.0\n' },
      ]);
      expect(p.hint).toBe('坐标范围是 [0, 10000]。');
      expect(p.source).toBe('POJ Monthly，张宇');
    });

    it("reports a problem POJ does not have, and an id that is not POJ's, as not-found", async () => {
      const missing = await failure(adapter.fetchProblem(http(), '99999'));
      expect(missing).toMatchObject({ site: 'POJ', step: 'fetch', kind: 'not-found' });
      expect(missing.message).toBe('[POJ] fetch: no problem 99999');
      const before = site.server.log.length;
      expect(await failure(adapter.fetchProblem(http(), 'abc'))).toMatchObject({ step: 'fetch', kind: 'not-found' });
      expect(site.server.log.length).toBe(before);
    });

    it('reports a page that is not a problem page as unparsable', async () => {
      site.failure = 'garbage';
      const err = await failure(adapter.fetchProblem(http(), '1000'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'unparsable' });
      expect(err.message).toMatch(/^\[POJ\] fetch: /);
    });
  });

  describe('login', () => {
    it('logs in with the right password and the session then counts as logged in', async () => {
      const session = newSession();
      expect(await adapter.isLoggedIn(session)).toBe(false);
      await adapter.login(session);
      expect(await adapter.isLoggedIn(session)).toBe(true);
      expect(await session.http.cookie('JSESSIONID')).toMatch(/^POJSESS/);
    });

    it('refuses a wrong password (POJ\'s "Login failed!" alert)', async () => {
      const err = await failure(adapter.login(newSession('wrong')));
      expect(err).toMatchObject({ site: 'POJ', step: 'login', kind: 'login-refused' });
      expect(err.message).toBe('[POJ] login: wrong user id or password');
    });

    it('uses a pasted session cookie without posting the password', async () => {
      const first = await loggedIn();
      const session: RemoteSession = {
        account: { username: 'hojbot', password: 'not-used', cookie: `JSESSIONID=${await first.http.cookie('JSESSIONID')}` },
        http: http(),
      };
      const posts = site.server.count('POST', '/login');
      await adapter.login(session);
      expect(site.server.count('POST', '/login')).toBe(posts);
      expect(await adapter.isLoggedIn(session)).toBe(true);
    });
  });

  describe('submit and poll', () => {
    it('submits base64-encoded source, finds the run and polls it through queued, judging to Accepted', async () => {
      const session = await loggedIn();
      const before = await adapter.latestRunId(session, '1000');
      const runId = await adapter.submit(session, '1000', '0', CODE, before);
      expect(site.runs.find((r) => String(r.id) === runId)).toMatchObject({
        user: 'hojbot',
        problemId: '1000',
        language: 'G++',
        code: CODE,
      });
      const seen = await pollToEnd(session, runId);
      expect(seen.map((s) => s.phase)).toEqual(['queued', 'judging', 'judging', 'final']);
      expect(seen.map((s) => s.remoteVerdict)).toEqual(['Waiting', 'Compiling', 'Running & Judging', 'Accepted']);
      expect(seen[3].status).toBe(JudgeStatus.Accepted);
      expect(seen[3].memory).toBeGreaterThanOrEqual(160);
      expect(seen[3].time).toEqual(expect.any(Number));
    });

    it.each([
      ['Wrong Answer', JudgeStatus.WrongAnswer],
      ['Time Limit Exceeded', JudgeStatus.TimeLimitExceeded],
      ['Memory Limit Exceeded', JudgeStatus.MemoryLimitExceeded],
      ['Runtime Error', JudgeStatus.RuntimeError],
      ['Output Limit Exceeded', JudgeStatus.WrongAnswer],
    ])('maps %s', async (text, status) => {
      const session = await loggedIn();
      const runId = await adapter.submit(session, '1000', '4', `${CODE}/*verdict:${text}*/`, await adapter.latestRunId(session, '1000'));
      expect((await pollToEnd(session, runId)).at(-1)).toMatchObject({ phase: 'final', status, remoteVerdict: text });
    });

    it('reads the full compiler message of a Compile Error', async () => {
      const session = await loggedIn();
      const runId = await adapter.submit(session, '1000', '0', `${CODE}/*verdict:Compile Error*/`, null);
      const final = (await pollToEnd(session, runId)).at(-1)!;
      expect(final).toMatchObject({ phase: 'final', status: JudgeStatus.CompileError, remoteVerdict: 'Compile Error' });
      expect(final.compileMessage).toBe(
        `Main.cpp\nF:\\temp\\${runId}\\Main.cpp(2) : error C2065: 'x' : undeclared identifier\n` +
          `F:\\temp\\${runId}\\Main.cpp(2) : error C2440: '=' : cannot convert from 'const char [3]' to 'int' & more`,
      );
    });

    it('keeps a result text it does not know as SystemError with the text', async () => {
      const session = await loggedIn();
      const runId = await adapter.submit(session, '1000', '0', `${CODE}/*verdict:Judging Delayed*/`, null);
      expect((await pollToEnd(session, runId)).at(-1)).toEqual({
        phase: 'final',
        status: JudgeStatus.SystemError,
        remoteVerdict: 'Judging Delayed',
      });
    });

    it("latestRunId answers the account's newest run on the problem, or null", async () => {
      const session = await loggedIn();
      expect(await adapter.latestRunId(session, '2451')).toBeNull();
      site.addRun('someone-else', '2451');
      const mine = site.addRun('hojbot', '2451');
      site.addRun('hojbot', '1000');
      expect(await adapter.latestRunId(session, '2451')).toBe(String(mine.id));
    });
  });

  describe('failures', () => {
    it('a submit whose run never shows up is no-run-id, not the older run', async () => {
      const session = await loggedIn();
      await adapter.submit(session, '1000', '0', CODE, null);
      const before = await adapter.latestRunId(session, '1000');
      site.failure = 'lose-run';
      const err = await failure(adapter.submit(session, '1000', '0', CODE, before));
      expect(err).toMatchObject({ step: 'submit', kind: 'no-run-id' });
      expect(err.message).toMatch(/^\[POJ\] submit: /);
    });

    it('a request to wait is rate-limited with the wait', async () => {
      const session = await loggedIn();
      site.failure = 'rate-limit';
      const err = await failure(adapter.submit(session, '1000', '0', CODE, null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: 10_000 });
      expect(err.message).toBe('[POJ] submit: Please wait 10 seconds before you submit again.');
    });

    it('an "Error Occurred" page on a submit is rejected, with its words', async () => {
      const session = await loggedIn();
      const err = await failure(adapter.submit(session, '1000', '0', 'int x;', null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rejected' });
      expect(err.message).toContain('Source code too short');
    });

    it('a submit after the session expired is login-refused', async () => {
      const session = await loggedIn();
      site.sessions.set((await session.http.cookie('JSESSIONID'))!, null);
      expect(await failure(adapter.submit(session, '1000', '0', CODE, null))).toMatchObject({ step: 'submit', kind: 'login-refused' });
    });

    it('a language POJ does not list is rejected before anything is sent', async () => {
      const session = await loggedIn();
      const before = site.server.count('POST', '/submit');
      expect(await failure(adapter.submit(session, '1000', '7', CODE, null))).toMatchObject({ step: 'submit', kind: 'rejected' });
      expect(site.server.count('POST', '/submit')).toBe(before);
    });

    it('a Cloudflare 403 is a challenge at the step it met', async () => {
      const session = newSession();
      site.failure = 'challenge';
      const err = await failure(adapter.login(session));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.message).toBe('[POJ] login: Cloudflare challenge (HTTP 403)');
      expect(await failure(adapter.poll(session, '25000001', '1000'))).toMatchObject({ step: 'poll', kind: 'challenge' });
    });

    it('a 5xx, and POJ\'s own "temporarily unavailable" page, are unavailable', async () => {
      const session = await loggedIn();
      site.failure = 'down';
      const err = await failure(adapter.poll(session, '25000001', '1000'));
      expect(err).toMatchObject({ step: 'poll', kind: 'unavailable' });
      expect(err.message).toBe('[POJ] poll: the site answered HTTP 503');
      site.failure = 'overloaded';
      expect(await failure(adapter.submit(session, '1000', '0', CODE, null))).toMatchObject({ step: 'submit', kind: 'unavailable' });
    });

    it('an HTTP 429 is rate-limited with the Retry-After wait', async () => {
      site.failure = 'too-many';
      const err = await failure(adapter.fetchProblem(http(), '1000'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'rate-limited', retryAfterMs: 30_000 });
      expect(err.message).toBe('[POJ] fetch: too many requests (HTTP 429)');
    });

    it('a status page without the status table is unparsable', async () => {
      const session = await loggedIn();
      site.failure = 'garbage';
      expect(await failure(adapter.poll(session, '25000001', '1000'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      expect(await failure(adapter.latestRunId(session, '1000'))).toMatchObject({ step: 'submit', kind: 'unparsable' });
    });

    it('a run the status list does not show is not-found', async () => {
      const session = await loggedIn();
      expect(await failure(adapter.poll(session, '24000000', '1000'))).toMatchObject({ step: 'poll', kind: 'not-found' });
    });

    it('a site that does not answer is a RemoteHttpFailure, passed on unchanged', async () => {
      const closed = new PojReplay();
      const url = await closed.start();
      await closed.stop();
      const err = await adapter.fetchProblem(new RemoteHttp({ baseUrl: url, charset: 'gbk' }), '1000').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteHttpFailure);
    });
  });
});
