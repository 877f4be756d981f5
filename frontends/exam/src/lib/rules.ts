/** Exam rules of product §6 as the client applies them (the server checks them again); access is the contest's. */
import { ContestAuth, ContestStatus } from '@oj/contracts';
import type { Viewer } from 'contest/clock';

/** Why answering or submitting is refused, as a message id, or null when allowed (`handedIn`: the paper is in). */
export function answerRefusal(auth: ContestAuth, status: ContestStatus, v: Viewer, handedIn = false): string | null {
  if (!v.isLoggedIn) return 'exam.submit.loginFirst';
  if (status === ContestStatus.Ended) return 'exam.submit.ended';
  if (handedIn) return 'exam.submit.handedIn';
  if (status === ContestStatus.Scheduled && !v.isAdmin) return 'exam.submit.notStarted';
  if (auth !== ContestAuth.Public && !v.entered && !v.isAdmin) return 'exam.submit.enterPassword';
  return null;
}

/** Real scores are visible if the exam ended, to its admins, or when realScore is on (product §6). */
export const realScoreVisible = (info: { realScore: boolean }, status: ContestStatus, v: Viewer): boolean =>
  status === ContestStatus.Ended || v.isAdmin || info.realScore;
