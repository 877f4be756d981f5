/** The contest permission rules of product §6 as the client applies them (the server checks them again). */
import { ContestAuth, ContestStatus, ContestType, JudgeStatus, isFinalJudgeStatus } from '@oj/contracts';

export interface Viewer {
  isLoggedIn: boolean;
  /** contest admin (isContestAdmin) */
  isAdmin: boolean;
  /** entered with the password (get-contest-access) */
  entered: boolean;
}

/**
 * Contest admin as far as the client can tell: root or the contest's author. The owning group's level-5
 * members are admins too on the server, which does not tell the client; they see the contestant's screens.
 */
export const isContestAdmin = (user: { uid: string } | null, isRoot: boolean, contestUid: string): boolean =>
  isRoot || (!!user && user.uid === contestUid);

/** The password form blocks a private contest for users who have not entered it. */
export const mustEnterToView = (auth: ContestAuth, v: Viewer): boolean => auth === ContestAuth.Private && !v.entered && !v.isAdmin;

/** The password form shows (protected: beside the overview, to be allowed to submit). */
export const showPasswordForm = (auth: ContestAuth, v: Viewer): boolean => auth !== ContestAuth.Public && !v.entered && !v.isAdmin;

/** Contest menu disabled unless admin when scheduled, or (private) not entered. */
export const menuDisabled = (auth: ContestAuth, status: ContestStatus, v: Viewer): boolean =>
  !v.isAdmin && (status === ContestStatus.Scheduled || mustEnterToView(auth, v));

/**
 * Why submitting is refused, as a message id, or null when allowed. `virtualRunning`: the caller's virtual run of
 * the ended contest is running (issue 35), so the contest is open to them as it was while it ran.
 */
export function submitRefusal(auth: ContestAuth, status: ContestStatus, v: Viewer, virtualRunning = false): string | null {
  if (!v.isLoggedIn) return 'contest.submit.loginFirst';
  if (status === ContestStatus.Ended && !virtualRunning) return 'contest.submit.ended';
  if (status === ContestStatus.Scheduled && !v.isAdmin) return 'contest.submit.notStarted';
  // a run was started under the contest's view rules (a private contest's problems need its password already): the
  // server asks for nothing more from a running run
  if (auth !== ContestAuth.Public && !v.entered && !v.isAdmin && !virtualRunning) return 'contest.submit.enterPassword';
  return null;
}

/** Points are shown (submissions' score column) only under the OI rule; ACM answers 100/0 mean nothing. */
export const contestShowsScores = (type: ContestType): boolean => type === ContestType.OI;

/**
 * A submission's score in the OI list: its points once judged, "--" while there are none to show: still judging,
 * or hidden by the seal (the server answers Submitted Unknown Result and no score). A 0 there would read as a
 * failed try.
 */
export function scoreText(status: number, score: number | null | undefined): string {
  if (status === JudgeStatus.SubmittedUnknownResult || !isFinalJudgeStatus(status) || score == null) return '--';
  return String(score);
}

/**
 * The board's own rows of a rank page. HOJ's answer heads page 1 with a copy of the caller's own row (its real row
 * stays in its place), which its chart skips: the board here shows every user once, so the copy is dropped.
 */
export function boardRows<R extends { uid: string }>(records: R[], currentPage: number, viewerUid: string | undefined): R[] {
  return currentPage === 1 && viewerUid && records[0]?.uid === viewerUid ? records.slice(1) : records;
}
