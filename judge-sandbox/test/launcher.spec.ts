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
beforeAll(() => {
  isolateJudge('launcher');
  configureJudge({ sandbox: 'fresh' });
  problem = makeProblem();
});
afterAll(() => {
  configureJudge({ launcher: undefined, sandbox: 'prepared' });
  fs.rmSync(problem, { recursive: true, force: true });
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
        expect((await judgeSource(problem, 'C With O2', code)).status).toBe(status);
      });
    }
  });
}
