/**
 * The plagiarism check (issue 35): every pair of submissions of one problem and one language in a contest, an exam or
 * a problem's practice submissions, compared by fingerprints of their normalised tokens (winnowing, as MOSS does).
 * The backend's plagiarism module runs a check as a background job; the admin app lists the pairs above the check's
 * threshold, shows a pair side by side with its matching regions, and marks pairs confirmed or dismissed.
 */

/** What a check compares: a contest's or an exam's submissions, or a problem's practice submissions. */
export const PlagiarismScope = { Contest: 'contest', Exam: 'exam', Problem: 'problem' } as const;
export type PlagiarismScope = (typeof PlagiarismScope)[keyof typeof PlagiarismScope];

export const PlagiarismCheckStatus = { Waiting: 'waiting', Running: 'running', Done: 'done', Failed: 'failed' } as const;
export type PlagiarismCheckStatus = (typeof PlagiarismCheckStatus)[keyof typeof PlagiarismCheckStatus];

/** A pair's review state: open until an admin confirms it (a copy) or dismisses it. */
export const PlagiarismPairStatus = { Open: 'open', Confirmed: 'confirmed', Dismissed: 'dismissed' } as const;
export type PlagiarismPairStatus = (typeof PlagiarismPairStatus)[keyof typeof PlagiarismPairStatus];

/** How the two programs were compared: normalised tokens of a known language, or characters (any other language). */
export type PlagiarismMethod = 'tokens' | 'characters';

export const PLAGIARISM_LIMITS = {
  /** similarity in percent from which a pair is listed, unless the check says otherwise */
  defaultThreshold: 60,
  minThreshold: 10,
  maxThreshold: 100,
  /** submissions one check may compare (a larger scope is refused with its count) */
  maxSubmissions: 20_000,
} as const;

/** POST /api/admin/plagiarism/check: starts a check. */
export interface StartPlagiarismCheckBody {
  scope: PlagiarismScope;
  /** the contest's, the exam's or the problem's id */
  id: number;
  /** only accepted submissions (default true); otherwise each user's last submission of each problem and language */
  onlyAccepted?: boolean;
  /** percent, PLAGIARISM_LIMITS.minThreshold..maxThreshold */
  threshold?: number;
}

/** A check and how far it got (GET /api/admin/plagiarism/check, and the list's rows). */
export interface PlagiarismCheckView {
  id: number;
  scope: PlagiarismScope;
  scopeId: number;
  onlyAccepted: boolean;
  threshold: number;
  status: PlagiarismCheckStatus;
  /** 0..100 */
  progress: number;
  /** submissions compared (one per user, problem and language) */
  submissions: number;
  /** pairs of submissions compared */
  comparedPairs: number;
  /** pairs at or above the threshold */
  pairs: number;
  confirmedPairs: number;
  error: string | null;
  createdBy: string;
  createTime: string;
  finishTime: string | null;
  /** how long the comparison took, ms */
  ms: number | null;
}

/** One matching region: lines (1-based, inclusive) in the first and in the second program. */
export interface PlagiarismRegion {
  aFrom: number;
  aTo: number;
  bFrom: number;
  bTo: number;
}

/** A listed pair (GET /api/admin/plagiarism/pairs). `a` is the earlier submission. */
export interface PlagiarismPairView {
  id: number;
  checkId: number;
  pid: number;
  /** the problem's display id in the contest or exam, else its problem id */
  displayId: string;
  language: string;
  method: PlagiarismMethod;
  /** percent, the mean of the two programs' shares of fingerprints in common */
  similarity: number;
  /** percent of the first program's fingerprints found in the second, and the other way round */
  aPercent: number;
  bPercent: number;
  aSubmitId: number;
  aUid: string;
  aUsername: string;
  bSubmitId: number;
  bUid: string;
  bUsername: string;
  status: PlagiarismPairStatus;
  reviewedBy: string | null;
}

/** GET /api/admin/plagiarism/pair: a pair with both programs and the regions they share. */
export interface PlagiarismPairDetail extends PlagiarismPairView {
  aCode: string;
  bCode: string;
  regions: PlagiarismRegion[];
  /** a contest check: the usernames the contest already ranks as unofficial (打星) */
  unofficial?: string[];
}

/** PUT /api/admin/plagiarism/pair: a review. */
export interface ReviewPlagiarismPairBody {
  id: number;
  status: PlagiarismPairStatus;
  /**
   * A contest check, confirming: these of the pair's usernames leave the contest's official standing (they join its
   * unofficial list, shown with a star and never ranked or rated).
   */
  excludeFromRank?: string[];
}

/** Refusals of the plagiarism routes (server texts with codes, contracts messages.ts). */
export const PLAGIARISM_ERR = {
  tooManySubmissions: (n: number) => `A check compares at most ${PLAGIARISM_LIMITS.maxSubmissions} submissions; this one has ${n}.`,
  rankOnlyInContests: 'Only a contest check can take users out of the rank.',
  notInPair: 'Only the two users of the pair can be taken out of the rank.',
} as const;

export const PLAGIARISM_API = {
  /** POST (StartPlagiarismCheckBody), GET (id) */
  check: '/admin/plagiarism/check',
  /** GET (scope, id): the scope's checks, newest first */
  checks: '/admin/plagiarism/checks',
  /** GET (checkId, currentPage, limit, status?) */
  pairs: '/admin/plagiarism/pairs',
  /** GET (id), PUT (ReviewPlagiarismPairBody) */
  pair: '/admin/plagiarism/pair',
} as const;
