/**
 * Issue 39, item 7: a run the time limit ends while it sits at its memory limit is Memory Limit Exceeded. Near the
 * cgroup's limit the kernel's reclaim takes the CPU, so a program allocating 16 MB blocks in a loop with 1 s and
 * 256 MB used to end Time Limit Exceeded at 1.05-1.14 s of CPU (with 2 s it ended MLE). Where the kernel kills such a
 * program at once (no swap) this end-to-end check passed before the fix too; the rule itself is tested in
 * src/sandbox/classify.spec.ts, where the stats of a run stopped at the time limit at its memory limit are given.
 * The limits leave the program time to reach its memory limit on a slow machine: on some VMs of this kind page faults
 * cost about 5 µs a page, and Python filled only 220 of 256 MB in its 1 s (TLE, as the rules say for a program still
 * short of its limit); 64 MB (Python) is reached in a third of it. Node, which starts at about 45 MB, used 0.8-1.0 s
 * of CPU to reach 128 MB under a full test run (its start alone costs a few hundred ms there) and once ended TLE short
 * of it; with 96 MB it has half as much to fill.
 */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

const dirs = new Map<number, string>();
beforeAll(() => {
  isolateJudge('memory-at-time-limit');
  for (const memoryLimit of [64, 96])
    dirs.set(memoryLimit, makeProblem({ pkg: { timeLimit: 1000, memoryLimit }, cases: [['1\n', '1\n']] }));
});
afterAll(() => {
  for (const dir of dirs.values()) fs.rmSync(dir, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

/** language, program, memory limit in MB */
const PROGRAMS: [string, string, number][] = [
  ['Python3', 'blocks = []\nwhile True:\n    blocks.append(b"x" * (16 << 20))\n', 64],
  ['JavaScript Node', 'const blocks = [];\nfor (;;) blocks.push(Buffer.alloc(16 << 20, 1));\n', 96],
];

describe('a program allocating 16 MB blocks in a loop, 1 s', () => {
  it.each(PROGRAMS)('%s ends Memory Limit Exceeded (%#)', async (language, code, memoryLimit) => {
    const r = await judgeSource(dirs.get(memoryLimit)!, language, code);
    // The figures with the verdict, so a failure says how far the program got (time in ms, memory in KB).
    expect({ status: r.status, time: r.time, memory: r.memory }).toMatchObject({ status: JudgeStatus.MemoryLimitExceeded });
  });
});
