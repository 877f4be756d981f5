/**
 * The Codeforces adapters (issue 34): CodeforcesAdapter for the main archive (site CF, `CF-1000A`) and GymAdapter
 * for Gym contests (site GYM, `GYM-100001A`). Both speak the same protocol on codeforces.com and differ only in
 * where a contest lives (`/contest/<id>` vs `/gym/<id>`), so the work is in one base class.
 *
 * Every request goes through `page()`, which passes the RCPC check (an AES page the site shows to clients without
 * the RCPC cookie) and turns Cloudflare's 403 wall, 429s and 5xx into RemoteJudgeErrors. Accounts behind
 * Cloudflare carry a cookie and user agent pasted by an admin; they are put on the session's client before its
 * first request, since Cloudflare binds its clearance cookie to the user agent that earned it.
 */
import { JudgeStatus, type RemoteOj } from '@oj/contracts';
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
import {
  computeRcpc,
  computeTta,
  isCloudflareChallenge,
  isLoggedInPage,
  parseProblemPage,
  parseRcpcChallenge,
  parseStatusRows,
  randomBfaa,
  randomFtaa,
  readBfaa,
  readCsrf,
  readFormErrors,
  type StatusRow,
} from './codeforces-protocol';

/**
 * The submit form's `programTypeId` options, in the form's order. Codeforces retires and adds compilers a few times
 * a year; an option it no longer lists is refused with an error under the language field ('rejected').
 */
export const CODEFORCES_LANGUAGES: readonly RemoteLanguage[] = [
  { key: '43', name: 'GNU GCC C11 5.1.0', contentType: 'c' },
  { key: '80', name: 'Clang++20 Diagnostics', contentType: 'cpp' },
  { key: '52', name: 'Clang++17 Diagnostics', contentType: 'cpp' },
  { key: '50', name: 'GNU G++14 6.4.0', contentType: 'cpp' },
  { key: '54', name: 'GNU G++17 7.3.0', contentType: 'cpp' },
  { key: '89', name: 'GNU G++20 13.2 (64 bit, winlibs)', contentType: 'cpp' },
  { key: '91', name: 'GNU G++23 14.2 (64 bit, msys2)', contentType: 'cpp' },
  { key: '65', name: 'C# 8, .NET Core 3.1', contentType: 'csharp' },
  { key: '79', name: 'C# 10, .NET SDK 6.0', contentType: 'csharp' },
  { key: '9', name: 'C# Mono 6.8', contentType: 'csharp' },
  { key: '28', name: 'D DMD32 v2.105.0', contentType: 'plaintext' },
  { key: '32', name: 'Go 1.22.2', contentType: 'go' },
  { key: '12', name: 'Haskell GHC 8.10.1', contentType: 'plaintext' },
  { key: '87', name: 'Java 21 64bit', contentType: 'java' },
  { key: '60', name: 'Java 11.0.6', contentType: 'java' },
  { key: '36', name: 'Java 8 32bit', contentType: 'java' },
  { key: '83', name: 'Kotlin 1.7.20', contentType: 'kotlin' },
  { key: '88', name: 'Kotlin 1.9.21', contentType: 'kotlin' },
  { key: '19', name: 'OCaml 4.02.1', contentType: 'plaintext' },
  { key: '3', name: 'Delphi 7', contentType: 'pascal' },
  { key: '4', name: 'Free Pascal 3.2.2', contentType: 'pascal' },
  { key: '51', name: 'PascalABC.NET 3.8.3', contentType: 'pascal' },
  { key: '13', name: 'Perl 5.20.1', contentType: 'perl' },
  { key: '6', name: 'PHP 8.1.7', contentType: 'php' },
  { key: '7', name: 'Python 2.7.18', contentType: 'python' },
  { key: '31', name: 'Python 3.8.10', contentType: 'python' },
  { key: '40', name: 'PyPy 2.7.13 (7.3.0)', contentType: 'python' },
  { key: '41', name: 'PyPy 3.6.9 (7.3.0)', contentType: 'python' },
  { key: '70', name: 'PyPy 3.10 (7.3.15, 64bit)', contentType: 'python' },
  { key: '67', name: 'Ruby 3.2.2', contentType: 'ruby' },
  { key: '75', name: 'Rust 1.75.0 (2021)', contentType: 'rust' },
  { key: '20', name: 'Scala 2.12.8', contentType: 'scala' },
  { key: '34', name: 'JavaScript V8 4.8.0', contentType: 'javascript' },
  { key: '55', name: 'Node.js 15.8.0 (64bit)', contentType: 'javascript' },
];

/**
 * The status table's `submissionVerdict` codes (lower-cased) mapped to ours. The shown text ("Wrong answer on test
 * 3") carries the test number, so the code is what is looked up and the text is kept as remoteVerdict.
 */
export const CODEFORCES_VERDICTS: Readonly<Record<string, JudgeStatus>> = {
  ok: JudgeStatus.Accepted,
  partial: JudgeStatus.PartialAccepted,
  wrong_answer: JudgeStatus.WrongAnswer,
  presentation_error: JudgeStatus.PresentationError,
  time_limit_exceeded: JudgeStatus.TimeLimitExceeded,
  // an interactive solution that stopped talking: it ran out of time waiting, not crashed
  idleness_limit_exceeded: JudgeStatus.TimeLimitExceeded,
  memory_limit_exceeded: JudgeStatus.MemoryLimitExceeded,
  runtime_error: JudgeStatus.RuntimeError,
  security_violated: JudgeStatus.RuntimeError,
  compilation_error: JudgeStatus.CompileError,
  // a hacked solution failed a test someone added: it is wrong
  challenged: JudgeStatus.WrongAnswer,
  crashed: JudgeStatus.SystemError,
  failed: JudgeStatus.SystemError,
  input_preparation_crashed: JudgeStatus.SystemError,
  skipped: JudgeStatus.SystemError,
  rejected: JudgeStatus.SystemError,
};

/** Codeforces' base class: a site is a contest path prefix and an id shape. */
abstract class CodeforcesFamilyAdapter implements SiteAdapter {
  abstract readonly site: RemoteOj;
  abstract readonly remoteIdPattern: RegExp;
  readonly defaultBaseUrl = 'https://codeforces.com';
  readonly languages = CODEFORCES_LANGUAGES;
  readonly verdicts = CODEFORCES_VERDICTS;

  /** Clients already set up with their account's pasted cookie and user agent (done once: later cookies win). */
  private readonly prepared = new WeakSet<RemoteHttp>();
  /** Clients that carry a pasted cookie (a Cloudflare wall then means the cookie went stale). */
  private readonly pasted = new WeakSet<RemoteHttp>();
  /** One fingerprint per client, as one browser keeps one (a changing fingerprint looks like a bot). */
  private readonly fingerprints = new WeakMap<RemoteHttp, { ftaa: string; bfaa: string }>();
  /** The CSRF token of the newest status page a client read (the compiler message request wants one). */
  private readonly lastCsrf = new WeakMap<RemoteHttp, string>();

  /** `/contest/1000` or `/gym/100001`. */
  protected abstract contestPath(contestId: string): string;
  /** The problem page of the site's archive. */
  protected abstract problemPath(contestId: string, index: string): string;

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem> {
    const { contestId, index } = this.split('fetch', remoteId);
    const path = this.problemPath(contestId, index);
    const res = await this.page(http, 'fetch', path);
    // an unknown problem redirects to the contest or home page (or answers 404)
    if (res.status === 404 || new URL(res.url).pathname !== path) throw this.fail('fetch', 'not-found', `no problem ${remoteId}`);
    const parsed = parseProblemPage(res.text, res.url);
    if (!parsed) {
      const reason = /\.pdf\b/i.test(res.text) ? `${remoteId} has its statement only as a PDF` : `no statement on ${path}`;
      throw this.fail('fetch', 'unparsable', reason);
    }
    return {
      problemId: `${this.site}-${remoteId}`,
      remoteId,
      title: parsed.title,
      description: parsed.description,
      input: parsed.input,
      output: parsed.output,
      hint: parsed.hint,
      source: parsed.contestName || `${this.site === 'GYM' ? 'Gym' : 'Codeforces'} ${contestId}`,
      timeLimit: parsed.timeLimit,
      memoryLimit: parsed.memoryLimit,
      examples: parsed.examples,
      tags: parsed.tags,
      url: http.url(path),
      interactive: parsed.interactive,
    };
  }

  async login(session: RemoteSession): Promise<void> {
    const { http, account } = await this.prepare(session);
    const enter = await this.page(http, 'login', '/enter');
    // a pasted session cookie may already hold a login
    if (isLoggedInPage(enter.text)) return;
    const tokens = await this.formTokens(http, 'login', enter.text);
    const answer = await this.page(http, 'login', '/enter', {
      csrf_token: tokens.csrf,
      action: 'enter',
      ftaa: tokens.ftaa,
      bfaa: tokens.bfaa,
      handleOrEmail: account.username,
      password: account.password,
      remember: 'on',
      _tta: String(tokens.tta),
    });
    if (isLoggedInPage(answer.text)) return;
    const errors = readFormErrors(answer.text);
    if (errors) throw this.fail('login', 'login-refused', errors);
    if (/name=["']?handleOrEmail/.test(answer.text)) throw this.fail('login', 'login-refused', 'the login form came back without a login');
    throw this.fail('login', 'unparsable', 'unexpected answer to the login form');
  }

  async isLoggedIn(session: RemoteSession): Promise<boolean> {
    const { http } = await this.prepare(session);
    const res = await this.page(http, 'login', '/');
    return isLoggedInPage(res.text);
  }

  async submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string> {
    const { contestId, index } = this.split('submit', remoteId);
    const { http } = await this.prepare(session);
    const formPath = `${this.contestPath(contestId)}/submit`;
    const form = await this.page(http, 'submit', formPath);
    if (!isLoggedInPage(form.text)) throw this.fail('submit', 'unavailable', 'not logged in (the session ended)');
    const tokens = await this.formTokens(http, 'submit', form.text);
    // never re-posted: a second POST of a submit that reached the site would judge the code twice
    const answer = await this.page(
      http,
      'submit',
      `${formPath}?csrf_token=${tokens.csrf}`,
      {
        csrf_token: tokens.csrf,
        ftaa: tokens.ftaa,
        bfaa: tokens.bfaa,
        action: 'submitSolutionFormSubmitted',
        contestId,
        submittedProblemIndex: index,
        programTypeId: languageKey,
        source: code,
        tabSize: '4',
        sourceFile: '',
        _tta: String(tokens.tta),
      },
      { resendAfterRcpc: false },
    );
    const errors = readFormErrors(answer.text);
    if (errors) {
      const wait = /(\d+)\s*(seconds?|minutes?)/i.exec(errors);
      if (wait || /too (often|many|fast)|wait/i.test(errors)) {
        const ms = wait ? Number(wait[1]) * (/^m/i.test(wait[2]) ? 60_000 : 1000) : 60_000;
        throw this.fail('submit', 'rate-limited', errors, ms);
      }
      throw this.fail('submit', 'rejected', errors);
    }
    // a taken submit redirects to the contest's "my submissions" page, newest run first
    if (/\/my$/.test(new URL(answer.url).pathname)) {
      const run = newestFor(parseStatusRows(answer.text), index);
      if (run && isNewer(run.runId, before)) return run.runId;
    }
    const latest = await this.latestRunId(session, remoteId);
    if (latest && isNewer(latest, before)) return latest;
    throw this.fail('submit', 'no-run-id', `the site's answer named no new run for ${remoteId}`);
  }

  async latestRunId(session: RemoteSession, remoteId: string): Promise<string | null> {
    const { contestId, index } = this.split('submit', remoteId);
    const rows = await this.statusRows(session, 'submit', contestId);
    return newestFor(rows, index)?.runId ?? null;
  }

  async poll(session: RemoteSession, runId: string, remoteId: string): Promise<RemoteRunState> {
    const { contestId } = this.split('poll', remoteId);
    const rows = await this.statusRows(session, 'poll', contestId);
    const row = rows.find((r) => r.runId === runId);
    // the page lists the newest runs only; one far down the list is not there
    if (!row) throw this.fail('poll', 'unparsable', `run ${runId} is not on the status page`);
    if (row.waiting && !row.verdictCode) return { phase: 'queued', remoteVerdict: row.verdictText || 'In queue' };
    if (row.waiting || row.verdictCode === 'TESTING') return { phase: 'judging', remoteVerdict: row.verdictText };
    const status = verdictOf(this, row.verdictCode) ?? JudgeStatus.SystemError;
    const state: RemoteRunState = {
      phase: 'final',
      remoteVerdict: row.verdictText || row.verdictCode,
      status,
      time: row.time,
      memory: row.memory,
    };
    if (status === JudgeStatus.CompileError) state.compileMessage = await this.compileMessage(session, runId);
    return state;
  }

  /**
   * The compiler output of a run. The verdict is final whatever this page says, so an unreadable answer gives a
   * note instead of failing the submission; the site's gates (Cloudflare, 5xx, 429) still throw, and the pipeline
   * polls again later.
   */
  private async compileMessage(session: RemoteSession, runId: string): Promise<string> {
    try {
      return await this.readCompileMessage(session, runId);
    } catch (err) {
      if (err instanceof RemoteJudgeError && (err.kind === 'unparsable' || err.kind === 'rejected'))
        return `(Codeforces did not show the compiler message: ${err.reason})`;
      throw err;
    }
  }

  /** `/data/judgeProtocol` answers the compiler output as one JSON string. */
  private async readCompileMessage(session: RemoteSession, runId: string): Promise<string> {
    const { http } = await this.prepare(session);
    const csrf = this.lastCsrf.get(http);
    if (!csrf) throw this.fail('poll', 'unparsable', 'no CSRF token to read the compiler message with');
    const res = await this.page(http, 'poll', '/data/judgeProtocol', { csrf_token: csrf, submissionId: runId });
    try {
      const value: unknown = JSON.parse(res.text);
      if (typeof value === 'string') return value;
    } catch {
      // fall through: not JSON
    }
    throw this.fail('poll', 'unparsable', `no compiler message for run ${runId}`);
  }

  private async statusRows(session: RemoteSession, step: RemoteStep, contestId: string): Promise<StatusRow[]> {
    const { http } = await this.prepare(session);
    const res = await this.page(http, step, `${this.contestPath(contestId)}/my`);
    if (!isLoggedInPage(res.text)) throw this.fail(step, 'unavailable', 'not logged in (the session ended)');
    if (!/status-frame-datatable/.test(res.text)) throw this.fail(step, 'unparsable', 'no status table on the page');
    const csrf = readCsrf(res.text);
    if (csrf) this.lastCsrf.set(http, csrf);
    return parseStatusRows(res.text);
  }

  /**
   * One request with the site's gates handled: the RCPC page is solved and the request sent again (a page the
   * gate answered never reached the site, so this is safe even for a POST, but a submit is still never re-sent),
   * Cloudflare's wall, 429 and 5xx become errors.
   */
  private async page(
    http: RemoteHttp,
    step: RemoteStep,
    path: string,
    form?: Record<string, string>,
    { resendAfterRcpc = true }: { resendAfterRcpc?: boolean } = {},
  ): Promise<RemoteResponse> {
    for (let attempt = 0; ; attempt++) {
      const res = form ? await http.postForm(path, form) : await http.get(path);
      if (isCloudflareChallenge(res.status, res.headers, res.text)) {
        const hint = this.pasted.has(http) ? '; the pasted cookie no longer passes it, paste a fresh one with its user agent' : '';
        throw this.fail(step, 'challenge', `Cloudflare challenge (HTTP ${res.status})${hint}`);
      }
      const rcpc = parseRcpcChallenge(res.text);
      if (rcpc) {
        await http.setCookie('RCPC', computeRcpc(rcpc));
        if (!resendAfterRcpc) throw this.fail(step, 'challenge', 'RCPC check on the submit itself; not sent again');
        if (attempt >= 2) throw this.fail(step, 'challenge', 'RCPC check not passed');
        continue;
      }
      if (res.status === 429) {
        const seconds = Number(res.headers.get('retry-after'));
        throw this.fail(
          step,
          'rate-limited',
          'HTTP 429 (too many requests)',
          Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000,
        );
      }
      if (res.status >= 500) throw this.fail(step, 'unavailable', `HTTP ${res.status}`);
      if (res.status === 403) throw this.fail(step, 'rejected', 'HTTP 403 (forbidden)');
      return res;
    }
  }

  /** The form's tokens: its CSRF token, the client's fingerprint (the site's cookies when set) and _tta. */
  private async formTokens(http: RemoteHttp, step: RemoteStep, html: string) {
    const csrf = readCsrf(html);
    if (!csrf) throw this.fail(step, 'unparsable', 'no CSRF token on the form page');
    let own = this.fingerprints.get(http);
    if (!own) {
      own = { ftaa: randomFtaa(), bfaa: randomBfaa() };
      this.fingerprints.set(http, own);
    }
    const ftaa = (await http.cookie('70a7c28f3de')) ?? own.ftaa;
    const bfaa = readBfaa(html) ?? (await http.cookie('raa')) ?? (await http.cookie('bfaa')) ?? own.bfaa;
    const tta = computeTta((await http.cookie('39ce7')) ?? '');
    return { csrf, ftaa, bfaa, tta };
  }

  /** Puts the account's pasted cookie and its user agent on the client, once. */
  private async prepare(session: RemoteSession): Promise<RemoteSession> {
    const { http, account } = session;
    if (!this.prepared.has(http)) {
      this.prepared.add(http);
      if (account.userAgent) http.userAgent = account.userAgent;
      if (account.cookie) {
        await http.setCookieHeader(account.cookie);
        this.pasted.add(http);
      }
    }
    return session;
  }

  private split(step: RemoteStep, remoteId: string): { contestId: string; index: string } {
    const m = /^(\d+)([A-Z]\d?)$/.exec(remoteId);
    if (!m || !this.remoteIdPattern.test(remoteId)) throw this.fail(step, 'not-found', `"${remoteId}" is not a ${this.site} problem id`);
    return { contestId: m[1], index: m[2] };
  }

  private fail(step: RemoteStep, kind: RemoteFailureKind, reason: string, retryAfterMs?: number): RemoteJudgeError {
    return new RemoteJudgeError(this.site, step, kind, reason, retryAfterMs);
  }
}

function newestFor(rows: StatusRow[], index: string): StatusRow | undefined {
  return rows.filter((r) => r.problemIndex === index).sort((a, b) => Number(b.runId) - Number(a.runId))[0];
}

function isNewer(runId: string, before: string | null): boolean {
  return before === null || Number(runId) > Number(before);
}

/** Codeforces' archive: `1000A` is problem A of contest 1000 (contests below 100000). */
export class CodeforcesAdapter extends CodeforcesFamilyAdapter {
  readonly site = 'CF' as const;
  readonly remoteIdPattern = /^[1-9]\d{0,4}[A-Z][1-9]?$/;
  protected contestPath(contestId: string): string {
    return `/contest/${contestId}`;
  }
  protected problemPath(contestId: string, index: string): string {
    return `/problemset/problem/${contestId}/${index}`;
  }
}

/** Codeforces Gym: `100001A` is problem A of gym contest 100001 (gym ids start at 100000). */
export class GymAdapter extends CodeforcesFamilyAdapter {
  readonly site = 'GYM' as const;
  readonly remoteIdPattern = /^[1-9]\d{5}[A-Z][1-9]?$/;
  protected contestPath(contestId: string): string {
    return `/gym/${contestId}`;
  }
  protected problemPath(contestId: string, index: string): string {
    return `/gym/${contestId}/problem/${index}`;
  }
}
