/**
 * Issue 39, item 2: every run ends within its wall limit plus a bounded grace, whatever its pipes do. DOMjudge's
 * boolfind-test-loop reproduced: a program that loops writing `READ 0` and never reads, against an interactor that
 * answers each query with a 1 KB line. Both pipes fill, both sides block, the wall limit kills them, and a pipe still
 * holding data used to keep the run from ever completing (no verdict after 100 s with a 1 s limit).
 */
import * as fs from 'fs';
import { PassThrough } from 'stream';
import { JudgeStatus } from '@oj/contracts';
import { PIPE_GRACE_MS, run, settleRuns, start } from '../src/sandbox';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';
import { CHATTY_INTERACTOR, NEVER_READS } from './stuck-programs';

const problems: string[] = [];
beforeAll(() => isolateJudge('stuck-pipes'));
afterAll(() => {
  for (const p of problems) fs.rmSync(p, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

describe('an interactive run whose pipes are full', () => {
  it.each([['testlib'], ['domjudge']] as const)(
    'ends as Time Limit Exceeded within its wall limit and a grace (%s protocol)',
    async (protocol) => {
      const dir = makeProblem({
        pkg: { judgeMode: 'interactive', checkerProtocol: protocol, timeLimit: 1000 },
        cases: [['1\n', '1\n']],
        files: { 'interactor.c': CHATTY_INTERACTOR },
      });
      problems.push(dir);
      const started = Date.now();
      const r = await judgeSource(dir, 'C', NEVER_READS);
      const elapsed = Date.now() - started;
      expect(r.status).toBe(JudgeStatus.TimeLimitExceeded);
      // Wall limit 4 s (3 × 1 s + 1 s) for the program, 6 s for the interactor, the compiles, then the grace.
      expect(elapsed).toBeLessThan(30_000);
    },
    60_000,
  );
});

describe('a run whose stdout is piped into a reader that stopped', () => {
  it('ends at its wall limit plus the pipe grace', async () => {
    await run({ args: ['/usr/bin/true'], timeLimitMs: 1000, memoryLimitKb: 64 * 1024, outputLimitBytes: 1024 });
    const wallLimitMs = 1500;
    const started = Date.now();
    // yes(1) fills the pipe and blocks: no CPU, so only the wall limit ends it, with data left in the pipe.
    const handle = start({
      args: ['/usr/bin/yes'],
      timeLimitMs: 1000,
      wallLimitMs,
      memoryLimitKb: 64 * 1024,
      outputLimitBytes: 1 << 30,
      stdout: 'pipe',
    });
    // Piped into a reader that stopped (as an interactor that died): the pipe holds data nobody will take.
    handle.stdout!.pipe(new PassThrough({ highWaterMark: 1024 }));
    const r = await handle.done;
    const elapsed = Date.now() - started;
    expect(r.status).toBe('time-limit');
    expect(elapsed).toBeLessThan(wallLimitMs + PIPE_GRACE_MS + 1500);
    await settleRuns();
  });
});
