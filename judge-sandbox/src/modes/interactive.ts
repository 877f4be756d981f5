/** Interactive: the program and the problem's interactor run at once, connected by pipes; the interactor decides. */
import { runInteractive } from '../checkers/interactive';
import { scored, JudgeMode } from './mode';

export const interactiveMode: JudgeMode = {
  judgeProgram: 'interactor',
  // Its stdin and stdout are pipes to the interactor: a fresh sandbox each run.
  plainRuns: false,
  async judgeCase(ctx) {
    const { verdict, program } = await runInteractive({
      program: { ...ctx.spec, stderr: ctx.stderr, mounts: [...ctx.spec.mounts!, ...ctx.userFiles] },
      interactor: ctx.judgeProgram!,
      protocol: ctx.protocol,
      input: ctx.testCase.input,
      answer: ctx.testCase.output,
      caseScore: ctx.testCase.score,
      scratch: ctx.caseDir,
      extraFiles: ctx.problem.pkg.judgeExtraFiles,
    });
    return { ...ctx.base, ...scored(verdict, ctx.testCase), time: program.timeMs, memory: program.memoryKb };
  },
};
