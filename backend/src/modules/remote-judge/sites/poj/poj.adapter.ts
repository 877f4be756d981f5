/**
 * POJ (poj.org), Peking University's judge: a Java servlet site from the GBK era, logged in through a JSESSIONID
 * cookie. Its submit answers a redirect to the status list and never names the run, so a submit finds its run as the
 * account's newest on the problem (latestRunId). Refusals come as an "Error Occurred" page listing the reasons; a
 * wrong password as a script alert. The status list is public; compile info is read with the account's session.
 */
import { JudgeStatus } from '@oj/contracts';
import type { RemoteHttp, RemoteResponse } from '../../http/remote-http';
import {
  RemoteJudgeError,
  verdictOf,
  type FetchedProblem,
  type RemoteFailureKind,
  type RemoteLanguage,
  type RemoteRunState,
  type RemoteSession,
  type RemoteStep,
  type SiteAdapter,
} from '../site-adapter';
import { checkPageAnswer } from '../site-answers';
import { isPojMissingProblem, parsePojCompileInfo, parsePojProblem, parsePojStatusRows, pojErrorItems } from './poj-pages';

/** The submit form's options, in its order. */
export const POJ_LANGUAGES: readonly RemoteLanguage[] = [
  { key: '0', name: 'G++', contentType: 'cpp' },
  { key: '1', name: 'GCC', contentType: 'c' },
  { key: '2', name: 'Java', contentType: 'java' },
  { key: '3', name: 'Pascal', contentType: 'pascal' },
  { key: '4', name: 'C++', contentType: 'cpp' },
  { key: '5', name: 'C', contentType: 'c' },
  // monaco has no Fortran mode
  { key: '6', name: 'Fortran', contentType: 'plaintext' },
];

/** Every text POJ's Result column shows, trimmed and lower-cased. */
export const POJ_VERDICTS: Readonly<Record<string, JudgeStatus>> = {
  waiting: JudgeStatus.Pending,
  compiling: JudgeStatus.Compiling,
  'running & judging': JudgeStatus.Judging,
  accepted: JudgeStatus.Accepted,
  'presentation error': JudgeStatus.PresentationError,
  'wrong answer': JudgeStatus.WrongAnswer,
  'time limit exceeded': JudgeStatus.TimeLimitExceeded,
  'memory limit exceeded': JudgeStatus.MemoryLimitExceeded,
  'output limit exceeded': JudgeStatus.WrongAnswer,
  'runtime error': JudgeStatus.RuntimeError,
  'compile error': JudgeStatus.CompileError,
  'system error': JudgeStatus.SystemError,
  'validator error': JudgeStatus.SystemError,
};

/** Every signed-in POJ page links to `logout`; a signed-out one shows the login form instead. */
const SIGNED_IN = /href=["']?logout\b|>\s*Log Out\s*</i;
/** POJ's own overload page, answered with a 200. */
const OVERLOADED = /The page is temporarily unavailable/i;

export class PojAdapter implements SiteAdapter {
  readonly site = 'POJ' as const;
  readonly defaultBaseUrl = 'http://poj.org';
  readonly defaultCharset = 'gbk';
  readonly languages = POJ_LANGUAGES;
  readonly verdicts = POJ_VERDICTS;
  readonly remoteIdPattern = /^[1-9]\d{3,5}$/;

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem> {
    this.checkId('fetch', remoteId);
    const path = `/problem?id=${remoteId}`;
    const res = await this.read(http, 'fetch', path);
    if (isPojMissingProblem(res.text)) throw this.error('fetch', 'not-found', `no problem ${remoteId}`);
    const page = parsePojProblem(res.text, res.url);
    if (!page) throw this.error('fetch', 'unparsable', `the page of problem ${remoteId} has no title or limits`);
    return {
      problemId: `POJ-${remoteId}`,
      remoteId,
      title: page.title,
      description: page.description,
      input: page.input,
      output: page.output,
      hint: page.hint,
      source: page.source,
      timeLimit: page.timeLimit,
      // POJ states K (often 10000K or 65536K); whole MB rounded up, never tighter than the site's limit
      memoryLimit: Math.ceil(page.memoryLimitKb / 1024),
      examples: page.examples,
      // POJ has no tags
      tags: [],
      url: http.url(path),
    };
  }

  async login(session: RemoteSession): Promise<void> {
    const { http, account } = session;
    if (account.userAgent) http.userAgent = account.userAgent;
    if (account.cookie) {
      await http.setCookieHeader(account.cookie);
      if (await this.isLoggedIn(session)) return;
    }
    const res = await this.check(
      await http.postForm('/login', { user_id1: account.username, password1: account.password, B1: 'login', url: '.' }),
      'login',
    );
    if (SIGNED_IN.test(res.text)) return;
    if (/Login failed/i.test(res.text)) throw this.error('login', 'login-refused', 'wrong user id or password');
    const items = pojErrorItems(res.text);
    if (items.length) throw this.error('login', 'login-refused', items.join('; '));
    if (!(await this.isLoggedIn(session))) throw this.error('login', 'login-refused', 'the site did not keep the login');
  }

  async isLoggedIn(session: RemoteSession): Promise<boolean> {
    const res = await this.read(session.http, 'login', '/');
    return SIGNED_IN.test(res.text);
  }

  async submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string> {
    this.checkId('submit', remoteId);
    if (!this.languages.some((l) => l.key === languageKey))
      throw this.error('submit', 'rejected', `language ${languageKey} is not one POJ judges`);
    const { http } = session;
    // `encoded=1` tells POJ the source is base64 (UTF-8 bytes): the form's GBK encoding cannot mangle it then.
    const res = await this.check(
      await http.postForm(
        '/submit',
        {
          problem_id: remoteId,
          language: languageKey,
          source: Buffer.from(code, 'utf8').toString('base64'),
          submit: 'Submit',
          encoded: '1',
        },
        { noFollow: true, headers: { referer: http.url(`/submit?problem_id=${remoteId}`) } },
      ),
      'submit',
    );
    const location = res.headers.get('location') ?? '';
    if (res.status >= 300 && res.status < 400) {
      if (/login/i.test(location)) throw this.error('submit', 'login-refused', 'the session is no longer logged in');
      if (!/status/i.test(location)) throw this.error('submit', 'unparsable', `unexpected redirect to ${location || '(nowhere)'}`);
    } else {
      if (/<title>\s*User Login\s*<\/title>/i.test(res.text) || /name=["']?password1/i.test(res.text))
        throw this.error('submit', 'login-refused', 'the session is no longer logged in');
      const items = pojErrorItems(res.text);
      const limit = items.find((t) => /too (?:often|frequent|fast)|wait|re-?submit/i.test(t));
      if (limit) {
        const seconds = /(\d+)\s*seconds?/i.exec(limit);
        throw this.error('submit', 'rate-limited', limit, seconds ? Number(seconds[1]) * 1000 : undefined);
      }
      if (items.length) throw this.error('submit', 'rejected', items.join('; '));
      throw this.error('submit', 'unparsable', 'the answer to the submit is neither a redirect to the status list nor an error');
    }
    // POJ's answer only says "see the status list": the run is the account's newest on this problem, if new.
    const runId = await this.latestRunId(session, remoteId);
    if (runId === null || (before !== null && BigInt(runId) <= BigInt(before)))
      throw this.error('submit', 'no-run-id', `the submit was taken but no run newer than ${before ?? 'none'} is listed`);
    return runId;
  }

  async latestRunId(session: RemoteSession, remoteId: string): Promise<string | null> {
    const user = session.account.username;
    const res = await this.read(
      session.http,
      'submit',
      `/status?problem_id=${remoteId}&user_id=${encodeURIComponent(user)}&result=&language=`,
    );
    const rows = parsePojStatusRows(res.text);
    if (!rows) throw this.error('submit', 'unparsable', 'the status page has no status table');
    const mine = rows.filter((r) => r.user.toLowerCase() === user.toLowerCase() && r.problemId === remoteId);
    return mine.length ? mine.reduce((a, b) => (BigInt(b.runId) > BigInt(a.runId) ? b : a)).runId : null;
  }

  async poll(session: RemoteSession, runId: string, _remoteId: string): Promise<RemoteRunState> {
    if (!/^\d+$/.test(runId)) throw this.error('poll', 'not-found', `"${runId}" is not a POJ run id`);
    const { http } = session;
    // `top=N` lists the runs below N, newest first: with N = run + 1 the run is the first row.
    const res = await this.read(http, 'poll', `/status?top=${BigInt(runId) + 1n}`);
    const rows = parsePojStatusRows(res.text);
    if (!rows) throw this.error('poll', 'unparsable', 'the status page has no status table');
    const row = rows.find((r) => r.runId === runId);
    if (!row) throw this.error('poll', 'not-found', `run ${runId} is not on the status page`);
    if (!row.verdict) throw this.error('poll', 'unparsable', `run ${runId} shows no result`);

    const status = verdictOf(this, row.verdict);
    if (status === undefined) return { phase: 'final', remoteVerdict: row.verdict, status: JudgeStatus.SystemError };
    if (status === JudgeStatus.Pending) return { phase: 'queued', remoteVerdict: row.verdict };
    if (status === JudgeStatus.Compiling || status === JudgeStatus.Judging) return { phase: 'judging', remoteVerdict: row.verdict };
    const state: RemoteRunState = { phase: 'final', remoteVerdict: row.verdict, status, time: row.time, memory: row.memory };
    if (status === JudgeStatus.CompileError) {
      const page = await this.read(http, 'poll', `/showcompileinfo?solution_id=${runId}`);
      const message = parsePojCompileInfo(page.text);
      if (message === undefined) throw this.error('poll', 'unparsable', `the compile info of run ${runId} has no message`);
      state.compileMessage = message;
    }
    return state;
  }

  /** A GET whose page-level failures (challenge, rate limit, 5xx, overload page) become errors of `step`. */
  private async read(http: RemoteHttp, step: RemoteStep, path: string): Promise<RemoteResponse> {
    return this.check(await http.get(path), step);
  }

  /** Turns an answer that is not the site's page into the error it stands for; transport failures never get here. */
  private check(res: RemoteResponse, step: RemoteStep): RemoteResponse {
    checkPageAnswer(this.site, step, res);
    if (res.status < 300 && OVERLOADED.test(res.text)) throw this.error(step, 'unavailable', 'the page is temporarily unavailable');
    return res;
  }

  private checkId(step: RemoteStep, remoteId: string): void {
    if (!this.remoteIdPattern.test(remoteId)) throw this.error(step, 'not-found', `"${remoteId}" is not a POJ problem id`);
  }

  private error(step: RemoteStep, kind: RemoteFailureKind, reason: string, retryAfterMs?: number): RemoteJudgeError {
    return new RemoteJudgeError(this.site, step, kind, reason, retryAfterMs);
  }
}
