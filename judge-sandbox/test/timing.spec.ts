/**
 * CPU timing: the time the sandbox reports is the program's CPU time (what its own CPU clock says), and
 * waiting costs nothing. How stable that time is from run to run depends on the host as well (a shared
 * machine's cores change speed), so it is measured by `npm run bench -w judge-sandbox` (cpuCvPct), not asserted.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileC } from '../src/bench-lib';
import { configureJudge, judgeConfig } from '../src/config';
import { programSpec } from '../src/judge';
import { run, settleRuns } from '../src/sandbox';
import { cleanupJudge, expectNothingLeft, isolateJudge } from './helpers';

/** Spins 10^8 iterations, sleeps 300 ms, then prints its own CPU time in ms. */
const SOURCE = `#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
int main(void){
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 100000000UL; i++) x += i;
  struct timespec nap = {0, 300000000L};
  nanosleep(&nap, 0);
  struct timespec cpu;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
  printf("%.3f %lu\\n", cpu.tv_sec * 1000.0 + cpu.tv_nsec / 1e6, (unsigned long)(x & 1));
  return 0;
}`;

let scratch: string;
beforeAll(() => {
  isolateJudge('timing');
  scratch = path.join(path.dirname(judgeConfig().workRoot), 'io');
  fs.mkdirSync(scratch, { mode: 0o755 });
});
afterAll(() => cleanupJudge());

describe.each(['prepared', 'fresh'] as const)('CPU time in the %s sandbox', (sandbox) => {
  afterEach(async () => {
    await settleRuns();
    configureJudge({ sandbox: 'prepared' });
    expectNothingLeft();
  });

  it("is the program's own CPU time, without the time it sleeps", async () => {
    configureJudge({ sandbox });
    const compiled = await compileC(SOURCE);
    try {
      for (let i = 0; i < 5; i++) {
        const stdout = path.join(scratch, `out-${sandbox}-${i}`);
        const r = await run({
          ...programSpec(
            compiled.language,
            compiled.dir,
            {
              timeLimitMs: 10_000,
              memoryLimitKb: 64 * 1024,
              stackLimitKb: 8 * 1024,
              outputLimitBytes: 1024,
            },
            compiled.entry,
          ),
          stdout,
        });
        expect(r.status).toBe('exited');
        const own = Number(fs.readFileSync(stdout, 'utf8').split(' ')[0]);
        expect(own).toBeGreaterThan(20);
        // The cgroup also counts exec and the C runtime's start, and in the fresh sandbox on cgroup v1 bubblewrap's
        // namespace and mount setup less its least of five (calibrateSandbox). On an idle machine that is a few ms;
        // at a load average of 26 on 2 cores (CI with the browser suites) it varied by 16.7 ms. The sleep this test
        // is about is 300 ms, ten times the bound, so a counted sleep still fails it.
        expect(Math.abs(r.timeMs - own)).toBeLessThanOrEqual(Math.max(30, own * 0.1));
        expect(r.wallMs).toBeGreaterThanOrEqual(300);
      }
    } finally {
      fs.rmSync(compiled.dir, { recursive: true, force: true });
    }
  });
});
