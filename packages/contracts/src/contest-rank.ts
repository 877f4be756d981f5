/**
 * Contest scoreboard contract (product §3 "Contest rank row", §4 seal, §6 rank visibility):
 * the rank row shapes (HOJ names) and the seal rules shared by the backend and the contest remote.
 */
import { AfterEndSeal, ContestType, OiScoreType, RankShowName, SealMode } from './contest';

/** Minutes before the end at which the board seals, per seal mode that is relative to the end. */
export const SEAL_MINUTES_BEFORE_END: Partial<Record<SealMode, number>> = {
  [SealMode.LastHalfHour]: 30,
  [SealMode.LastHour]: 60,
};

/** Rank shown for star (unofficial) users, who are not ranked. */
export const STAR_USER_RANK = -1;

/** Settings of a contest that decide the seal. */
export interface ContestSealSettings {
  startTime: Date | string;
  endTime: Date | string;
  sealRank: boolean;
  sealMode: SealMode;
  /** Explicit seal moment, used by SealMode.UntilEnd (sealed from this time until the end). */
  sealRankTime?: Date | string | null;
  afterEndSeal: AfterEndSeal;
  /** Set by an admin to release a board whose after-end rule is AfterEndSeal.Unseal. */
  rankUnsealed?: boolean;
}

/** The moment the board seals, or null when the contest is not sealed. */
export function contestSealTime(c: ContestSealSettings): Date | null {
  if (!c.sealRank) return null;
  const start = new Date(c.startTime).getTime();
  const end = new Date(c.endTime).getTime();
  if (c.sealMode === SealMode.Whole) return new Date(start);
  const minutes = SEAL_MINUTES_BEFORE_END[c.sealMode];
  if (minutes !== undefined) return new Date(Math.max(start, end - minutes * 60_000));
  if (c.sealRankTime) return new Date(Math.min(Math.max(start, new Date(c.sealRankTime).getTime()), end));
  return new Date(end);
}

/**
 * Whether a non-admin sees the sealed board at `now` (product §4, §6): live when not sealed or before the
 * seal time; sealed until the end; after the end per the after-end rule. Admins always see the live board.
 */
export function isRankSealedAt(c: ContestSealSettings, now: Date = new Date()): boolean {
  const seal = contestSealTime(c);
  if (!seal) return false;
  const t = now.getTime();
  if (t < seal.getTime()) return false;
  if (t < new Date(c.endTime).getTime()) return true;
  if (c.afterEndSeal === AfterEndSeal.AutoUnseal) return false;
  if (c.afterEndSeal === AfterEndSeal.Unseal) return !c.rankUnsealed;
  return true;
}

/** One problem cell of an ACM row, keyed by display id in `submissionInfo`. */
export interface AcmProblemCell {
  isAC: boolean;
  /** Seconds from the contest start to the first AC. */
  ACTime?: number;
  /** Rejected tries before the first AC (or in total when not solved); CE and SE not counted. */
  errorNum: number;
  /** Tries whose result is hidden (made after the seal) or not judged yet: shown as pending. */
  tryNum: number;
  isFirstAC: boolean;
}

interface RankRowUser {
  rank: number;
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  avatar: string | null;
  gender: string | null;
  /** The name to show per the contest's rankShowName. */
  showName: string;
  isStar: boolean;
  /** Only on a virtual board (get-virtual-contest-rank): the row is a virtual participant's. */
  isVirtual?: boolean;
}

export interface AcmRankRow extends RankRowUser {
  /** Problems solved. */
  ac: number;
  /** Tries counted (rejected + accepted). */
  total: number;
  /** Penalty minutes: minutes to each AC plus ACM_PENALTY_MINUTES per earlier rejected try. */
  penalty: number;
  /** The same penalty in seconds (HOJ clients show it as a clock). */
  totalTime: number;
  submissionInfo: Record<string, AcmProblemCell>;
}

export interface OiRankRow extends RankRowUser {
  totalScore: number;
  /** Sum of the run times (ms) of the counted submissions: the tie-break. */
  totalTime: number;
  /** Score per display id. */
  submissionInfo: Record<string, number>;
  /** Run time (ms) of the counted submission per display id. */
  timeInfo: Record<string, number>;
  /** Display ids with tries hidden by the seal or still judging. */
  pendingInfo: Record<string, number>;
}

export type ContestRankRow = AcmRankRow | OiRankRow;

/** Body of POST /api/get-contest-rank (HOJ ContestRankDto names). */
export interface ContestRankRequest {
  cid: number;
  currentPage?: number;
  limit?: number;
  keyword?: string;
  removeStar?: boolean;
  /**
   * Followed users (uids). HOJ: page 1 starts with copies of the caller's own row and of these users' rows (in
   * board order), then the board's page; with `onlyConcerned` (ours), only these users' rows are listed.
   */
  concernedList?: string[];
  onlyConcerned?: boolean;
  /** Admins: recompute the board from the database. */
  forceRefresh?: boolean;
  /** HOJ's: results after the end. Contests here take no submissions after the end, so it changes nothing. */
  containsEnd?: boolean;
  /** Other contests of the same type ranked together with cid; each row then carries its `cid`. */
  externalCidList?: number[] | null;
}

export interface ContestRankMeta {
  type: ContestType;
  sealed: boolean;
  sealTime: string | null;
  rankShowName: RankShowName;
  oiRankScoreType: OiScoreType;
}

/**
 * GET /api/admin/contest/resolver (contest admins, issue 35): what the award ceremony's resolver reveals. Every team of
 * an ended, sealed ACM contest with its cells as the sealed board showed them and as they ended; the resolver turns
 * each pending sealed cell into its final one, from the bottom team up, until the board is the final one.
 */
export interface ResolverData {
  cid: number;
  title: string;
  /** ISO */
  startTime: string;
  sealTime: string;
  endTime: string;
  penaltyMinutes: number;
  problems: { displayId: string; title: string; color: string | null }[];
  teams: ResolverTeam[];
}

export interface ResolverTeam {
  uid: string;
  username: string;
  showName: string;
  school: string | null;
  /** unranked (打星) */
  isStar: boolean;
  /** cells by display id (only those with a try), as on the sealed board and on the final one */
  sealed: Record<string, AcmProblemCell>;
  final: Record<string, AcmProblemCell>;
}
