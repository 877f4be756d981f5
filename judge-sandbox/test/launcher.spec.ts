/**
 * The fresh sandbox (one bubblewrap per run, JUDGE_SANDBOX=fresh) with both launchers: the shell
 * launcher cgroup v1 uses, and the handshake launcher (prlimit + bwrap --block-fd, the judge moves
 * the sandbox into its cgroup) cgroup v2 hosts use: same verdicts, nothing left behind. The other
 * verdict tests run plain runs through the prepared sandbox, the default.
 */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { configureJudge } from '../src/config';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

let problem: string;
/**
 * The MLE case's problem: 32 MB, which the program fills in 0.15-0.2 s of CPU on an idle machine of this kind (page
 * faults are slow on its VMs: 128 MB took 0.67 s, and over 1 s under a full test run, so the default problem's
 * 128 MB and 1 s ended in TLE, as the rules say for a program still short of its memory limit).
 */
let smallMemory: string;
beforeAll(() => {
  isolateJudge('launcher');
  configureJudge({ sandbox: 'fresh' });
  problem = makeProblem();
  smallMemory = makeProblem({ pkg: { memoryLimit: 32 } });
});
afterAll(() => {
  configureJudge({ launcher: undefined, sandbox: 'prepared' });
  fs.rmSync(problem, { recursive: true, force: true });
  fs.rmSync(smallMemory, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

const cases: [string, string, number][] = [
  ['AC', '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); }', JudgeStatus.Accepted],
  ['TLE', 'int main(){ volatile long x=0; for(;;) x++; }', JudgeStatus.TimeLimitExceeded],
  [
    'MLE',
    '#include <stdlib.h>\n#include <string.h>\nint main(){ for(;;){ char* p=malloc(1<<20); if(!p) return 1; memset(p,1,1<<20);} }',
    JudgeStatus.MemoryLimitExceeded,
  ],
  ['a fork bomb', '#include <unistd.h>\nint main(){ for(;;) fork(); }', JudgeStatus.TimeLimitExceeded],
  [
    'an output flood',
    '#include <stdio.h>\n#include <string.h>\nint main(){ static char b[65536]; memset(b,120,sizeof b); for(;;) fwrite(b,1,sizeof b,stdout); }',
    JudgeStatus.RuntimeError,
  ],
  [
    'a daemon child',
    '#include <stdio.h>\n#include <unistd.h>\nint main(){ if (fork()==0) { setsid(); for(;;); } long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); }',
    JudgeStatus.Accepted,
  ],
];

for (const launcher of ['handshake', 'shell'] as const) {
  describe(`fresh sandbox, ${launcher} launcher`, () => {
    beforeAll(() => configureJudge({ launcher }));
    for (const [name, code, status] of cases) {
      it(`judges ${name} the same way`, async () => {
        const dir = status === JudgeStatus.MemoryLimitExceeded ? smallMemory : problem;
        expect((await judgeSource(dir, 'C With O2', code)).status).toBe(status);
      });
    }
  });
}
