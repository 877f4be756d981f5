/**
 * The one interface every remote judge site implements (issue 34). An adapter knows one site's pages, forms and
 * verdict strings and nothing of our tables, queues or accounts' leases: the remote-judge pipeline hands it a
 * logged-in-or-not session (an account and its HTTP client) and stores what it answers.
 *
 * Every failure an adapter meets is a RemoteJudgeError naming the site, the step and the cause, so a submission
 * that fails ends as Submitted Failed with a message a user and an admin can act on ("[CF] submit: Cloudflare
 * challenge (HTTP 403)"), never as an exception from deep inside a parser.
 */
import type { JudgeStatus, RemoteOj } from '@oj/contracts';
import type { RemoteHttp } from '../http/remote-http';

/** A site account as the admin entered it. */
export interface RemoteAccountCredentials {
  username: string;
  password: string;
  /** A session cookie header pasted by the admin for sites behind a bot wall (Cloudflare, Turnstile). */
  cookie?: string | null;
  /** The user agent the pasted cookie was issued to (bot walls bind their cookies to it). */
  userAgent?: string | null;
}

/** One account's working state with a site: its credentials and its own HTTP client (cookie jar). */
export interface RemoteSession {
  account: RemoteAccountCredentials;
  http: RemoteHttp;
}

/** A problem as read from the remote site, ready to be stored as a remote problem of our bank. */
export interface FetchedProblem {
  /** Our display id in HOJ's form: `HDU-1000`, `CF-1000A`, `GYM-100001A`, `AC-abc110_a`, `SPOJ-TEST`, `BAS-1001`. */
  problemId: string;
  /** The site's own id of the problem, as submit and poll take it (`1000`, `1000A`, `abc110_a`). */
  remoteId: string;
  title: string;
  /** Statement parts as HTML (the site's markup, with links and images made absolute). */
  description: string;
  input: string;
  output: string;
  hint: string;
  /** Where it came from, shown as the problem's source. */
  source: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  examples: { input: string; output: string }[];
  tags: string[];
  /** The original page (the problem page links to it). */
  url: string;
  /** An interactive problem (its samples may not be plain input/output pairs). */
  interactive?: boolean;
}

/** One language the site judges: the value its submit form takes and the name users see. */
export interface RemoteLanguage {
  /** The submit form's value for this language (HDU `0`, Codeforces `89`, AtCoder `5001`). */
  key: string;
  /** What users pick, as the site names it (`G++`, `GNU G++20 13.2 (64 bit, winlibs)`). */
  name: string;
  /** monaco's language id for the editor's highlighting. */
  contentType: string;
}

/** Where a run stands on the remote site. */
export type RemoteRunPhase = 'queued' | 'judging' | 'final';

export interface RemoteRunState {
  phase: RemoteRunPhase;
  /** The site's verdict text as shown (kept for the submission's detail and for unknown verdicts). */
  remoteVerdict: string;
  /** Our verdict for a final run, from the adapter's verdict table; an unknown text: SystemError. */
  status?: JudgeStatus;
  /** ms */
  time?: number;
  /** KB */
  memory?: number;
  /** The compiler's output for a compile error, in full. */
  compileMessage?: string;
  /** OI-style sites: the run's score. */
  score?: number;
}

/** The step an adapter was at when it failed: part of every message. */
export type RemoteStep = 'login' | 'fetch' | 'submit' | 'poll';

/**
 * Why a remote call failed. The pipeline decides by kind: `rate-limited` and `unavailable` are retried later with
 * the same account; `login-refused` marks the account failing; the others end the submission as Submitted Failed.
 */
export type RemoteFailureKind =
  'login-refused' | 'challenge' | 'rate-limited' | 'unavailable' | 'unparsable' | 'no-run-id' | 'not-found' | 'rejected';

export class RemoteJudgeError extends Error {
  constructor(
    readonly site: RemoteOj,
    readonly step: RemoteStep,
    readonly kind: RemoteFailureKind,
    /** What went wrong, for people: "Cloudflare challenge (HTTP 403)", "wrong password", "wait 30 seconds". */
    readonly reason: string,
    /** For `rate-limited`: how long the site asked us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(`[${site}] ${step}: ${reason}`);
    this.name = 'RemoteJudgeError';
  }
}

export interface SiteAdapter {
  readonly site: RemoteOj;
  /** The site's own address; the pipeline builds each account's RemoteHttp on it (tests: a replay server's). */
  readonly defaultBaseUrl: string;
  /** The page encoding when a response does not name one (HDU and POJ: GBK). */
  readonly defaultCharset?: string;
  /** Languages the site judges, in the order its form lists them. */
  readonly languages: readonly RemoteLanguage[];
  /**
   * The site's verdict texts (as the adapter normalises them: trimmed, lower case) mapped to ours. Data, not code,
   * so a reader sees every verdict a site has; an adapter maps a text it does not find here to SystemError.
   */
  readonly verdicts: Readonly<Record<string, JudgeStatus>>;
  /** Site ids look like this (`1000`, `1000A`, `abc110_a`): checked before any request. */
  readonly remoteIdPattern: RegExp;

  /** Reads a problem page. Needs no account on every site this platform supports. */
  fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem>;
  /** Logs the session's account in (or checks its pasted cookie); throws `login-refused` or `challenge`. */
  login(session: RemoteSession): Promise<void>;
  /** Whether the session's cookies still hold a login (checked before a submit; false: the pipeline logs in). */
  isLoggedIn(session: RemoteSession): Promise<boolean>;
  /**
   * Submits code and answers the remote run id. When the site's answer does not name the run, the adapter reads
   * the account's newest run (latestRunId) and answers it only if it is newer than `before`.
   */
  submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string>;
  /** The account's newest run id on this problem (null: none), read before a submit and after a lost answer. */
  latestRunId(session: RemoteSession, remoteId: string): Promise<string | null>;
  /** Where a run stands. */
  poll(session: RemoteSession, runId: string, remoteId: string): Promise<RemoteRunState>;
}

/** Maps a site's verdict text through its table: unknown texts are SystemError (the caller logs the text). */
export function verdictOf(adapter: Pick<SiteAdapter, 'verdicts'>, text: string): JudgeStatus | undefined {
  return adapter.verdicts[text.trim().toLowerCase()];
}
