/**
 * HDU (acm.hdu.edu.cn), the Hangzhou Dianzi University online judge: a PHP site answering in GBK, logged in through
 * a PHPSESSID cookie. Its submit answers a redirect to the status page and never names the new run, so a submit
 * always finds its run by reading the account's newest run on the problem (latestRunId). Status and compile error
 * pages are public; only login and submit need the account.
 */
import { JudgeStatus } from '@oj/contracts';
import type { RemoteHttp, RemoteResponse } from '../../http/remote-http';
import {
  RemoteJudgeError,
  type FetchedProblem,
  type RemoteFailureKind,
  type RemoteLanguage,
  type RemoteRunState,
  type RemoteSession,
  type RemoteStep,
  type SiteAdapter,
  verdictOf,
} from '../site-adapter';
import { checkPageAnswer } from '../site-answers';
import { hduErrorItems, isHduMissingProblem, parseHduCompileError, parseHduProblem, parseHduStatusRows } from './hdu-pages';

/** The submit form's options, in its order (values are what `language` takes). */
export const HDU_LANGUAGES: readonly RemoteLanguage[] = [
  { key: '0', name: 'G++', contentType: 'cpp' },
  { key: '1', name: 'GCC', contentType: 'c' },
  { key: '2', name: 'C++', contentType: 'cpp' },
  { key: '3', name: 'C', contentType: 'c' },
  { key: '4', name: 'Pascal', contentType: 'pascal' },
  { key: '5', name: 'Java', contentType: 'java' },
  { key: '6', name: 'C#', contentType: 'csharp' },
];

/**
 * Every text HDU's status column shows, trimmed and lower-cased. A runtime error names the Windows exception on a
 * second line (read as "runtime error (access_violation)"); each known one is listed so an unheard-of text still
 * surfaces as SystemError with its words kept.
 */
export const HDU_VERDICTS: Readonly<Record<string, JudgeStatus>> = {
  queuing: JudgeStatus.Pending,
  compiling: JudgeStatus.Compiling,
  running: JudgeStatus.Judging,
  accepted: JudgeStatus.Accepted,
  'wrong answer': JudgeStatus.WrongAnswer,
  'presentation error': JudgeStatus.PresentationError,
  'compilation error': JudgeStatus.CompileError,
  'time limit exceeded': JudgeStatus.TimeLimitExceeded,
  'memory limit exceeded': JudgeStatus.MemoryLimitExceeded,
  'output limit exceeded': JudgeStatus.WrongAnswer,
  'runtime error': JudgeStatus.RuntimeError,
  'runtime error (access_violation)': JudgeStatus.RuntimeError,
  'runtime error (stack_overflow)': JudgeStatus.RuntimeError,
  'runtime error (integer_divide_by_zero)': JudgeStatus.RuntimeError,
  'runtime error (array_bounds_exceeded)': JudgeStatus.RuntimeError,
  'runtime error (float_divide_by_zero)': JudgeStatus.RuntimeError,
  'runtime error (float_overflow)': JudgeStatus.RuntimeError,
  'runtime error (float_underflow)': JudgeStatus.RuntimeError,
  'runtime error (float_stack_check)': JudgeStatus.RuntimeError,
  'runtime error (float_invalid_operation)': JudgeStatus.RuntimeError,
  'runtime error (float_inexact_result)': JudgeStatus.RuntimeError,
  'runtime error (float_denormal_operand)': JudgeStatus.RuntimeError,
  'runtime error (integer_overflow)': JudgeStatus.RuntimeError,
  'runtime error (illegal_instruction)': JudgeStatus.RuntimeError,
  'runtime error (priv_instruction)': JudgeStatus.RuntimeError,
  'runtime error (in_page_error)': JudgeStatus.RuntimeError,
  'runtime error (breakpoint)': JudgeStatus.RuntimeError,
  'runtime error (datatype_misalignment)': JudgeStatus.RuntimeError,
  'runtime error (noncontinuable_exception)': JudgeStatus.RuntimeError,
  'runtime error (invalid_disposition)': JudgeStatus.RuntimeError,
  'runtime error (single_step)': JudgeStatus.RuntimeError,
  'system error': JudgeStatus.SystemError,
};

/** The one thing every logged-in HDU page has and no logged-out page has: the sign-out link. */
const SIGNED_IN = /userloginex\.php\?action=logout/i;
export class HduAdapter implements SiteAdapter {
  readonly site = 'HDU' as const;
  readonly defaultBaseUrl = 'https://acm.hdu.edu.cn';
  readonly defaultCharset = 'gbk';
  readonly languages = HDU_LANGUAGES;
  readonly verdicts = HDU_VERDICTS;
  readonly remoteIdPattern = /^[1-9]\d{3,5}$/;

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem> {
    this.checkId('fetch', remoteId);
    const path = `/showproblem.php?pid=${remoteId}`;
    const res = await this.read(http, 'fetch', path);
    if (isHduMissingProblem(res.text)) throw this.error('fetch', 'not-found', `no problem ${remoteId}`);
    const page = parseHduProblem(res.text, res.url);
    if (!page) throw this.error('fetch', 'unparsable', `the page of problem ${remoteId} has no title or limits`);
    return {
      problemId: `HDU-${remoteId}`,
      remoteId,
      title: page.title,
      description: page.description,
      input: page.input,
      output: page.output,
      hint: page.hint,
      source: page.source,
      timeLimit: page.timeLimit,
      // HDU states K; our bank keeps whole MB, rounded up so a stated limit is never made tighter
      memoryLimit: Math.ceil(page.memoryLimitKb / 1024),
      examples: page.examples,
      // HDU has no tags
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
    // The login form posts into the PHP session the first visit opens, so open one first.
    await this.read(http, 'login', '/userloginex.php');
    const res = await this.check(
      await http.postForm('/userloginex.php?action=login', { username: account.username, userpass: account.password, login: 'Sign In' }),
      'login',
    );
    if (SIGNED_IN.test(res.text)) return;
    if (/No such user or wrong password/i.test(res.text)) throw this.error('login', 'login-refused', 'no such user or wrong password');
    const items = hduErrorItems(res.text);
    if (items.length) throw this.error('login', 'login-refused', items.join('; '));
    // A redirect that did not land on a signed-in page: the site dropped the session it had just opened.
    if (!(await this.isLoggedIn(session))) throw this.error('login', 'login-refused', 'the site did not keep the login');
  }

  async isLoggedIn(session: RemoteSession): Promise<boolean> {
    const res = await this.read(session.http, 'login', '/');
    return SIGNED_IN.test(res.text);
  }

  async submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string> {
    this.checkId('submit', remoteId);
    if (!this.languages.some((l) => l.key === languageKey))
      throw this.error('submit', 'rejected', `language ${languageKey} is not one HDU judges`);
    const { http } = session;
    // The site's own submit page runs the code through encodeURIComponent and base64 before posting it as
    // `_usercode`; posting the same keeps non-ASCII text intact whatever the form's GBK encoding would do to it.
    const res = await this.check(
      await http.postForm(
        '/submit.php?action=submit',
        { check: '0', language: languageKey, problemid: remoteId, _usercode: Buffer.from(encodeURIComponent(code)).toString('base64') },
        { noFollow: true, headers: { referer: http.url(`/submit.php?pid=${remoteId}`) } },
      ),
      'submit',
    );
    const location = res.headers.get('location') ?? '';
    if (res.status >= 300 && res.status < 400) {
      if (/userloginex\.php/i.test(location)) throw this.error('submit', 'login-refused', 'the session is no longer logged in');
      if (!/status\.php/i.test(location)) throw this.error('submit', 'unparsable', `unexpected redirect to ${location || '(nowhere)'}`);
    } else {
      const wait = /Please don't re-submit in (\d+) seconds?/i.exec(res.text);
      if (wait) throw this.error('submit', 'rate-limited', `wait ${wait[1]} seconds before re-submitting`, Number(wait[1]) * 1000);
      if (/userloginex\.php/i.test(res.url) || /name=["']?userpass/i.test(res.text))
        throw this.error('submit', 'login-refused', 'the session is no longer logged in');
      const items = hduErrorItems(res.text);
      if (/ERROR\(s\) occurred/i.test(res.text) && items.length) throw this.error('submit', 'rejected', items.join('; '));
      throw this.error('submit', 'unparsable', 'the answer to the submit is neither a redirect to the status page nor an error');
    }
    // HDU's answer is only "go to the status page": the run is the account's newest on this problem, if new.
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
      `/status.php?first=&pid=${remoteId}&user=${encodeURIComponent(user)}&lang=0&status=0`,
    );
    const rows = parseHduStatusRows(res.text);
    if (!rows) throw this.error('submit', 'unparsable', 'the status page has no status table');
    // The filter should leave only this account's runs on this problem; check anyway, the site ignores a bad filter.
    const mine = rows.filter((r) => r.author.toLowerCase() === user.toLowerCase() && r.problemId === remoteId);
    return mine.length ? mine.reduce((a, b) => (BigInt(b.runId) > BigInt(a.runId) ? b : a)).runId : null;
  }

  async poll(session: RemoteSession, runId: string, _remoteId: string): Promise<RemoteRunState> {
    if (!/^\d+$/.test(runId)) throw this.error('poll', 'not-found', `"${runId}" is not an HDU run id`);
    const { http } = session;
    // `first=N` lists runs from N downwards, so the run is the first row.
    const res = await this.read(http, 'poll', `/status.php?first=${runId}`);
    const rows = parseHduStatusRows(res.text);
    if (!rows) throw this.error('poll', 'unparsable', 'the status page has no status table');
    const row = rows.find((r) => r.runId === runId);
    if (!row) throw this.error('poll', 'not-found', `run ${runId} is not on the status page`);
    if (!row.verdict) throw this.error('poll', 'unparsable', `run ${runId} shows no verdict`);

    const status = verdictOf(this, row.verdict);
    if (status === undefined) return { phase: 'final', remoteVerdict: row.verdict, status: JudgeStatus.SystemError };
    if (status === JudgeStatus.Pending) return { phase: 'queued', remoteVerdict: row.verdict };
    if (status === JudgeStatus.Compiling || status === JudgeStatus.Judging) return { phase: 'judging', remoteVerdict: row.verdict };
    const state: RemoteRunState = { phase: 'final', remoteVerdict: row.verdict, status, time: row.time, memory: row.memory };
    if (status === JudgeStatus.CompileError) {
      const page = await this.read(http, 'poll', `/viewerror.php?rid=${runId}`);
      const message = parseHduCompileError(page.text);
      if (message === undefined) throw this.error('poll', 'unparsable', `the compile error page of run ${runId} has no message`);
      state.compileMessage = message;
      state.time = undefined;
      state.memory = undefined;
    }
    return state;
  }

  /** A GET whose page-level failures (challenge, rate limit, 5xx) become errors of `step`. */
  private async read(http: RemoteHttp, step: RemoteStep, path: string): Promise<RemoteResponse> {
    return this.check(await http.get(path), step);
  }

  /** Turns an answer that is not the site's page into the error it stands for; transport failures never get here. */
  private check(res: RemoteResponse, step: RemoteStep): RemoteResponse {
    checkPageAnswer(this.site, step, res);
    return res;
  }

  private checkId(step: RemoteStep, remoteId: string): void {
    if (!this.remoteIdPattern.test(remoteId)) throw this.error(step, 'not-found', `"${remoteId}" is not an HDU problem id`);
  }

  private error(step: RemoteStep, kind: RemoteFailureKind, reason: string, retryAfterMs?: number): RemoteJudgeError {
    return new RemoteJudgeError(this.site, step, kind, reason, retryAfterMs);
  }
}
