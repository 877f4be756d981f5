/**
 * The BAS adapter (信息学奥赛一本通·启蒙版) against its replay: a problem imported with its limits, statement parts,
 * samples and absolute image links; a login with the password, refused, stopped by the captcha, or skipped by a
 * pasted session cookie; runs submitted and polled from Waiting through Judging to Accepted, Wrong Answer, Time
 * Limit Exceeded, Compile Error (with the compiler's whole output) and a result text the adapter does not know;
 * and each way the site fails, answered as a RemoteJudgeError with its step and kind, or, for a site that does not
 * answer, the transport's own failure.
 */
import { JudgeStatus } from '@oj/contracts';
import { RemoteHttp, RemoteHttpFailure } from '../../src/modules/remote-judge/http/remote-http';
import { BasAdapter } from '../../src/modules/remote-judge/sites/bas/bas.adapter';
import { RemoteJudgeError, type RemoteRunState, type RemoteSession } from '../../src/modules/remote-judge/sites/site-adapter';
import { BAS_COMPILE_MESSAGE, BAS_PASSWORD, BAS_USER, BasReplay } from './replay/bas-replay';

const A_PLUS_B = '#include <iostream>\nint main() { int a, b; std::cin >> a >> b; std::cout << a + b; }\n';

describe('BasAdapter against the BAS replay', () => {
  const replay = new BasReplay();
  const adapter = new BasAdapter();

  beforeAll(() => replay.start());
  afterAll(() => replay.stop());
  beforeEach(() => {
    replay.switches = BasReplay.normal();
    replay.server.latencyMs = 0;
  });

  const http = (timeoutMs?: number) => new RemoteHttp({ baseUrl: replay.url, charset: adapter.defaultCharset, timeoutMs });
  const session = (account: Partial<RemoteSession['account']> = {}): RemoteSession => ({
    account: { username: BAS_USER, password: BAS_PASSWORD, ...account },
    http: http(),
  });
  const loggedIn = async () => {
    const s = session();
    await adapter.login(s);
    return s;
  };
  /** Polls until the run is final, keeping the phases seen on the way. */
  const pollToEnd = async (s: RemoteSession, runId: string, pid: string) => {
    const phases: string[] = [];
    for (let i = 0; i < 10; i++) {
      const state = await adapter.poll(s, runId, pid);
      phases.push(state.phase);
      if (state.phase === 'final') return { state, phases };
    }
    throw new Error(`run ${runId} never became final`);
  };
  const submitAndJudge = async (code: string, pid = '1001'): Promise<{ state: RemoteRunState; phases: string[] }> => {
    const s = await loggedIn();
    const runId = await adapter.submit(s, pid, '7', code, await adapter.latestRunId(s, pid));
    expect(runId).toMatch(/^\d+$/);
    return pollToEnd(s, runId, pid);
  };
  const failure = async (promise: Promise<unknown>): Promise<RemoteJudgeError> => {
    const err: unknown = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RemoteJudgeError);
    return err as RemoteJudgeError;
  };

  describe('the site', () => {
    it('lists its languages with their form values and checks ids before asking', async () => {
      expect(adapter.site).toBe('BAS');
      expect(adapter.languages.map((l) => [l.key, l.name])).toEqual([
        ['7', 'G++14'],
        ['1', 'G++'],
        ['2', 'GCC'],
        ['3', 'Java'],
        ['4', 'Pascal'],
        ['5', 'Python'],
      ]);
      expect(adapter.languages.every((l) => l.contentType)).toBe(true);
      expect(adapter.remoteIdPattern.test('1001')).toBe(true);
      expect(adapter.remoteIdPattern.test('P1001')).toBe(false);
      expect(adapter.remoteIdPattern.test('1000A')).toBe(false);
      const before = replay.server.log.length;
      const err = await failure(adapter.fetchProblem(http(), '../etc'));
      expect(err).toMatchObject({ site: 'BAS', step: 'fetch', kind: 'not-found' });
      expect(replay.server.log.length).toBe(before);
    });
  });

  describe('fetchProblem', () => {
    it('imports a problem: title, limits, statement parts, samples, absolute links, source and URL', async () => {
      const p = await adapter.fetchProblem(http(), '1001');
      expect(p).toMatchObject({
        problemId: 'BAS-1001',
        remoteId: '1001',
        title: '【例1.1】 两个数的和',
        timeLimit: 1000,
        memoryLimit: 64,
        examples: [{ input: '3 5\n', output: '8\n' }],
        tags: [],
        source: '信息学奥赛一本通·启蒙版 第1章',
        url: `${replay.url}/problem_show.php?pid=1001`,
      });
      expect(p.description).toContain('第一堆有<b>a</b>个');
      expect(p.description).toContain(`src="${replay.url}/pic/1001-apples.png"`);
      expect(p.description).toContain(`href="${replay.url}/help/apples.html"`);
      expect(p.description).not.toContain('pshow');
      expect(p.input).toBe('<p>一行，两个整数a和b（0≤a,b≤10000），用空格隔开。</p>');
      expect(p.output).toBe('<p>一个整数，表示苹果的总数。</p>');
      expect(p.hint).toContain(`src="${replay.url}/upload/hint/1001.jpg"`);
      expect(p.interactive).toBeFalsy();
    });

    it('keeps a multi-line sample as written and names the site as source when the page has none', async () => {
      const p = await adapter.fetchProblem(http(), '1002');
      expect(p).toMatchObject({ title: '输出字符画', timeLimit: 2000, memoryLimit: 128, source: '信息学奥赛一本通·启蒙版' });
      expect(p.examples).toEqual([{ input: '（无）\n', output: '  *\n ***\n*****\n' }]);
    });

    it('answers not-found for an id the site does not have', async () => {
      const err = await failure(adapter.fetchProblem(http(), '9999'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'not-found' });
      expect(err.message).toBe('[BAS] fetch: no problem 9999');
    });

    it('answers unparsable for a page of another shape', async () => {
      replay.switches.garbled = true;
      const err = await failure(adapter.fetchProblem(http(), '1001'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'unparsable' });
    });
  });

  describe('login', () => {
    it('logs in with the password and the session cookie then holds the login', async () => {
      const s = session();
      expect(await adapter.isLoggedIn(s)).toBe(false);
      const posts = replay.server.count('POST', '/login.php');
      await adapter.login(s);
      expect(replay.server.count('POST', '/login.php')).toBe(posts + 1);
      expect(await s.http.cookie('PHPSESSID')).toBeTruthy();
      expect(await adapter.isLoggedIn(s)).toBe(true);
    });

    it('sends back the hidden token the login form carries', async () => {
      replay.switches.csrf = true;
      const s = session();
      await adapter.login(s);
      expect(await adapter.isLoggedIn(s)).toBe(true);
    });

    it('is refused with a wrong password, with the site words', async () => {
      const err = await failure(adapter.login(session({ password: 'nope' })));
      expect(err).toMatchObject({ step: 'login', kind: 'login-refused' });
      expect(err.message).toBe('[BAS] login: 用户名或密码错误！');
    });

    it('reports the captcha as a challenge asking for a pasted cookie', async () => {
      replay.switches.captcha = true;
      const err = await failure(adapter.login(session()));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.message).toContain('验证码错误');
      expect(err.message).toContain('cookie');
    });

    it('uses a pasted session cookie without posting the login form, captcha or not', async () => {
      replay.switches.captcha = true;
      const s = session({ cookie: replay.loggedInCookie(), password: '' });
      const posts = replay.server.count('POST', '/login.php');
      await adapter.login(s);
      expect(replay.server.count('POST', '/login.php')).toBe(posts);
      expect(await adapter.isLoggedIn(s)).toBe(true);
    });

    it('refuses a pasted cookie that is no longer logged in when there is no password to fall back on', async () => {
      const err = await failure(adapter.login(session({ cookie: 'PHPSESSID=expired1', password: '' })));
      expect(err).toMatchObject({ step: 'login', kind: 'login-refused' });
    });

    it('reports a bot wall on the login page as a challenge', async () => {
      replay.switches.challenge = true;
      const err = await failure(adapter.login(session()));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.message).toBe('[BAS] login: Cloudflare challenge (HTTP 403)');
    });
  });

  describe('submit and poll', () => {
    it('follows an accepted run from Waiting through Judging to Accepted with its time and memory', async () => {
      const { state, phases } = await submitAndJudge(A_PLUS_B);
      expect(phases).toEqual(['queued', 'judging', 'final']);
      expect(state).toEqual({
        phase: 'final',
        remoteVerdict: 'Accepted|30',
        status: JudgeStatus.Accepted,
        score: 30,
        time: 15,
        memory: 1160,
      });
    });

    it('gives Wrong Answer from the first failing test of an Unaccepted run', async () => {
      const { state } = await submitAndJudge(`${A_PLUS_B}// WRONG`);
      expect(state).toMatchObject({ phase: 'final', status: JudgeStatus.WrongAnswer, remoteVerdict: 'Unaccepted|10', score: 10 });
    });

    it('gives Time Limit Exceeded with the slowest test time', async () => {
      const { state } = await submitAndJudge(`${A_PLUS_B}// LOOP`);
      expect(state).toMatchObject({ status: JudgeStatus.TimeLimitExceeded, time: 1000, memory: 1140 });
    });

    it('gives Compile Error with the compiler output in full', async () => {
      const { state } = await submitAndJudge('int main() { cout << a + b SYNTAX }');
      expect(state).toMatchObject({ phase: 'final', status: JudgeStatus.CompileError, remoteVerdict: 'Compile Error' });
      expect(state.compileMessage).toBe(BAS_COMPILE_MESSAGE);
    });

    it('gives System Error for a result text it does not know, keeping the text', async () => {
      const { state } = await submitAndJudge(`${A_PLUS_B}// NODATA`);
      expect(state).toMatchObject({ phase: 'final', status: JudgeStatus.SystemError, remoteVerdict: 'Problem Disabled (No Data)' });
    });

    it('finds a run the answer did not name by the account newest run, newer than before', async () => {
      const s = await loggedIn();
      replay.seedRun('1001');
      const before = await adapter.latestRunId(s, '1001');
      expect(before).not.toBeNull();
      replay.switches.hideRunId = true;
      const runId = await adapter.submit(s, '1001', '7', A_PLUS_B, before);
      expect(BigInt(runId) > BigInt(before!)).toBe(true);
      expect(replay.runs.get(Number(runId))).toMatchObject({ code: A_PLUS_B, language: '7', user: BAS_USER, pid: '1001' });
      replay.switches.hideRunId = false;
      expect((await pollToEnd(s, runId, '1001')).state.status).toBe(JudgeStatus.Accepted);
    });

    it('answers no-run-id when the answer names no run and the account has none newer', async () => {
      const s = await loggedIn();
      replay.seedRun('1002');
      const before = await adapter.latestRunId(s, '1002');
      replay.switches.dropSubmit = true;
      const err = await failure(adapter.submit(s, '1002', '7', A_PLUS_B, before));
      expect(err).toMatchObject({ step: 'submit', kind: 'no-run-id' });
      expect(err.message).toMatch(/^\[BAS\] submit: /);
    });

    it('is rate-limited on "提交频繁啦！", with the wait when the site names one', async () => {
      const s = await loggedIn();
      replay.switches.rateLimit = '';
      const plain = await failure(adapter.submit(s, '1001', '7', A_PLUS_B, null));
      expect(plain).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: undefined });
      expect(plain.message).toBe('[BAS] submit: 提交频繁啦！');
      replay.switches.rateLimit = '请10秒后再提交。';
      const timed = await failure(adapter.submit(s, '1001', '7', A_PLUS_B, null));
      expect(timed).toMatchObject({ kind: 'rate-limited', retryAfterMs: 10_000 });
    });

    it('is rejected for code calling a forbidden function', async () => {
      const s = await loggedIn();
      const err = await failure(adapter.submit(s, '1001', '7', 'int main() { system("ls"); }', null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rejected' });
      expect(err.message).toContain('被限制的函数');
    });

    it('reports a session the site no longer knows as login-refused', async () => {
      const err = await failure(adapter.submit(session(), '1001', '7', A_PLUS_B, null));
      expect(err).toMatchObject({ step: 'submit', kind: 'login-refused' });
      expect(err.message).toBe('[BAS] submit: 请先登录！');
    });

    it('reports the site down (5xx) as unavailable and a bot wall as a challenge', async () => {
      const s = await loggedIn();
      replay.switches.down = true;
      expect(await failure(adapter.submit(s, '1001', '7', A_PLUS_B, null))).toMatchObject({
        step: 'submit',
        kind: 'unavailable',
        message: '[BAS] submit: the site answered HTTP 502',
      });
      replay.switches.down = false;
      replay.switches.challenge = true;
      expect(await failure(adapter.submit(s, '1001', '7', A_PLUS_B, null))).toMatchObject({ step: 'submit', kind: 'challenge' });
    });

    it('answers unparsable for a status answer of another shape, and for another run', async () => {
      const s = await loggedIn();
      const runId = await adapter.submit(s, '1001', '7', A_PLUS_B, null);
      replay.switches.garbled = true;
      expect(await failure(adapter.poll(s, runId, '1001'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      expect(await failure(adapter.latestRunId(s, '1001'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      replay.switches.garbled = false;
      // a session that is not the run's: the site answers an empty page
      const other = session();
      expect(await failure(adapter.poll(other, runId, '1001'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
    });

    it('lets a transport failure through unchanged (the pipeline resolves it, never by submitting again)', async () => {
      const s = await loggedIn();
      const slow: RemoteSession = { account: s.account, http: new RemoteHttp({ baseUrl: replay.url, jar: s.http.jar, timeoutMs: 100 }) };
      replay.server.latencyMs = 400;
      const err: unknown = await adapter.submit(slow, '1001', '7', A_PLUS_B, null).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteHttpFailure);
      expect((err as RemoteHttpFailure).reason).toBe('timeout');
    });
  });
});
