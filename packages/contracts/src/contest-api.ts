/**
 * Payloads of the contest calls (product §7 "Contest", admin contest CRUD) as the backend's contest module
 * answers them; used by the contest remote and the admin contest screens.
 */
import { AfterEndSeal, ContestAuth, ContestStatus, ContestType, OiScoreType, RankShowName, SealMode } from './contest';
import type { Page } from './api';

/** Who may take part when the account limit is on: `prefix<start..end>suffix`, or an extra username. */
export interface ContestAccountLimitRule {
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  extra: string[];
}

/**
 * HOJ's form of the rule, the one string its admin page sends and reads back:
 * `<prefix>team</prefix><suffix></suffix><start>1</start><end>30</end><extra>guest coach</extra>` (extra accounts
 * separated by spaces). Null when it is not that form or a number is not a whole number.
 */
export function parseHojAccountLimitRule(text: string): ContestAccountLimitRule | null {
  const tag = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1];
  const [prefix, suffix, start, end, extra] = ['prefix', 'suffix', 'start', 'end', 'extra'].map(tag);
  if (prefix === undefined || suffix === undefined || start === undefined || end === undefined) return null;
  if (!/^\s*\d+\s*$/.test(start) || !/^\s*\d+\s*$/.test(end)) return null;
  return { prefix, suffix, start: Number(start), end: Number(end), extra: (extra ?? '').split(/\s+/).filter(Boolean) };
}

/** The rule as HOJ's admin page reads it (see parseHojAccountLimitRule). */
export function formatHojAccountLimitRule(rule: ContestAccountLimitRule): string {
  return `<prefix>${rule.prefix}</prefix><suffix>${rule.suffix}</suffix><start>${rule.start}</start><end>${rule.end}</end><extra>${rule.extra.join(' ')}</extra>`;
}

/** A contest as get-contest-info / get-contest-list answer it (never the password). */
export interface ContestInfo {
  id: number;
  uid: string;
  author: string;
  title: string;
  description: string;
  type: ContestType;
  auth: ContestAuth;
  /** ISO times */
  startTime: string;
  endTime: string;
  /** seconds */
  duration: number;
  status: ContestStatus;
  /** server time of the answer (ISO), for client countdowns */
  now: string;
  sealRank: boolean;
  sealMode: SealMode;
  sealRankTime: string | null;
  afterEndSeal: AfterEndSeal;
  rankUnsealed: boolean;
  oiRankScoreType: OiScoreType;
  starAccount: string[];
  rankShowName: RankShowName;
  openPrint: boolean;
  openAccountLimit: boolean;
  accountLimitRule: ContestAccountLimitRule | null;
  visible: boolean;
  gid: number | null;
  /** Whether users may take part virtually once the contest has ended (issue 35; default true). */
  allowVirtual: boolean;
  /** Lock mode (issue 36): while it runs, its participants reach only this contest. */
  lockMode?: boolean;
  /** Allowed client address ranges (issue 36); only in the admin editor's answer. */
  ipRanges?: string[];
  /** get-contest-list: how many users entered (registered for) the contest (HOJ ContestVO.count). */
  count?: number;
  gmtCreate?: string;
  gmtModified?: string;
}

/** Filters of GET /api/get-contest-list. */
export interface ContestListQuery {
  currentPage?: number;
  limit?: number;
  status?: ContestStatus;
  type?: ContestType;
  auth?: ContestAuth;
  keyword?: string;
}

/** A problem of a contest (get-contest-problem rows, admin contest problem rows). */
export interface ContestProblemItem {
  id: number;
  cid: number;
  /** bank problem primary key */
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
  ac?: number;
  total?: number;
}

/**
 * get-contest-problem-details' `myLatestSubmission` (not in HOJ): the caller's latest try of the problem in the
 * contest, so the problem page can show it after a reload. `score` only under the OI rule (null under ACM and while
 * judging). A contestant may always open their own submission, so the page links to it by `submitId`.
 */
export interface ContestMyLatestSubmission {
  submitId: number;
  status: number;
  score: number | null;
  submitTime: string;
}

export interface ContestAnnouncementInfo {
  id: number;
  cid: number;
  title: string;
  content: string;
  uid: string;
  visible: boolean;
  /** HOJ AnnouncementVO: the author's username and `status` (0 shown, 1 hidden), in list answers. */
  username?: string | null;
  status?: 0 | 1;
  gmtCreate: string;
  gmtModified: string;
}

/** A contest submission in lists (contest-submissions, check-contest-submissions-status): never the code. */
export interface ContestSubmissionItem {
  submitId: number;
  uid: string;
  username: string;
  pid: number;
  displayId: string;
  title: string;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  /** Bytes; null for other users' submissions while the contest runs (with time and memory). */
  length: number | null;
  language: string;
  submitTime: string;
  cid: number;
  /** The caller's own submission in their virtual run (issue 35; cid is then 0). Not in HOJ. */
  isVirtual?: boolean;
  /** While shown as Pending: the place in the judge queue and the estimated wait (QueueEstimate; not in HOJ). */
  queuePosition?: number | null;
  queueWaitSeconds?: number | null;
}

export interface ContestSubmissionQuery {
  cid: number;
  currentPage?: number;
  limit?: number;
  displayId?: string;
  searchStatus?: number;
  searchUsername?: string;
  onlyMine?: boolean;
  /** HOJ: true lists the submissions made before the start, false those from the start on; unset, both. */
  beforeContestSubmit?: boolean;
}

/** A balloon of get-contest-ac-info: the first AC of a user on a problem. */
export interface ContestAcInfoItem {
  id: number;
  uid: string;
  username: string;
  realname: string | null;
  displayId: string;
  color: string | null;
  submitTime: string;
  /** seconds from the start */
  time: number;
  isFirstAC: boolean;
  checked: boolean;
}

export interface ContestPrintItem {
  id: number;
  cid: number;
  uid: string;
  username: string;
  realname: string | null;
  content: string;
  /** PrintStatus */
  status: number;
  gmtCreate: string;
}

/** get-contest-outsize-info answer. */
export interface ContestOutsideInfo {
  contest: ContestInfo;
  problemList: Pick<ContestProblemItem, 'displayId' | 'displayTitle' | 'color' | 'ac' | 'total'>[];
}

/** Body of POST/PUT /api/admin/contest (times ISO). */
export interface AdminContestBody {
  id?: number;
  title: string;
  description?: string;
  type: ContestType;
  auth: ContestAuth;
  pwd?: string | null;
  startTime: string;
  endTime: string;
  duration?: number;
  sealRank?: boolean;
  sealMode?: SealMode;
  sealRankTime?: string | null;
  afterEndSeal?: AfterEndSeal;
  rankUnsealed?: boolean;
  oiRankScoreType?: OiScoreType;
  starAccount?: string[];
  rankShowName?: RankShowName;
  openPrint?: boolean;
  openAccountLimit?: boolean;
  accountLimitRule?: ContestAccountLimitRule | null;
  visible?: boolean;
  gid?: number | null;
  /** Virtual participation after the end (default true). */
  allowVirtual?: boolean;
  /** Issue 36: allowed client address ranges (CIDR); absent keeps the stored ones (HOJ's client never sends it). */
  ipRanges?: string[];
  /** Issue 36: lock mode; absent keeps the stored switch. */
  lockMode?: boolean;
}

/**
 * GET /api/admin/contest/get-problem-list without `problemType` (HOJ): `problemList` is a page of the contest's bank
 * problems in display id order, `contestProblemMap` each problem's link in the contest by bank problem id.
 */
export interface AdminContestProblemList {
  problemList: Page<{ id: number; problemId: string; title: string; author: string | null; type: number; auth: number }>;
  contestProblemMap: Record<number, ContestProblemItem>;
}

/** Admin contest calls (under /api). */
export const ADMIN_CONTEST_API = {
  list: '/admin/contest/get-contest-list',
  contest: '/admin/contest',
  changeVisible: '/admin/contest/change-contest-visible',
  problemList: '/admin/contest/get-problem-list',
  problem: '/admin/contest/contest-problem',
  addProblemFromPublic: '/admin/contest/add-problem-from-public',
  announcement: '/admin/contest/announcement',
  rejudgeProblem: '/admin/judge/rejudge-contest-problem',
  /** GET (cid): the resolver's data (ResolverData) */
  resolver: '/admin/contest/resolver',
} as const;
