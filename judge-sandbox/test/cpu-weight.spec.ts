/**
 * JUDGE_CPU_WEIGHT=low (what `npm start` and the compose file set): the judge's tree gets a low CPU weight and its
 * processes nice 19, so the site is served first; a run that only waited for the CPU behind others still gets its
 * own CPU time measured and is not cut by the wall limit.
 */
import { ChildProcess, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { compileC } from '../src/bench-lib';
import { configureJudge, judgeConfig } from '../src/config';
import { programSpec } from '../src/judge';
import { CompileResult } from '../src/compile';
import { AppliedCpuWeight, LOW_CPU_WEIGHT, LOW_NICE, applyCpuWeight, detectCgroups, run, settleRuns } from '../src/sandbox';
import { cleanupJudge, isolateJudge, sandboxProcesses } from './helpers';

/** Spins until its own CPU clock reads 500 ms, then prints its nice value. */
const SOURCE = `#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <sys/resource.h>
int main(void){
  volatile unsigned long x = 0;
  struct timespec cpu;
  do {
    for (int i = 0; i < 100000; i++) x += i;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
  } while (cpu.tv_sec * 1000.0 + cpu.tv_nsec / 1e6 < 500);
  printf("%d %lu\\n", getpriority(PRIO_PROCESS, 0), (unsigned long)(x & 1));
  return 0;
}`;

/**
 * The same loop in a second thread while the main thread only joins it, as a JVM or a .NET runtime runs (and as
 * scalac and kotlinc compile): the wait to take off is the spinning thread's, not the main thread's.
 */
const THREADED_SOURCE = `#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <time.h>
static volatile unsigned long x = 0;
static void *spin(void *arg) {
  struct timespec cpu;
  (void)arg;
  do {
    for (int i = 0; i < 100000; i++) x += i;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
  } while (cpu.tv_sec * 1000.0 + cpu.tv_nsec / 1e6 < 500);
  return 0;
}
int main(void){
  pthread_t t;
  if (pthread_create(&t, 0, spin, 0) != 0) return 3;
  pthread_join(t, 0);
  printf("joined %lu\\n", (unsigned long)(x & 1));
  return 0;
}`;

/** The runs' wall clock limit: several times their CPU time, below the elapsed time they take behind the hogs. */
const WALL_LIMIT_MS = 3000;

let scratch: string;
let compiled: CompileResult;
let threaded: CompileResult;
let applied: AppliedCpuWeight;
const hogs: ChildProcess[] = [];

/** This process's path in the cgroup v1 cpu hierarchy ('' when there is none). */
const cpuCgroupPath = (): string =>
  fs
    .readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[1]?.split(',').includes('cpu'))
    ?.split(':')[2] ?? '';
let cpuCgroupBefore = '';

/** Sets the CPUs every thread of this process may run on (jest reuses the worker: afterAll gives them all back). */
const pinTo = (cpus: string): void => {
  const r = spawnSync('taskset', ['-a', '-c', '-p', cpus, String(process.pid)], { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`taskset ${cpus} failed`);
};

beforeAll(async () => {
  isolateJudge('cpu-weight');
  scratch = path.join(path.dirname(judgeConfig().workRoot), 'io');
  fs.mkdirSync(scratch, { mode: 0o755 });
  // As the worker does, before the first sandbox: the prepared sandboxes' zygote inherits the weight.
  cpuCgroupBefore = cpuCgroupPath();
  applied = applyCpuWeight('low');
  // Everything of this test on one CPU: this process's threads (the sandboxes it starts inherit the affinity) and a CPU
  // hog started after the weight was lowered, so in the judge's own tree, at nice 10 against the runs' 19 (weights 110
  // and 15): the loops below get about an eighth of that CPU and wait about 4 s whatever else the machine runs. (Hogs
  // outside the tree, one per core at the normal weight, shared the tree's weight with all the machine's other work,
  // and loaded runs saw loops end in 1.2 s: the test then proved nothing.)
  pinTo('0');
  const hog = spawn('taskset', ['-c', '0', '/bin/sh', '-c', 'while :; do :; done'], { stdio: 'ignore' });
  os.setPriority(hog.pid!, 10);
  hogs.push(hog);
  compiled = await compileC(SOURCE);
  threaded = await compileC(THREADED_SOURCE);
});

afterAll(() => {
  for (const hog of hogs) hog.kill('SIGKILL');
  pinTo(`0-${os.cpus().length - 1}`);
  // Jest reuses this worker process for other suites: give it back its cgroup and nice value (root may raise both).
  const now = cpuCgroupPath();
  if (applied?.file && now && now !== cpuCgroupBefore) {
    const mountRoot = path.dirname(applied.file).slice(0, -now.length);
    fs.writeFileSync(path.join(mountRoot, cpuCgroupBefore, 'cgroup.procs'), String(process.pid));
  }
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(tid), 0);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  fs.rmSync(compiled.dir, { recursive: true, force: true });
  if (threaded) fs.rmSync(threaded.dir, { recursive: true, force: true });
  cleanupJudge();
});

describe('JUDGE_CPU_WEIGHT=low', () => {
  it("lowers the judge tree's cgroup weight and the worker's nice value", () => {
    expect(applied).toMatchObject({ weight: 'low', nice: LOW_NICE });
    expect(os.getPriority(0)).toBe(LOW_NICE);
    const version = detectCgroups().version;
    expect(applied.file).toBeDefined();
    expect(fs.readFileSync(applied.file!, 'utf8').trim()).toBe(String(version === 'v2' ? LOW_CPU_WEIGHT.v2 : LOW_CPU_WEIGHT.v1));
    if (version === 'v1') {
      // This process (and so every run it starts) is in that cgroup of the cpu hierarchy.
      const cpuLine = fs
        .readFileSync('/proc/self/cgroup', 'utf8')
        .split('\n')
        .find((l) => l.split(':')[1]?.split(',').includes('cpu'));
      expect(applied.file!.endsWith(path.join(cpuLine!.split(':')[2], 'cpu.shares'))).toBe(true);
    }
  });

  describe.each(['prepared', 'fresh'] as const)('a 0.5 s CPU loop under competing hogs, %s sandbox', (sandbox) => {
    afterEach(async () => {
      await settleRuns();
      configureJudge({ sandbox: 'prepared' });
      // The compiled program stays in the work root until the end (settled runs leave nothing else).
      expect(sandboxProcesses()).toEqual([]);
      const programs = [compiled, threaded].map((c) => path.basename(c.dir));
      expect(fs.readdirSync(judgeConfig().workRoot).filter((f) => !programs.includes(f))).toEqual([]);
    });

    it('runs at nice 19, is measured in its own CPU time and is not cut by the wall limit while it waits', async () => {
      configureJudge({ sandbox });
      const stdout = path.join(scratch, `out-${sandbox}`);
      const r = await run({
        ...programSpec(
          compiled.language,
          compiled.dir,
          { timeLimitMs: 1000, memoryLimitKb: 64 * 1024, stackLimitKb: 8 * 1024, outputLimitBytes: 1024 },
          compiled.entry,
        ),
        // Below the time the loop takes behind the hogs at a tenth of their weight (about 4 s behind the nice-10 hog on the one CPU),
        // and well above its 0.5 s of CPU: what is left of the elapsed time once the waits for a CPU are taken off
        // also holds the sandbox's own start and the machine's other stalls (page faults, I/O), which under a full
        // test run took more than the 0.7 s a 1.2 s limit left them.
        wallLimitMs: WALL_LIMIT_MS,
        stdout,
      });
      expect({ status: r.status, message: r.message }).toEqual({ status: 'exited', message: undefined });
      expect(r.exitCode).toBe(0);
      expect(Number(fs.readFileSync(stdout, 'utf8').split(' ')[0])).toBe(LOW_NICE);
      expect(r.timeMs).toBeGreaterThanOrEqual(490);
      expect(r.timeMs).toBeLessThan(1000);
      // It did wait: the loop's elapsed time is well beyond its CPU time.
      expect(r.wallMs).toBeGreaterThan(WALL_LIMIT_MS);
    });

    it('is not cut by the wall limit when the thread that waited is not the main thread', async () => {
      configureJudge({ sandbox });
      const stdout = path.join(scratch, `threaded-${sandbox}`);
      const r = await run({
        ...programSpec(
          threaded.language,
          threaded.dir,
          { timeLimitMs: 1000, memoryLimitKb: 64 * 1024, stackLimitKb: 8 * 1024, outputLimitBytes: 1024 },
          threaded.entry,
        ),
        wallLimitMs: WALL_LIMIT_MS,
        stdout,
      });
      expect({ status: r.status, message: r.message, out: fs.readFileSync(stdout, 'utf8').split(' ')[0] }).toEqual({
        status: 'exited',
        message: undefined,
        out: 'joined',
      });
      expect(r.timeMs).toBeGreaterThanOrEqual(490);
      expect(r.wallMs).toBeGreaterThan(WALL_LIMIT_MS);
    });
  });
});
