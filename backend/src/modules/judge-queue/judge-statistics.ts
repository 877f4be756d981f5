import { JudgeStatus } from '@oj/contracts';

/** A problem_statistic column counting one verdict (HOJ ProblemCountVO's fields). */
export type StatisticColumn = 'ac' | 'wa' | 'ce' | 'tle' | 'mle' | 're' | 'pe' | 'se' | 'pa';

/** The problem_statistic column counting a final verdict, or null for verdicts only `total` counts. */
export function statisticColumn(status: number): StatisticColumn | null {
  switch (status) {
    case JudgeStatus.Accepted:
      return 'ac';
    case JudgeStatus.WrongAnswer:
      return 'wa';
    case JudgeStatus.CompileError:
      return 'ce';
    case JudgeStatus.TimeLimitExceeded:
      return 'tle';
    case JudgeStatus.MemoryLimitExceeded:
      return 'mle';
    case JudgeStatus.RuntimeError:
      return 're';
    case JudgeStatus.PresentationError:
      return 'pe';
    case JudgeStatus.SystemError:
      return 'se';
    case JudgeStatus.PartialAccepted:
      return 'pa';
    default:
      return null;
  }
}

/** Every final verdict problem_statistic counts in a column of its own, with that column (HOJ ProblemCountVO's fields). */
export const STATISTIC_VERDICTS: readonly { status: number; column: StatisticColumn }[] = [
  JudgeStatus.Accepted,
  JudgeStatus.WrongAnswer,
  JudgeStatus.CompileError,
  JudgeStatus.PresentationError,
  JudgeStatus.TimeLimitExceeded,
  JudgeStatus.MemoryLimitExceeded,
  JudgeStatus.RuntimeError,
  JudgeStatus.SystemError,
  JudgeStatus.PartialAccepted,
].map((status) => ({ status, column: statisticColumn(status)! }));

/** A user's standing on one problem, recomputed from their counted submissions. */
export interface UserProblemStanding {
  accepted: boolean;
  bestScore: number;
}

/** Changes to the user's totals when their standing on a problem moves from `before` to `after`. */
export function standingDelta(before: UserProblemStanding | null, after: UserProblemStanding | null): { solved: number; score: number } {
  return {
    solved: (after?.accepted ? 1 : 0) - (before?.accepted ? 1 : 0),
    score: (after?.bestScore ?? 0) - (before?.bestScore ?? 0),
  };
}
