/**
 * The SPOJ adapter against its replay (issue 34): a problem imported with its limits, statement parts, samples and
 * tags (and an interactive one), login ok / refused / pasted cookie, submit + poll through to each verdict, and
 * every failure the site can answer with as a RemoteJudgeError naming the step and the kind.
 */
import { JudgeStatus } from '@oj/contracts';
import { RemoteHttp, RemoteHttpFailure } from '../../src/modules/remote-judge/http/remote-http';
import { SpojAdapter } from '../../src/modules/remote-judge/sites/spoj/spoj.adapter';
import { RemoteJudgeError, type RemoteRunState, type RemoteSession } from '../../src/modules/remote-judge/sites/site-adapter';
import { SPOJ_COMPILE_MESSAGE, SpojReplay } from './replay/spoj-replay';

describe('SpojAdapter', () => {
  const site = new SpojReplay();
  const adapter = new SpojAdapter();

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
  const pollToEnd = async (s: RemoteSession, run: string) => {
    const seen: RemoteRunState[] = [];
    for (let i = 0; i < 10; i++) {
      const state = await adapter.poll(s, run);
      seen.push(state);
      if (state.phase === 'final') return seen;
    }
    throw new Error('run never ended');
  };
  const code = (verdict: string) => `#include <cstdio>\nint main() { return 0; }\n// verdict: ${verdict}\n`;
  const submitNew = async (s: RemoteSession, verdict: string) =>
    adapter.submit(s, 'TEST', '44', code(verdict), await adapter.latestRunId(s, 'TEST'));

  it('checks problem codes before any request', async () => {
    for (const id of ['TEST', 'PRIME1', 'A_B']) expect(adapter.remoteIdPattern.test(id)).toBe(true);
    for (const id of ['test', 'TEST/..', '', 'abc110_a']) expect(adapter.remoteIdPattern.test(id)).toBe(false);
    const before = site.server.log.length;
    expect(await failure(adapter.fetchProblem(http(), 'test'))).toMatchObject({ site: 'SPOJ', step: 'fetch', kind: 'not-found' });
    expect(site.server.log.length).toBe(before);
  });

  describe('fetchProblem', () => {
    it('imports a problem: title, limits, statement parts, samples, tags, absolute images, the original URL', async () => {
      const p = await adapter.fetchProblem(http(), 'TEST');
      expect(p.problemId).toBe('SPOJ-TEST');
      expect(p.remoteId).toBe('TEST');
      expect(p.title).toBe('Life, the Universe, and Everything');
      expect(p.timeLimit).toBe(10_000);
      expect(p.memoryLimit).toBe(1536);
      expect(p.url).toBe(`${site.url}/problems/TEST/`);
      expect(p.description).toContain('brute-force approach');
      expect(p.description).toContain(`src="${site.url}/content/test:life.png"`);
      expect(p.input).toContain('A sequence of integers');
      expect(p.output).toContain('up to (but not including) 42');
      expect(p.hint).toContain(`href="${site.url}/forum/viewforum.php?f=3"`);
      expect(p.examples).toEqual([{ input: '1\n2\n88\n42\n99\n', output: '1\n2\n88\n' }]);
      expect(p.tags).toEqual(['basics', 'simple-io']);
      expect(p.source).toBe('Douglas Adams');
      expect(p.interactive).toBe(false);
    });

    it('marks an interactive problem and takes the slowest cluster time limit', async () => {
      const p = await adapter.fetchProblem(http(), 'GUESSNUM');
      expect(p.title).toBe('Guess the Number');
      expect(p.interactive).toBe(true);
      expect(p.timeLimit).toBe(1500);
      expect(p.tags).toEqual(['interactive', 'binary-search']);
      expect(p.examples).toEqual([]);
    });

    it('reports a missing problem as not-found and a page without a problem as unparsable', async () => {
      expect(await failure(adapter.fetchProblem(http(), 'NOSUCH'))).toMatchObject({ step: 'fetch', kind: 'not-found' });
      site.garbled = true;
      const err = await failure(adapter.fetchProblem(http(), 'TEST'));
      expect(err).toMatchObject({ step: 'fetch', kind: 'unparsable' });
      expect(err.message).toMatch(/^\[SPOJ\] fetch: /);
    });
  });

  describe('login', () => {
    it('logs in with the form', async () => {
      const s = session();
      expect(await adapter.isLoggedIn(s)).toBe(false);
      await adapter.login(s);
      expect(await adapter.isLoggedIn(s)).toBe(true);
    });

    it('refuses a wrong password with the site message', async () => {
      const err = await failure(adapter.login(session('wrong')));
      expect(err).toMatchObject({ step: 'login', kind: 'login-refused' });
      expect(err.message).toBe('[SPOJ] login: Authentication failed!');
    });

    it('uses a pasted cookie without posting the form, and refuses one that holds no login', async () => {
      const s = session('unused', `SPOJ=${site.issueSession('alice')}`);
      const posts = site.server.count('POST', '/login/');
      await adapter.login(s);
      expect(site.server.count('POST', '/login/')).toBe(posts);
      expect(await adapter.isLoggedIn(s)).toBe(true);
      expect(await failure(adapter.login(session('unused', 'SPOJ=stale')))).toMatchObject({ step: 'login', kind: 'login-refused' });
    });

    it('reports a Cloudflare interstitial and a down site', async () => {
      site.challenge = true;
      const err = await failure(adapter.login(session()));
      expect(err).toMatchObject({ step: 'login', kind: 'challenge' });
      expect(err.message).toBe('[SPOJ] login: Cloudflare challenge (HTTP 403)');
      site.reset();
      site.down = true;
      expect(await failure(adapter.login(session()))).toMatchObject({ step: 'login', kind: 'unavailable' });
    });
  });

  describe('submit and poll', () => {
    it('submits, reads the run id from the answer and polls it queued -> judging -> Accepted', async () => {
      const s = await loggedIn();
      const before = await adapter.latestRunId(s, 'TEST');
      const listReads = () => site.server.log.filter((l) => l.startsWith('GET /status/TEST,')).length;
      const reads = listReads();
      const run = await adapter.submit(s, 'TEST', '44', code('accepted'), before);
      // the answer named the run: the status list was not needed
      expect(listReads()).toBe(reads);
      expect(site.runs.find((r) => String(r.id) === run)).toMatchObject({ problem: 'TEST', lang: '44', code: code('accepted') });
      expect(await adapter.latestRunId(s, 'TEST')).toBe(run);
      const states = await pollToEnd(s, run);
      expect(states.map((x) => x.phase)).toEqual(['queued', 'judging', 'final']);
      expect(states[2]).toEqual({ phase: 'final', remoteVerdict: 'accepted', status: JudgeStatus.Accepted, time: 20, memory: 5427 });
    });

    it.each([
      ['wrong answer', JudgeStatus.WrongAnswer],
      ['time limit exceeded', JudgeStatus.TimeLimitExceeded],
      ['runtime error (SIGSEGV)', JudgeStatus.RuntimeError],
    ])('maps %s', async (text, status) => {
      const s = await loggedIn();
      const last = (await pollToEnd(s, await submitNew(s, text))).at(-1)!;
      expect(last).toMatchObject({ phase: 'final', remoteVerdict: text, status });
      if (status === JudgeStatus.TimeLimitExceeded) expect(last.time).toBe(10_010);
    });

    it('keeps the full compiler message of a compilation error', async () => {
      const s = await loggedIn();
      const states = await pollToEnd(s, await submitNew(s, 'compilation error'));
      expect(states[1]).toMatchObject({ phase: 'judging', remoteVerdict: 'compiling..' });
      const last = states.at(-1)!;
      expect(last).toMatchObject({ phase: 'final', status: JudgeStatus.CompileError, remoteVerdict: 'compilation error' });
      expect(last.compileMessage).toBe(SPOJ_COMPILE_MESSAGE);
      expect(last.memory).toBeUndefined();
    });

    it('gives an unknown result as SystemError keeping its text', async () => {
      const s = await loggedIn();
      expect((await pollToEnd(s, await submitNew(s, 'judge on fire'))).at(-1)).toMatchObject({
        phase: 'final',
        status: JudgeStatus.SystemError,
        remoteVerdict: 'judge on fire',
      });
    });

    it('finds the run in the status list when the answer names none, newer than `before` only', async () => {
      const s = await loggedIn();
      await submitNew(s, 'accepted');
      const before = await adapter.latestRunId(s, 'TEST');
      site.hideRunId = true;
      const run = await adapter.submit(s, 'TEST', '44', code('accepted'), before);
      expect(BigInt(run)).toBeGreaterThan(BigInt(before!));
      expect(run).toBe(String(site.runs.at(-1)!.id));

      site.loseRuns = true;
      const err = await failure(adapter.submit(s, 'TEST', '44', code('accepted'), run));
      expect(err).toMatchObject({ step: 'submit', kind: 'no-run-id' });
    });

    it('reports the flood refusal as rate-limited with the wait', async () => {
      const s = await loggedIn();
      site.rateLimitSeconds = 30;
      const err = await failure(adapter.submit(s, 'TEST', '44', code('accepted'), null));
      expect(err).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: 30_000 });
      expect(err.message).toBe("[SPOJ] submit: Please wait 30 seconds and don't re-submit the same solution.");
      site.rateLimitSeconds = 0;
      const flood = await failure(adapter.submit(s, 'TEST', '44', code('accepted'), null));
      expect(flood).toMatchObject({ step: 'submit', kind: 'rate-limited', retryAfterMs: undefined });
      expect(flood.reason).toBe('You have submitted too many solutions in a short time.');
    });

    it('reports a submit without a login, a wrong code, a challenge and a down site', async () => {
      expect(await failure(adapter.submit(session(), 'TEST', '44', code('accepted'), null))).toMatchObject({
        step: 'submit',
        kind: 'login-refused',
      });
      const s = await loggedIn();
      expect(await failure(adapter.submit(s, 'NOSUCH', '44', code('accepted'), null))).toMatchObject({
        step: 'submit',
        kind: 'rejected',
        reason: 'Wrong problem code!',
      });
      site.challenge = true;
      expect(await failure(adapter.submit(s, 'TEST', '44', code('accepted'), null))).toMatchObject({ step: 'submit', kind: 'challenge' });
      site.reset();
      site.down = true;
      expect(await failure(adapter.submit(s, 'TEST', '44', code('accepted'), null))).toMatchObject({ step: 'submit', kind: 'unavailable' });
    });

    it('reports an unparsable status page, a missing run and a down site while polling', async () => {
      const s = await loggedIn();
      const run = await submitNew(s, 'accepted');
      site.garbled = true;
      expect(await failure(adapter.poll(s, run))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      site.reset();
      expect(await failure(adapter.poll(s, '1'))).toMatchObject({ step: 'poll', kind: 'unparsable' });
      site.down = true;
      expect(await failure(adapter.poll(s, run))).toMatchObject({ step: 'poll', kind: 'unavailable' });
    });

    it('lets a transport failure through unchanged', async () => {
      const closed = new SpojReplay();
      const url = await closed.start();
      await closed.stop();
      const err = await adapter.fetchProblem(new RemoteHttp({ baseUrl: url }), 'TEST').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteHttpFailure);
    });
  });

  it('lists real language ids and a verdict table', () => {
    expect(adapter.languages.find((l) => l.key === '44')).toEqual({ key: '44', name: 'C++14 (gcc 8.3)', contentType: 'cpp' });
    expect(new Set(adapter.languages.map((l) => l.key)).size).toBe(adapter.languages.length);
    expect(adapter.verdicts['runtime error (sigsegv)']).toBe(JudgeStatus.RuntimeError);
  });
});
