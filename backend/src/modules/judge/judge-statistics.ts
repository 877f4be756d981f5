import { JudgeStatus } from '@oj/contracts';

/** The problem_statistic column counting a final verdict, or null for verdicts only `total` counts. */
export function statisticColumn(status: number): 'ac' | 'wa' | 'ce' | 'tle' | 'mle' | 're' | 'pe' | 'se' | 'pa' | null {
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
