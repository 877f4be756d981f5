/**
 * What a judge mode is (default comparer, special judge, interactor): how one case of a submission is judged once its
 * program is compiled. judge.ts picks the mode's module from JUDGE_MODES (index.ts) by problem.json's `judgeMode`;
 * what every mode shares (limits, the program's sandbox spec, the folding of cases and subtasks) stays in judge.ts.
 */
import { JudgeStatus } from '@oj/contracts';
import type { CaseResult, ProblemPackage } from '@oj/contracts';
import type { CompileResult } from '../compile';
import type { LoadedProblem, ProblemCase } from '../problem';
import type { Mount, RunSpec } from '../sandbox';
import type { CheckerVerdict } from '../checkers/special';

export type JudgeModeName = ProblemPackage['judgeMode'];

/** Bytes of program output kept in case results for admins. */
export const OUTPUT_HEAD_BYTES = 256;

/** One case of one submission, as every mode receives it. */
export interface CaseContext {
  problem: LoadedProblem;
  testCase: ProblemCase;
  /** The contestant's program in the sandbox (limits, argv, seccomp, the program on /p), without its stdio. */
  spec: RunSpec;
  /** The problem's checker or interactor, compiled (modes that have one). */
  judgeProgram: CompileResult | undefined;
  /** The case's scratch folder (removed after the case). */
  caseDir: string;
  /** Where the program's stderr goes. */
  stderr: string;
  /** The problem's extra files for the contestant's program, already in caseDir. */
  userFiles: Mount[];
  protocol: 'testlib' | 'domjudge';
  /** caseId and the case's file names, the start of every CaseResult. */
  base: Pick<CaseResult, 'caseId' | 'inputFile' | 'outputFile'>;
}

export interface JudgeMode {
  /**
   * The problem's own program this mode compiles and runs beside the contestant's (`checker.<ext>`,
   * `interactor.<ext>` in the package), or null.
   */
  judgeProgram: 'checker' | 'interactor' | null;
  /**
   * Whether the contestant's program runs alone on stdin and stdout files, so its runs can take prepared sandboxes
   * (unless file IO or extra files ask for more).
   */
  plainRuns: boolean;
  judgeCase(ctx: CaseContext): Promise<CaseResult>;
}

/** A checker's verdict as the case's status and score (a case without points is worth its full score when accepted). */
export function scored(verdict: CheckerVerdict, testCase: ProblemCase): Pick<CaseResult, 'status' | 'score' | 'message' | 'detail'> {
  const score = verdict.score ?? (verdict.status === JudgeStatus.Accepted ? testCase.score : 0);
  return { status: verdict.status, score, message: verdict.message, ...(verdict.detail ? { detail: verdict.detail } : {}) };
}
