import { JudgeMode } from '@oj/contracts';
import { ImportedProblem } from './imported-problem';

/** What a problem save needs, from the admin form or from an import. */
export interface ProblemInput extends ImportedProblem {
  problemId: string;
  /** Tag colours for tags created by this save. */
  tagColors?: Record<string, string | null>;
  /** Null keeps the stored cases (an edit without new test data). */
  casesToStore: { input: Buffer; output: Buffer; score: number; groupNum?: number | null }[] | null;
  /**
   * An edit that keeps the stored cases may still change their scores and groups: one entry per stored case,
   * in case order (a list of another length is ignored).
   */
  storedCaseMeta?: { score: number; groupNum: number | null }[] | null;
}

export const needsChecker = (judgeMode: string): boolean => judgeMode === JudgeMode.Special || judgeMode === JudgeMode.Interactive;
