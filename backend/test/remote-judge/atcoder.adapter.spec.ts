/**
 * The AtCoder adapter against its replay (issue 34): a task imported with its limits, statement parts and samples
 * (and an interactive one), the form login and the pasted REVEL_SESSION, submit + poll through to each verdict, and
 * every failure the site can answer with as a RemoteJudgeError naming the step and the kind.
 */
import { JudgeStatus } from '@oj/contracts';
import { RemoteHttp, RemoteHttpFailure } from '../../src/modules/remote-judge/http/remote-http';
import { AtCoderAdapter, atcoderContestOf } from '../../src/modules/remote-judge/sites/atcoder/atcoder.adapter';
import { RemoteJudgeError, type RemoteRunState, type RemoteSession } from '../../src/modules/remote-judge/sites/site-adapter';
import { ATCODER_COMPILE_MESSAGE, AtCoderReplay } from './replay/atcoder-replay';

describe('AtCoderAdapter', () => {
  const site = new AtCoderReplay();
  const adapter = new AtCoderAdapter();

  beforeAll(() => site.start());
  afterAll(() => site.stop());
  afterEach(() => site.reset());

  const http = () => new RemoteHttp({ baseUrl: site.url });
  const session = (password = 'alice-pass', cookie?: string): RemoteSession => ({
    account: { username: 'alice', password, cookie },
    http: http(),
  });
  const loggedIn = async () => {
    const s = session();
    await adapter.login(s);
    return s;
  };
  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RemoteJudgeError);
    return err as RemoteJudgeError;
  };
  /** Polls until final, counting reads: the replay goes WJ -> 1/3 -> verdict. */
  const pollToEnd = async (s: RemoteSession, run: string, task: string) => {
    const seen: RemoteRunState[] = [];
    for (let i = 0; i < 10; i++) {
      const state = await adapter.poll(s, run, task);
      seen.push(state);
      if (state.phase === 'final') return seen;
    }
    throw new Error('run never ended');
  };
  const code = (verdict: string) => `#include <iostream>\nint main() { std::cout << 1; } // verdict: ${verdict}\n`;

  describe('ids', () => {
    it('checks task ids and finds their contest', () => {
      for (const id of ['abc110_a', 'arc001_1', 'typical90_a', 'practice_2']) expect(adapter.remoteIdPattern.test(id)).toBe(true);
      for (const id of ['abc110', 'ABC110_A', '1000', 'abc110_a/../x', '']) expect(adapter.remoteIdPattern.test(id)).toBe(false);
      expect(atcoderContestOf('abc110_a')).toBe('abc110');
      expect(atcoderContestOf('typical90_a')).toBe('typical90');
    });

    it('refuses a malformed id before any request', async () => {
      const before = site.server.log.length;
      const err = await failure(adapter.fetchProblem(http(), 'ABC110'));
      expect(err).toMatchObject({ site: 'AC', step: 'fetch', kind: 'not-found' });
      expect(site.server.log.length).toBe(before);
    });
  });

  describe('fetchProblem', () => {
    it('imports a task: English statement parts, limits, samples, absolute images, the original URL', async () => {
      const p = await adapter.fetchProblem(http(), 'abc110_a');
      expect(p.problemId).toBe('AC-abc110_a');
      expect(p.remoteId).toBe('abc110_a');
      expect(p.title).toBe('Maximize the Formula');
      expect(p.timeLimit).toBe(2000);
      expect(p.memoryLimit).toBe(1024);
      expect(p.url).toBe(`${site.url}/contests/abc110/tasks/abc110_a`);
      expect(p.description).toContain('You have decided to give an allowance');
      expect(p.description).toContain('Score : <var>100</var> points');
      // the Japanese half is not taken when English is there
      expect(p.description).not.toContain('問題文');
      expect(p.description).toContain(`src="${site.url}/img/other/abc110/panels.png"`);
      expect(p.input).toContain('Input is given from Standard Input');
      expect(p.input).toContain('Constraints');
      expect(p.input).toContain('1 \\leq A, B, C \\leq 9');
      expect(p.output).toContain('Print the maximum possible amount');
      expect(p.examples).toEqual([
        { input: '1 5 2\n', output: '53\n' },
        { input: '9 9 9\n', output: '108\n' },
      ]);
      expect(p.tags).toEqual([]);
      expect(p.interactive).toBe(false);
      expect(p.source).toContain('ABC110');
    });

    it('marks an interactive task and keeps its input-and-output section', async () => {
      const p = await adapter.fetchProblem(http(), 'practice_2');
      expect(p.title).toBe('Interactive Sorting');
      expect(p.interactive).toBe(true);
      expect(p.memoryLimit).toBe(256);
      expect(p.input).toContain('you start asking queries');
      expect(p.examples).toEqual([]);
    });

    it('reports a missing task as not-found and a page without a statement as unparsable', async () => {
      expect(await failure(adapter.fetchProblem(http(), 'abc999_z'))).toMatchObject({ step: 'fetch', kind: 'not-found' });
      site.garbled = true;
      const err = await failure(adapter.fetchProblem(http(), 'abc110_a'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'unparsable' });
      expect(err.message).toMatch(/^\[AC\] fetch: /);
    });
  });

  describe('login', () => {
    it('logs in with the form and its csrf_token', async () => {
      const s = session();
      expect(await adapter.isLoggedIn(s)).toBe(false);
      await adapter.login(s);
      expect(await adapter.isLoggedIn(s)).toBe(true);
    });

    it('refuses a wrong password with the site message', async () => {
      const err = await failure(adapter.login(session('wrong')));
      expect(err).toMatchObject({ site: 'AC', step: 'login', kind: 'login-refused' });
      expect(err.message).toBe('[AC] login: Username or Password is incorrect.');
    });

    it('reports the Turnstile-guarded form as a challenge', async () => {
      site.turnstile = true;
      const err = await failure(adapter.login(session()));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.reason).toContain('REVEL_SESSION');
    });

    it('uses a pasted REVEL_SESSION without posting the form, and refuses it once it expired', async () => {
      site.turnstile = true;
      const s = session('unused', `REVEL_SESSION=${site.issueSession('alice')}`);
      const posts = site.server.count('POST', '/login');
      await adapter.login(s);
      expect(site.server.count('POST', '/login')).toBe(posts);
      expect(await adapter.isLoggedIn(s)).toBe(true);

      site.expireSessions();
      const again = session('unused', `REVEL_SESSION=${site.issueSession('bob')}`);
      site.expireSessions();
      expect(await failure(adapter.login(again))).toMatchObject({ step: 'login', kind: 'login-refused' });
    });

    it('reports a Cloudflare interstitial and a down site', async () => {
      site.challenge = true;
      const err = await failure(adapter.login(session()));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.message).toBe('[AC] login: Cloudflare challenge (HTTP 403)');
      site.reset();
      site.down = true;
      expect(await failure(adapter.login(session()))).toMatchObject({ step: 'login', kind: 'unavailable' });
    });
  });

  describe('submit and poll', () => {
    it('submits, finds the run in the account list and polls it queued -> judging -> Accepted', async () => {
      const s = await loggedIn();
      const before = await adapter.latestRunId(s, 'abc110_a');
      const run = await adapter.submit(s, 'abc110_a', '6017', code('AC'), before);
      expect(run).toMatch(/^\d+$/);
      expect(site.runs.find((r) => String(r.id) === run)).toMatchObject({ task: 'abc110_a', language: '6017', code: code('AC') });
      expect(await adapter.latestRunId(s, 'abc110_a')).toBe(run);
      const states = await pollToEnd(s, run, 'abc110_a');
      expect(states.map((x) => x.phase)).toEqual(['queued', 'judging', 'final']);
      expect(states[2]).toEqual({ phase: 'final', remoteVerdict: 'AC', status: JudgeStatus.Accepted, time: 1, memory: 3476 });
    });

    it.each([
      ['WA', JudgeStatus.WrongAnswer],
      ['TLE', JudgeStatus.TimeLimitExceeded],
      ['MLE', JudgeStatus.MemoryLimitExceeded],
      ['RE', JudgeStatus.RuntimeError],
    ])('maps %s', async (label, status) => {
      const s = await loggedIn();
      const run = await adapter.submit(s, 'abc110_a', '6017', code(label), await adapter.latestRunId(s, 'abc110_a'));
      const states = await pollToEnd(s, run, 'abc110_a');
      expect(states[1]).toMatchObject({ phase: 'judging', remoteVerdict: `1/3 ${label}` });
      expect(states.at(-1)).toMatchObject({ phase: 'final', remoteVerdict: label, status });
      if (label === 'TLE') expect(states.at(-1)?.time).toBe(2207);
    });

    it('keeps the full compiler message of a compile error', async () => {
      const s = await loggedIn();
      const run = await adapter.submit(s, 'abc110_a', '6017', code('CE'), await adapter.latestRunId(s, 'abc110_a'));
      const last = (await pollToEnd(s, run, 'abc110_a')).at(-1)!;
      expect(last).toMatchObject({ phase: 'final', status: JudgeStatus.CompileError, remoteVerdict: 'CE' });
      expect(last.compileMessage).toBe(ATCODER_COMPILE_MESSAGE);
    });

    it('gives an unknown verdict as SystemError keeping its text', async () => {
      const s = await loggedIn();
      const run = await adapter.submit(s, 'abc110_a', '6017', code('XYZ'), await adapter.latestRunId(s, 'abc110_a'));
      expect((await pollToEnd(s, run, 'abc110_a')).at(-1)).toMatchObject({
        phase: 'final',
        status: JudgeStatus.SystemError,
        remoteVerdict: 'XYZ',
      });
    });

    it('reports the submit rate limit with the wait the site asked for', async () => {
      const s = await loggedIn();
      site.rateLimitSeconds = 5;
      const err = await failure(adapter.submit(s, 'abc110_a', '6017', code('AC'), null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: 5000 });
      expect(err.message).toBe('[AC] submit: Wait for 5 second to submit again.');
    });

    it('reports a submit whose run never shows up as no-run-id, and does not take an older run for it', async () => {
      const s = await loggedIn();
      await adapter.submit(s, 'abc110_a', '6017', code('AC'), await adapter.latestRunId(s, 'abc110_a'));
      const before = await adapter.latestRunId(s, 'abc110_a');
      expect(before).not.toBeNull();
      site.loseRuns = true;
      const err = await failure(adapter.submit(s, 'abc110_a', '6017', code('AC'), before));
      expect(err).toMatchObject({ step: 'submit', kind: 'no-run-id' });
    });

    it('reports a submit without a login, a refused task, a challenge and a down site', async () => {
      expect(await failure(adapter.submit(session(), 'abc110_a', '6017', code('AC'), null))).toMatchObject({
        step: 'submit',
        kind: 'login-refused',
      });
      const s = await loggedIn();
      const oldLanguage = await failure(adapter.submit(s, 'abc110_a', '5001', code('AC'), null));
      expect(oldLanguage).toMatchObject({ step: 'submit', kind: 'rejected', reason: 'language 5001 is not offered for abc110_a' });
      const refused = await failure(adapter.submit(s, 'abc110_b', '6017', code('AC'), null));
      expect(refused).toMatchObject({ step: 'submit', kind: 'rejected', reason: 'Task not found.' });
      site.challenge = true;
      expect(await failure(adapter.submit(s, 'abc110_a', '6017', code('AC'), null))).toMatchObject({ step: 'submit', kind: 'challenge' });
      site.reset();
      site.down = true;
      expect(await failure(adapter.submit(s, 'abc110_a', '6017', code('AC'), null))).toMatchObject({
        step: 'submit',
        kind: 'unavailable',
      });
    });

    it('reports an unparsable run page, a down site and a missing run while polling', async () => {
      const s = await loggedIn();
      const run = await adapter.submit(s, 'abc110_a', '6017', code('AC'), await adapter.latestRunId(s, 'abc110_a'));
      site.garbled = true;
      expect(await failure(adapter.poll(s, run, 'abc110_a'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      site.reset();
      site.down = true;
      expect(await failure(adapter.poll(s, run, 'abc110_a'))).toMatchObject({ step: 'poll', kind: 'unavailable' });
      site.reset();
      expect(await failure(adapter.poll(s, '1', 'abc110_a'))).toMatchObject({ step: 'poll', kind: 'not-found' });
    });

    it('lets a transport failure through unchanged', async () => {
      const closed = new AtCoderReplay();
      const url = await closed.start();
      await closed.stop();
      const err = await adapter.fetchProblem(new RemoteHttp({ baseUrl: url }), 'abc110_a').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteHttpFailure);
    });
  });

  it('lists real language ids and a verdict table', () => {
    expect(adapter.languages.find((l) => l.key === '6017')).toEqual({ key: '6017', name: 'C++23 (GCC 15.2.0)', contentType: 'cpp' });
    expect(new Set(adapter.languages.map((l) => l.key)).size).toBe(adapter.languages.length);
    expect(adapter.verdicts.ac).toBe(JudgeStatus.Accepted);
  });
});
