/**
 * Issue 39, item 8: a failure of the sandbox's own set-up is System Error with its reason, never a verdict. With the
 * problem in a folder the runs' uids cannot enter, bwrap cannot bind the case's input into the interactor's or the
 * checker's sandbox; its child exits 1 with "bwrap: Can't find source path ...", which testlib reads as Wrong Answer.
 * A program that prints those words itself and exits 1 stays Runtime Error (a counted failure, unlike System Error).
 */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

const problems: string[] = [];
beforeAll(() => isolateJudge('setup-failure'));
afterAll(() => {
  for (const p of problems) fs.rmSync(p, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

/** Reads the program's number and accepts anything (testlib exit 0), so only the set-up can fail. */
const ACCEPTING_INTERACTOR = '#include <stdio.h>\nint main(){ printf("1\\n"); fflush(stdout); long x; scanf("%ld", &x); return 0; }';
const ACCEPTING_CHECKER = 'int main(){ return 0; }';
const ECHO = '#include <stdio.h>\nint main(){ long x; if (scanf("%ld", &x) == 1) printf("%ld\\n", x); return 0; }';

/** A problem folder only root may enter (0700), as a package unpacked by root with a tight umask. */
function privateProblem(spec: Parameters<typeof makeProblem>[0]): string {
  const dir = makeProblem(spec);
  problems.push(dir);
  fs.chmodSync(dir, 0o700);
  return dir;
}

describe('a sandbox that cannot be set up', () => {
  it.each([
    ['interactor', { judgeMode: 'interactive' as const }, { 'interactor.c': ACCEPTING_INTERACTOR }],
    ['special judge', { judgeMode: 'spj' as const }, { 'checker.c': ACCEPTING_CHECKER }],
  ])('makes the %s case System Error with the reason', async (_name, pkg, files) => {
    const dir = privateProblem({ pkg, cases: [['1\n', '1\n']], files });
    const r = await judgeSource(dir, 'C', ECHO);
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.SystemError]);
    expect(r.status).toBe(JudgeStatus.SystemError);
    expect(r.cases[0].message).toMatch(
      /sandbox setup failed: bind source \/.*\/1\.in: \/.* is not searchable by the sandbox's uid \(mode 700\)/,
    );
  });

  it('keeps a program that prints "bwrap: ..." and exits 1 its own verdict', async () => {
    const dir = makeProblem({ pkg: { fileIO: { input: 'in.txt', output: 'out.txt' } }, cases: [['1\n', '1\n']] });
    problems.push(dir);
    const r = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ fprintf(stderr, "bwrap: Can\'t find source path /x: Permission denied\\n"); return 1; }',
    );
    expect(r.status).toBe(JudgeStatus.RuntimeError);
  });

  it('still judges a default-mode problem in the same folder (its inputs are copied into the prepared slot)', async () => {
    const dir = privateProblem({ cases: [['1\n', '1\n']] });
    const r = await judgeSource(dir, 'C', ECHO);
    expect(r.status).toBe(JudgeStatus.Accepted);
  });
});
