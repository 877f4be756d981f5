/** Special judge (`spj`): the problem's checker (testlib or the Kattis convention) reads input, output and answer. */
import { runChecker } from '../checkers/special';
import type { JudgeMode } from './mode';
import { judgeOutput } from './output';

export const specialMode: JudgeMode = {
  judgeProgram: 'checker',
  plainRuns: true,
  judgeCase: (ctx) =>
    judgeOutput(ctx, (output) =>
      runChecker({
        checker: ctx.judgeProgram!,
        protocol: ctx.protocol,
        input: ctx.testCase.input,
        output,
        answer: ctx.testCase.output,
        caseScore: ctx.testCase.score,
        scratch: ctx.caseDir,
        extraFiles: ctx.problem.pkg.judgeExtraFiles,
      }),
    ),
};
