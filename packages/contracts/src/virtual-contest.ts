/**
 * Virtual participation (issue 35): once a contest has ended, a user who did not take part may run it "virtually":
 * the contest's duration from the moment they start, its problems, submissions through the contest's own submit
 * route, and a board that shows them among the real participants as those stood at the same elapsed time. Virtual
 * submissions are stored outside the contest (practice submissions of the bank problem, marked with their run), so
 * the official board, the rating and the outside board never see them. Admins switch it off per contest
 * (`allowVirtual`).
 */
import type { Page } from './api';
import type { ContestRankRow } from './contest-rank';

/** A user's virtual run of a contest. */
export interface VirtualRun {
  id: number;
  cid: number;
  uid: string;
  username: string;
  /** ISO: when the user started, and start + the contest's duration */
  startTime: string;
  endTime: string;
  /** server time of the answer (ISO), for the countdown */
  now: string;
  /** running until endTime, then ended */
  status: 'running' | 'ended';
}

/** GET /api/get-virtual-contest-rank: the board at the caller's elapsed time, HOJ's page shape and the clock. */
export interface VirtualRankPage extends Page<ContestRankRow> {
  /** ms since the caller's virtual start (at most the duration) */
  elapsedMs: number;
  durationMs: number;
}

/** Calls (under /api). */
export const VIRTUAL_CONTEST_API = {
  /** POST { cid }: starts the caller's virtual run (answers the run; a second call answers the same run) */
  start: '/start-virtual-contest',
  /** GET (cid): the caller's run, or null */
  mine: '/get-virtual-contest',
  /** GET (cid, currentPage, limit, keyword): the board at the caller's elapsed time */
  rank: '/get-virtual-contest-rank',
} as const;

/** Refusals (server texts with codes, contracts messages.ts). */
export const VIRTUAL_ERR = {
  notEnded: 'Virtual participation opens once the contest has ended.',
  closed: 'Virtual participation is switched off for this contest.',
  tookPart: 'You took part in this contest; virtual participation is for those who did not.',
  noRun: 'Start a virtual participation of this contest first.',
} as const;
