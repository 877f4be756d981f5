/**
 * A remote submission (issue 34) as the detail page shows it: the site it was judged on and its run id there, from
 * `vjudgeSubmitId` (HOJ's name) or the judger "HDU #41000001".
 */
import { JudgeStatus, SubmissionInfo } from '@oj/contracts';

export interface RemoteRun {
  /** The site's key (HDU, CF, ...), when the judger names it. */
  site: string | null;
  /** The run id on that site, when the submission reached it. */
  runId: string | null;
}

const REMOTE_JUDGER = /^([A-Z][A-Z0-9]*) #(\S+)$/;

/** The remote run of a submission, or null for one judged here. */
export function remoteRunOf(s: SubmissionInfo, remoteOj?: string | null): RemoteRun | null {
  const judged = s.judger ? REMOTE_JUDGER.exec(s.judger) : null;
  const runId = s.vjudgeSubmitId != null && s.vjudgeSubmitId !== '' ? String(s.vjudgeSubmitId) : (judged?.[2] ?? null);
  const site = judged?.[1] ?? remoteOj ?? null;
  if (runId === null && !site) return null;
  return { site, runId };
}

/** Submitted Failed: the site could not be reached or refused it; its owner may send it again. */
export const isSubmittedFailed = (s: SubmissionInfo): boolean => s.status === JudgeStatus.SubmittedFailed;
