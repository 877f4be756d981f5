/**
 * The HDU adapter against its replay (replay/hdu-replay.ts): importing a problem from a GBK page, logging in, submitting
 * and polling a run to each kind of verdict, and every way the site fails ending as a RemoteJudgeError that names the
 * step and the cause. No test touches the internet: the adapter's HTTP client points at the replay's loopback port.
 */
import { JudgeStatus } from '@oj/contracts';
import { RemoteHttp, RemoteHttpFailure } from '../../src/modules/remote-judge/http/remote-http';
import { RemoteJudgeError, type RemoteRunState, type RemoteSession } from '../../src/modules/remote-judge/sites/site-adapter';
import { HduAdapter } from '../../src/modules/remote-judge/sites/hdu/hdu.adapter';
import { HduReplay } from './replay/hdu-replay';

const CODE = '#include <iostream>\nint main() { int a, b; while (std::cin >> a >> b) std::cout << a + b << "\\n"; } // 中文注释';

describe('HduAdapter', () => {
  const adapter = new HduAdapter();
  const site = new HduReplay();

  beforeAll(() => site.start());
  afterAll(() => site.stop());
  beforeEach(() => {
    site.failure = null;
  });

  const newSession = (password = 'right-password'): RemoteSession => ({
    account: { username: 'hojbot', password },
    http: new RemoteHttp({ baseUrl: site.url, charset: adapter.defaultCharset }),
  });
  const loggedIn = async () => {
    const session = newSession();
    await adapter.login(session);
    return session;
  };
  /** Polls until the run is final, keeping every state seen (the replay moves a run on one step per read). */
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
    it('reads a problem: title, limits in ms/MB, statement parts, sample and the original URL', async () => {
      const p = await adapter.fetchProblem(new RemoteHttp({ baseUrl: site.url, charset: 'gbk' }), '1000');
      expect(p).toMatchObject({
        problemId: 'HDU-1000',
        remoteId: '1000',
        title: 'A + B Problem',
        timeLimit: 1000,
        memoryLimit: 32,
        description: 'Calculate <i>A + B</i>.',
        input: 'Each line will contain two integers <i>A</i> and <i>B</i>. Process to end of file.',
        output: 'For each case, output <i>A + B</i> in one line.',
        hint: '',
        tags: [],
        examples: [{ input: '1 1\n', output: '2\n' }],
        url: `${site.url}/showproblem.php?pid=1000`,
      });
    });

    it('decodes a GBK page, makes image links absolute and takes the hint out of the sample box', async () => {
      const p = await adapter.fetchProblem(new RemoteHttp({ baseUrl: site.url, charset: 'gbk' }), '2050');
      expect(p.title).toBe('折线分割平面');
      expect(p.description).toContain('一条折线最多能把平面分成几部分');
      expect(p.description).toContain(`<img src="${site.url}/data/images/2050-1.jpg">`);
      expect(p.input).toContain('(0&lt;n&lt;=10000)');
      expect(p.examples).toEqual([{ input: '2\n1\n2\n', output: '2\n7\n' }]);
      expect(p.hint).toBe('先想 n 条直线的情况，再看一条折线比两条直线少了几部分。');
      expect(p.source).toBe('递推求解专题练习（For Beginner）');
      expect(p.timeLimit).toBe(1000);
      expect(p.memoryLimit).toBe(32);
    });

    it("reports a problem HDU does not have, and an id that is not HDU's, as not-found", async () => {
      const http = new RemoteHttp({ baseUrl: site.url, charset: 'gbk' });
      const missing = await failure(adapter.fetchProblem(http, '99999'));
      expect(missing).toMatchObject({ site: 'HDU', step: 'fetch', kind: 'not-found' });
      expect(missing.message).toBe('[HDU] fetch: no problem 99999');
      const before = site.server.log.length;
      expect(await failure(adapter.fetchProblem(http, '1000A'))).toMatchObject({ step: 'fetch', kind: 'not-found' });
      expect(site.server.log.length).toBe(before);
    });

    it('reports a page that is not a problem page as unparsable', async () => {
      site.failure = 'garbage';
      const err = await failure(adapter.fetchProblem(new RemoteHttp({ baseUrl: site.url, charset: 'gbk' }), '1000'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'unparsable' });
      expect(err.message).toMatch(/^\[HDU\] fetch: /);
    });
  });

  describe('login', () => {
    it('logs in with the right password and the session then counts as logged in', async () => {
      const session = newSession();
      expect(await adapter.isLoggedIn(session)).toBe(false);
      await adapter.login(session);
      expect(await adapter.isLoggedIn(session)).toBe(true);
      expect(await session.http.cookie('PHPSESSID')).toMatch(/^hdusess/);
    });

    it("refuses a wrong password with HDU's words", async () => {
      const err = await failure(adapter.login(newSession('wrong')));
      expect(err).toMatchObject({ site: 'HDU', step: 'login', kind: 'login-refused' });
      expect(err.message).toBe('[HDU] login: no such user or wrong password');
    });

    it('uses a pasted session cookie without posting the password', async () => {
      const first = await loggedIn();
      const cookie = `PHPSESSID=${await first.http.cookie('PHPSESSID')}`;
      const session: RemoteSession = {
        account: { username: 'hojbot', password: 'not-used', cookie },
        http: new RemoteHttp({ baseUrl: site.url, charset: 'gbk' }),
      };
      const posts = site.server.count('POST', '/userloginex.php');
      await adapter.login(session);
      expect(site.server.count('POST', '/userloginex.php')).toBe(posts);
      expect(await adapter.isLoggedIn(session)).toBe(true);
    });
  });

  describe('submit and poll', () => {
    it("submits (code sent as the site's own form does), finds the run and polls it through queued, judging to Accepted", async () => {
      const session = await loggedIn();
      const before = await adapter.latestRunId(session, '1000');
      const runId = await adapter.submit(session, '1000', '0', CODE, before);
      const run = site.runs.find((r) => String(r.id) === runId)!;
      expect(run).toMatchObject({ user: 'hojbot', problemId: '1000', language: 'G++', code: CODE });
      const seen = await pollToEnd(session, runId);
      expect(seen.map((s) => s.phase)).toEqual(['queued', 'judging', 'final']);
      expect(seen[0].remoteVerdict).toBe('Queuing');
      expect(seen[2]).toMatchObject({ status: JudgeStatus.Accepted, remoteVerdict: 'Accepted' });
      expect(seen[2].time).toBeGreaterThanOrEqual(15);
      expect(seen[2].memory).toBeGreaterThanOrEqual(1700);
    });

    it.each([
      ['Wrong Answer', JudgeStatus.WrongAnswer],
      ['Time Limit Exceeded', JudgeStatus.TimeLimitExceeded],
      ['Presentation Error', JudgeStatus.PresentationError],
      ['Runtime Error (STACK_OVERFLOW)', JudgeStatus.RuntimeError],
    ])('maps %s', async (text, status) => {
      const session = await loggedIn();
      const runId = await adapter.submit(session, '1000', '2', `${CODE}/*verdict:${text}*/`, await adapter.latestRunId(session, '1000'));
      const final = (await pollToEnd(session, runId)).at(-1)!;
      expect(final).toMatchObject({ phase: 'final', status, remoteVerdict: text });
    });

    it('reads the full compiler message of a Compilation Error', async () => {
      const session = await loggedIn();
      const runId = await adapter.submit(session, '1000', '0', `${CODE}/*verdict:Compilation Error*/`, null);
      const final = (await pollToEnd(session, runId)).at(-1)!;
      expect(final).toMatchObject({ phase: 'final', status: JudgeStatus.CompileError, remoteVerdict: 'Compilation Error' });
      expect(final.compileMessage).toBe(
        `0_0_${runId}_24512\\Main.cpp\n0_0_${runId}_24512\\Main.cpp(3) : error C2065: 'cout' : undeclared identifier\n` +
          `0_0_${runId}_24512\\Main.cpp(3) : error C2143: syntax error : missing ';' before '<<'`,
      );
    });

    it('keeps a verdict text it does not know as SystemError with the text', async () => {
      const session = await loggedIn();
      const runId = await adapter.submit(session, '1000', '0', `${CODE}/*verdict:Judge Hamster Asleep*/`, null);
      const final = (await pollToEnd(session, runId)).at(-1)!;
      expect(final).toEqual({ phase: 'final', status: JudgeStatus.SystemError, remoteVerdict: 'Judge Hamster Asleep' });
    });

    it("latestRunId answers the account's newest run on the problem, or null", async () => {
      const session = await loggedIn();
      expect(await adapter.latestRunId(session, '2050')).toBeNull();
      site.addRun('someone-else', '2050');
      const mine = site.addRun('hojbot', '2050');
      site.addRun('hojbot', '1000');
      expect(await adapter.latestRunId(session, '2050')).toBe(String(mine.id));
    });
  });

  describe('failures', () => {
    it("a submit whose run never shows up is no-run-id, not a guess at someone else's run", async () => {
      const session = await loggedIn();
      const before = await adapter.latestRunId(session, '1000');
      site.failure = 'lose-run';
      const err = await failure(adapter.submit(session, '1000', '0', CODE, before));
      expect(err).toMatchObject({ step: 'submit', kind: 'no-run-id' });
      expect(err.message).toMatch(/^\[HDU\] submit: /);
    });

    it('"Please don\'t re-submit in 5 seconds" is rate-limited with the wait', async () => {
      const session = await loggedIn();
      site.failure = 'rate-limit';
      const err = await failure(adapter.submit(session, '1000', '0', CODE, null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: 5000 });
      expect(err.message).toBe('[HDU] submit: wait 5 seconds before re-submitting');
    });

    it("the site's error box on a submit is rejected, with its words", async () => {
      const session = await loggedIn();
      site.failure = 'reject-code';
      const err = await failure(adapter.submit(session, '1000', '0', 'x', null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rejected' });
      expect(err.message).toContain('Code length is improper!');
    });

    it('a submit after the session expired is login-refused', async () => {
      const session = await loggedIn();
      site.sessions.set((await session.http.cookie('PHPSESSID'))!, null);
      expect(await failure(adapter.submit(session, '1000', '0', CODE, null))).toMatchObject({ step: 'submit', kind: 'login-refused' });
    });

    it('a language HDU does not list is rejected before anything is sent', async () => {
      const session = await loggedIn();
      const before = site.server.count('POST', '/submit.php');
      expect(await failure(adapter.submit(session, '1000', '89', CODE, null))).toMatchObject({ step: 'submit', kind: 'rejected' });
      expect(site.server.count('POST', '/submit.php')).toBe(before);
    });

    it('a Cloudflare 403 is a challenge at the step it met', async () => {
      const session = newSession();
      site.failure = 'challenge';
      const err = await failure(adapter.login(session));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.message).toBe('[HDU] login: Cloudflare challenge (HTTP 403)');
      expect(await failure(adapter.fetchProblem(session.http, '1000'))).toMatchObject({ step: 'fetch', kind: 'challenge' });
    });

    it('a 5xx is unavailable', async () => {
      const session = await loggedIn();
      site.failure = 'down';
      const err = await failure(adapter.poll(session, '41000001', '1000'));
      expect(err).toMatchObject({ step: 'poll', kind: 'unavailable' });
      expect(err.message).toBe('[HDU] poll: the site answered HTTP 502');
      expect(await failure(adapter.submit(session, '1000', '0', CODE, null))).toMatchObject({ step: 'submit', kind: 'unavailable' });
    });

    it('an HTTP 429 is rate-limited with the Retry-After wait', async () => {
      site.failure = 'too-many';
      const err = await failure(adapter.fetchProblem(new RemoteHttp({ baseUrl: site.url, charset: 'gbk' }), '1000'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'rate-limited', retryAfterMs: 30_000 });
      expect(err.message).toBe('[HDU] fetch: too many requests (HTTP 429)');
    });

    it('a status page without the status table is unparsable', async () => {
      const session = await loggedIn();
      site.failure = 'garbage';
      expect(await failure(adapter.poll(session, '41000001', '1000'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      expect(await failure(adapter.latestRunId(session, '1000'))).toMatchObject({ step: 'submit', kind: 'unparsable' });
    });

    it('a run the status page does not list is not-found', async () => {
      const session = await loggedIn();
      expect(await failure(adapter.poll(session, '40000000', '1000'))).toMatchObject({ step: 'poll', kind: 'not-found' });
    });

    it('a site that does not answer is a RemoteHttpFailure, passed on unchanged', async () => {
      const closed = new HduReplay();
      const url = await closed.start();
      await closed.stop();
      const http = new RemoteHttp({ baseUrl: url, charset: 'gbk' });
      const err = await adapter.fetchProblem(http, '1000').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteHttpFailure);
    });
  });
});
