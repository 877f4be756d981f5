/** Submission result codes (product §4). */
export const JudgeStatus = {
  NotSubmitted: -10,
  SubmittedUnknownResult: -5,
  /** HOJ's -4: an admin cancelled the submission (admin/judge/cancel-judge); it counts nowhere. */
  Cancelled: -4,
  PresentationError: -3,
  CompileError: -2,
  WrongAnswer: -1,
  Accepted: 0,
  TimeLimitExceeded: 1,
  MemoryLimitExceeded: 2,
  RuntimeError: 3,
  SystemError: 4,
  Pending: 5,
  Compiling: 6,
  Judging: 7,
  PartialAccepted: 8,
  Submitting: 9,
  SubmittedFailed: 10,
} as const;
export type JudgeStatus = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export const JUDGE_STATUS_NAMES: Record<JudgeStatus, { name: string; short: string }> = {
  [-10]: { name: 'Not Submitted', short: 'NS' },
  [-5]: { name: 'Submitted Unknown Result', short: 'SNR' },
  [-4]: { name: 'Cancelled', short: 'CA' },
  [-3]: { name: 'Presentation Error', short: 'PE' },
  [-2]: { name: 'Compile Error', short: 'CE' },
  [-1]: { name: 'Wrong Answer', short: 'WA' },
  0: { name: 'Accepted', short: 'AC' },
  1: { name: 'Time Limit Exceeded', short: 'TLE' },
  2: { name: 'Memory Limit Exceeded', short: 'MLE' },
  3: { name: 'Runtime Error', short: 'RE' },
  4: { name: 'System Error', short: 'SE' },
  5: { name: 'Pending', short: 'PD' },
  6: { name: 'Compiling', short: 'CP' },
  7: { name: 'Judging', short: 'JG' },
  8: { name: 'Partial Accepted', short: 'PA' },
  9: { name: 'Submitting', short: 'SM' },
  10: { name: 'Submitted Failed', short: 'SF' },
};

/** Statuses that mean judging has not finished yet. */
export const UNFINISHED_JUDGE_STATUSES: readonly JudgeStatus[] = [
  JudgeStatus.Pending,
  JudgeStatus.Compiling,
  JudgeStatus.Judging,
  JudgeStatus.Submitting,
];

export function isFinalJudgeStatus(status: number): boolean {
  return !UNFINISHED_JUDGE_STATUSES.includes(status as JudgeStatus);
}
