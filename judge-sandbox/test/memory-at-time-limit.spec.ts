/**
 * Issue 39, item 7: a run the time limit ends while it sits at its memory limit is Memory Limit Exceeded. Near the
 * cgroup's limit the kernel's reclaim takes the CPU, so a program allocating 16 MB blocks in a loop with 1 s and
 * 256 MB used to end Time Limit Exceeded at 1.05-1.14 s of CPU (with 2 s it ended MLE). On this machine (no swap) the
 * kernel kills such a program at once, so this end-to-end check passed before the fix too; the rule itself is tested
 * in src/sandbox/classify.spec.ts, where the stats of a run stopped at the time limit at its memory limit are given.
 */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

let dir: string;
beforeAll(() => {
  isolateJudge('memory-at-time-limit');
  dir = makeProblem({ pkg: { timeLimit: 1000, memoryLimit: 256 }, cases: [['1\n', '1\n']] });
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

const PROGRAMS: [string, string][] = [
  ['Python3', 'blocks = []\nwhile True:\n    blocks.append(b"x" * (16 << 20))\n'],
  ['JavaScript Node', 'const blocks = [];\nfor (;;) blocks.push(Buffer.alloc(16 << 20, 1));\n'],
];

describe('a program allocating 16 MB blocks in a loop, 1 s and 256 MB', () => {
  it.each(PROGRAMS)('%s ends Memory Limit Exceeded', async (language, code) => {
    const r = await judgeSource(dir, language, code);
    expect(r.status).toBe(JudgeStatus.MemoryLimitExceeded);
  });
});
