/**
 * Sandbox rules beyond the filter's fixed list: a program may execve nothing after its own start
 * (RE naming the call, in a child as well, on the prepared and on the fresh path, whether or not the
 * kernel log can be read), runtimes that must start programs (Bash) still can; a stderr flood is cut,
 * not fatal.
 */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';
import { followKernelLog, stopKernelLog } from '../src/sandbox';
import { configureJudge } from '../src/config';

let plain: string;
let fileIO: string;
beforeAll(() => {
  isolateJudge('exec-stderr');
  // 5 s: these runs test what a program may do, not its time; a 37.5 MB stderr flood through the fresh sandbox took
  // past the default 1 s once when CI loaded both cores (a landing run of session 25: TLE instead of Accepted)
  plain = makeProblem({ cases: [['1 2\n', '3\n']], pkg: { timeLimit: 5000 } });
  // File IO takes the fresh sandbox (bubblewrap per run); plain runs take the prepared one.
  fileIO = makeProblem({ cases: [['1 2\n', '3\n']], pkg: { timeLimit: 5000, fileIO: { input: 'in.txt', output: '' } } });
});
afterAll(() => {
  fs.rmSync(plain, { recursive: true, force: true });
  fs.rmSync(fileIO, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

const READ = (io: boolean) => (io ? 'FILE* f = fopen("in.txt", "r"); fscanf(f, "%ld %ld", &a, &b);' : 'scanf("%ld %ld", &a, &b);');
const SYSTEM_SH = (io: boolean) =>
  `#include <stdio.h>\n#include <stdlib.h>\nint main(){ long a, b; ${READ(io)} system("/bin/sh -c true"); printf("%ld\\n", a + b); return 0; }`;
const EXECL = '#include <unistd.h>\nint main(){ execl("/bin/echo", "echo", "3", (char*)0); return 1; }';

for (const [path, problem] of [
  ['prepared', () => plain],
  ['fresh', () => fileIO],
] as const) {
  describe(`${path} sandbox`, () => {
    it('a C program that runs /bin/sh through system() is RE naming execve, though it exits 0', async () => {
      const r = await judgeSource(problem(), 'c', SYSTEM_SH(path === 'fresh'));
      expect({ status: r.status, message: r.cases[0]?.message }).toEqual({
        status: JudgeStatus.RuntimeError,
        message: 'refused system call: execve',
      });
    });

    it('names the execve of a child with the kernel log out of reach (rate-limited or unreadable)', async () => {
      // The launcher reports a foreign execve itself; the kernel's audit lines are not needed for it.
      stopKernelLog();
      configureJudge({ kernelLog: '' });
      try {
        const r = await judgeSource(problem(), 'c', SYSTEM_SH(path === 'fresh'));
        expect({ status: r.status, message: r.cases[0]?.message }).toEqual({
          status: JudgeStatus.RuntimeError,
          message: 'refused system call: execve',
        });
      } finally {
        stopKernelLog();
        configureJudge({ kernelLog: '/dev/kmsg' });
        followKernelLog();
      }
    });

    it('execl of another program ends the program as RE naming execve', async () => {
      const r = await judgeSource(problem(), 'cpp17-o2', EXECL);
      expect({ status: r.status, message: r.cases[0]?.message }).toEqual({
        status: JudgeStatus.RuntimeError,
        message: 'refused system call: execve',
      });
    });
  });
}

it('an interpreted program may not exec either (Python os.execv)', async () => {
  const r = await judgeSource(plain, 'python3', 'import os\nos.execv("/bin/echo", ["echo", "3"])');
  expect({ status: r.status, message: r.cases[0]?.message }).toEqual({
    status: JudgeStatus.RuntimeError,
    message: 'refused system call: execve',
  });
});

it('a Bash program still runs commands (its runtime must exec)', async () => {
  const r = await judgeSource(plain, 'bash', 'read a b\n/usr/bin/expr "$a" + "$b"');
  expect(r.status).toBe(JudgeStatus.Accepted);
});

describe('stderr floods are cut, not fatal', () => {
  const FLOOD_C =
    '#include <stdio.h>\nint main(){ static char b[1 << 16]; for (int i = 0; i < (int)sizeof b; i++) b[i] = 120; for (int i = 0; i < 600; i++) fwrite(b, 1, sizeof b, stderr); long a, c; scanf("%ld %ld", &a, &c); printf("%ld\\n", a + c); }';
  // 600 × 64 KB = 37.5 MB of stderr, past the 16 MB output limit of the case.
  it('C, prepared sandbox: Accepted', async () => {
    expect((await judgeSource(plain, 'c-o2', FLOOD_C)).status).toBe(JudgeStatus.Accepted);
  });
  it('Python, prepared sandbox: Accepted', async () => {
    const r = await judgeSource(plain, 'python3', 'import sys\nfor i in range(600):\n    sys.stderr.write("x" * 65536)\nprint(3)');
    expect(r.status).toBe(JudgeStatus.Accepted);
  });
  it('C, fresh sandbox: Accepted', async () => {
    const code = FLOOD_C.replace('scanf("%ld %ld", &a, &c);', 'FILE* f = fopen("in.txt", "r"); fscanf(f, "%ld %ld", &a, &c);');
    expect((await judgeSource(fileIO, 'c-o2', code)).status).toBe(JudgeStatus.Accepted);
  });
  it('the head of stderr written right before the exit is kept (it decides MLE from the runtime message)', async () => {
    const r = await judgeSource(plain, 'python3', 'import sys\nsys.stderr.write("MemoryError\\n" + "y" * 200000)\nsys.exit(1)');
    expect(r.status).toBe(JudgeStatus.MemoryLimitExceeded);
  });
});
