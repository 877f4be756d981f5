import { JudgeStatus, UNFINISHED_JUDGE_STATUSES } from '@oj/contracts';

/** SQL list of statuses that are not a judged try (unfinished, Submitted Failed, Not Submitted): fixed values, no input. */
export const UNRANKED_STATUSES_SQL = `(${[...UNFINISHED_JUDGE_STATUSES, JudgeStatus.SubmittedFailed, JudgeStatus.NotSubmitted].join(', ')})`;
