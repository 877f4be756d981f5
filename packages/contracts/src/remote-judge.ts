/**
 * Remote judging (issue 34): submissions to problems of another judge site (REMOTE_OJS) are forwarded there by the
 * backend, through their own queue, and never take a judge sandbox's slot.
 */

/**
 * The Bull queues of remote submissions, one per site (under the installation's prefix, as the judge queue): a burst
 * on one site, waiting for its few accounts, never holds back another site's submissions.
 */
export const REMOTE_JUDGE_QUEUE = 'remote-judge';
export const remoteJudgeQueueName = (oj: string): string => `${REMOTE_JUDGE_QUEUE}-${oj}`;

/** One remote submission to forward, or to poll again when its run id is already stored. */
export interface RemoteJudgeJobData {
  /** As JudgeJobData.installationId: a backend ignores another installation's jobs. */
  installationId?: string;
  submitId: number;
  /** The submission's version when queued: a rejudge bumps it and a stale job ends without writing. */
  version: number;
}

export const REMOTE_JUDGE_TIMINGS = {
  /** An account is leased to one submission for this long, renewed by a heartbeat while the submission runs. */
  accountLeaseMs: 60_000,
  accountHeartbeatMs: 15_000,
  /** How often a submission waiting for a free account looks again. */
  accountWaitMs: 500,
  /** Pauses between status reads of a run, the last repeated (a run judged in a second is read after a second). */
  pollScheduleMs: [1_000, 1_000, 2_000, 3_000, 5_000],
  /** A run still not final after this is System Error ("the remote judge gave no verdict"). */
  pollGiveUpMs: 30 * 60_000,
  /** Least time between two submits through one account (sites refuse faster ones). */
  submitGapMs: 5_000,
  /** Least time between two submits to one site, whichever accounts they go through (a site's own rate limit). */
  siteSubmitGapMs: 1_000,
  /** Tries of one job before it ends as Submitted Failed (retryable failures: rate limit, site unavailable). */
  attempts: 5,
  /** Every remote call's own limit. */
  requestTimeoutMs: 30_000,
  /**
   * Bull's lock on a running remote job, renewed at half of it, and how often a backend looks for jobs whose lock ran
   * out: a backend that dies mid-poll has its runs followed by another within about 20 s (Bull's defaults, 30 s and
   * 30 s, took up to a minute). A remote job only waits on HTTP, so 7.5 s without renewing means a dead process.
   */
  jobLockMs: 15_000,
  stalledCheckMs: 5_000,
} as const;

/** Where a remote account stands (Admin → Remote judge). */
export type RemoteAccountState = 'idle' | 'in-use' | 'failing' | 'disabled';

/** One remote account as the admin list shows it: never its password or cookie, only whether they are set. */
export interface RemoteJudgeAccountView {
  id: number;
  oj: string;
  username: string;
  hasPassword: boolean;
  hasCookie: boolean;
  userAgent: string | null;
  enabled: boolean;
  state: RemoteAccountState;
  /** The last failure through it ("[CF] login: wrong password"), until its next success. */
  lastError: string | null;
  lastErrorAt: string | null;
  lastUsedAt: string | null;
}

/** POST / PUT /api/admin/remote-judge/account. On an edit, an empty password or cookie keeps the stored one. */
export interface RemoteJudgeAccountInput {
  id?: number;
  oj: string;
  username: string;
  password?: string;
  cookie?: string | null;
  userAgent?: string | null;
  enabled?: boolean;
  /** An edit: true removes the stored cookie. */
  clearCookie?: boolean;
}

/** One site as Admin → Remote judge shows it. */
export interface RemoteJudgeSiteView {
  oj: string;
  /** Switched on by the admin (a switched-off site takes no submissions: they end Submitted Failed). */
  enabled: boolean;
  /** The site's own address, or where REMOTE_JUDGE_URLS points it. */
  url: string;
  languages: number;
  accounts: number;
}

export const REMOTE_ACCOUNT_LIMITS = { usernameMax: 255, passwordMax: 255, cookieMax: 8_000, userAgentMax: 500 } as const;

/**
 * HOJ's switch config carries the remote accounts as parallel lists (`hduUsernameList`, `hduPasswordList`, ...): the
 * HOJ admin client edits them on its switch page. Each list prefix and the sites it sets (HOJ's Gym submissions go
 * through its Codeforces accounts). Passwords are never sent back: the lists answer '' for each, and an '' sent
 * keeps the stored password.
 */
export const HOJ_REMOTE_ACCOUNT_LISTS = { hdu: ['HDU'], cf: ['CF', 'GYM'], poj: ['POJ'], atcoder: ['AC'], spoj: ['SPOJ'] } as const;
export type HojRemoteAccountListKey = keyof typeof HOJ_REMOTE_ACCOUNT_LISTS;
export type HojRemoteAccountLists = Partial<
  Record<`${HojRemoteAccountListKey}UsernameList` | `${HojRemoteAccountListKey}PasswordList`, string[]>
>;
