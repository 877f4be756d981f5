/** The default mode: the output against the answer, exactly (trailing blanks per the problem) or within floatTolerance. */
import * as fs from 'fs';
import { compareOutput } from '../checkers/compare';
import { compareFloats } from '../checkers/float-compare';
import type { JudgeMode } from './mode';
import { judgeOutput } from './output';

export const defaultMode: JudgeMode = {
  judgeProgram: null,
  plainRuns: true,
  judgeCase: (ctx) =>
    judgeOutput(ctx, async (output) => {
      const tolerance = ctx.problem.pkg.floatTolerance;
      return tolerance
        ? compareFloats(fs.readFileSync(output), fs.readFileSync(ctx.testCase.output), tolerance)
        : compareOutput(fs.readFileSync(output), fs.readFileSync(ctx.testCase.output), ctx.problem.pkg.isRemoveEndBlank);
    }),
};
