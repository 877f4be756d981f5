/**
 * The prepared (reused) sandbox: runs really share one zygote, and nothing of one run reaches the
 * next (files, processes, environment, IPC objects, cgroup counters, the slot directory); once the
 * runs settle nothing is left on the host. JUDGE_SANDBOX=fresh keeps the old path.
 */
import * as fs from 'fs';
import * as path from 'path';
import { configureJudge, judgeConfig } from '../src/config';
import {
  run,
  settleRuns,
  RunResult,
  RunSpec,
  preparedEligible,
  preparedSandboxPids,
  preparedSlotsArmed,
  prewarmPrepared,
} from '../src/sandbox';
import { cleanupJudge, expectNothingLeft, isolateJudge, sandboxProcesses } from './helpers';

let scratch: string;
beforeAll(() => {
  isolateJudge('prepared');
  scratch = path.join(path.dirname(judgeConfig().workRoot), 'io');
  fs.mkdirSync(scratch, { mode: 0o755 });
});
afterAll(() => cleanupJudge());
afterEach(async () => {
  await settleRuns();
  configureJudge({ sandbox: 'prepared' });
  expectNothingLeft();
});

/** Runs a shell script sandboxed with the contestant seccomp profile; returns the result and stdout. */
async function sh(script: string, extra: Partial<RunSpec> = {}): Promise<{ r: RunResult; out: string; err: string }> {
  const out = path.join(scratch, 'out');
  const err = path.join(scratch, 'err');
  const r = await run({
    args: ['/bin/sh', '-c', script],
    timeLimitMs: 2000,
    memoryLimitKb: 256 * 1024,
    outputLimitBytes: 1 << 20,
    seccomp: 'default',
    stdout: out,
    stderr: err,
    ...extra,
  });
  return { r, out: fs.readFileSync(out, 'utf8'), err: fs.readFileSync(err, 'utf8') };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !check(); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > end) throw new Error('condition not met in time');
  }
}

describe('prepared sandbox', () => {
  it('is used for plain runs and reused from one run to the next', async () => {
    expect(preparedEligible({ args: ['x'], timeLimitMs: 1, memoryLimitKb: 1, outputLimitBytes: 1 })).toBe(true);
    expect(preparedEligible({ args: ['x'], timeLimitMs: 1, memoryLimitKb: 1, outputLimitBytes: 1, stdin: 'pipe' })).toBe(false);
    expect(preparedEligible({ args: ['x'], timeLimitMs: 1, memoryLimitKb: 1, outputLimitBytes: 1, workDir: scratch })).toBe(false);
    await sh('true');
    const pids = preparedSandboxPids();
    expect(pids).toHaveLength(1);
    await sh('true');
    expect(preparedSandboxPids()).toEqual(pids);
  });

  it('gives every run fresh /w, /tmp and /dev/shm, and a read-only rest', async () => {
    const first = await sh('echo secret > /w/a && echo secret > /tmp/b && echo secret > /dev/shm/c && echo done');
    expect(first.out).toBe('done\n');
    const pids = preparedSandboxPids();
    const second = await sh('ls -A /w /tmp /dev/shm; touch /dev/x /p/x /x /s/x 2>&1 | wc -l');
    expect(preparedSandboxPids()).toEqual(pids);
    expect(second.out).toBe('/dev/shm:\n\n/tmp:\n\n/w:\n4\n');
  });

  it('sizes /w, /tmp and /dev/shm as each run asks (64 MiB unless told), whatever the run before asked', async () => {
    const sizes = "df -k /w /tmp /dev/shm | awk 'NR > 1 { print $2 }' | tr '\\n' ' '";
    expect((await sh(sizes, { tmpfsSizeBytes: 8 * 1024 * 1024 })).out).toBe('8192 8192 8192 ');
    expect((await sh(sizes)).out).toBe('65536 65536 65536 ');
    expect((await sh(sizes, { tmpfsSizeBytes: 128 * 1024 * 1024 })).out).toBe('131072 131072 131072 ');
  });

  it('leaves no process of one run to the next', async () => {
    // A daemon that would keep running if the run's pid namespace survived.
    await sh('(setsid sh -c "while :; do sleep 1; done" &) ; echo started');
    const next = await sh('ls /proc | grep -c "^[0-9]"; echo $$');
    // Only the init's stderr drainer (pid 2), the shell (pid 3) and its ls/grep children are there.
    const [count, self] = next.out.trim().split('\n').map(Number);
    expect(self).toBe(3);
    expect(count).toBeLessThanOrEqual(5);
  });

  it('has killed every process of a run when the run returns', async () => {
    const r = await sh('(setsid sh -c "while :; do :; done" &) ; (sleep 100 &) ; echo started');
    expect(r.out).toBe('started\n');
    // Only the slot itself is left: the outer bwrap, the zygote and its prepared init.
    expect(sandboxProcesses().filter((p) => !/ (bwrap|zygote)$/.test(p))).toEqual([]);
  });

  it('passes no environment of one run to the next', async () => {
    const first = await sh('echo $SECRET_TOKEN', { env: { SECRET_TOKEN: 'abc' } });
    expect(first.out).toBe('abc\n');
    const second = await sh('env | sort');
    expect(second.out).not.toContain('SECRET_TOKEN');
    expect(second.out.trim().split('\n').sort()).toEqual(['HOME=/tmp', 'LANG=C.UTF-8', 'PATH=/usr/local/bin:/usr/bin:/bin', 'PWD=/w']);
  });

  it('leaves no IPC object of one run to the next', async () => {
    const first = await sh('ipcmk -M 4096 >/dev/null && ipcs -m | grep -c "^0x"');
    expect(first.out).toBe('1\n');
    const second = await sh('ipcs -m | grep -c "^0x"');
    expect(second.out).toBe('0\n');
  });

  it('counts CPU time and memory per run, from zero', async () => {
    const heavy = await sh('i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done; head -c 30000000 /dev/zero > /w/big', {
      outputLimitBytes: 40 << 20,
    });
    expect(heavy.r.status).toBe('exited');
    expect(heavy.r.timeMs).toBeGreaterThan(50);
    expect(heavy.r.memoryKb).toBeGreaterThan(25 * 1024); // the tmpfs pages are charged to the run
    const light = await sh('true');
    expect(light.r.status).toBe('exited');
    expect(light.r.timeMs).toBeLessThan(heavy.r.timeMs / 4);
    expect(light.r.memoryKb).toBeLessThan(10 * 1024);
  });

  it('never shows the slot directory, the judge or the input of earlier runs', async () => {
    const input = path.join(scratch, 'input');
    fs.writeFileSync(input, 'first input\n', { mode: 0o644 });
    const first = await sh('cat', { stdin: input });
    expect(first.out).toBe('first input\n');
    const second = await sh('ls -A /s; cat; ls /p; echo end');
    expect(second.out).toBe('end\n');
  });

  it('ends a run at its time limit without losing the sandbox', async () => {
    const looping = await sh('while :; do :; done', { timeLimitMs: 300 });
    expect(looping.r.status).toBe('time-limit');
    const pids = preparedSandboxPids();
    const after = await sh('echo ok');
    expect(after.out).toBe('ok\n');
    expect(preparedSandboxPids()).toEqual(pids);
  });

  it('closes the prepared sandboxes when runs settle', async () => {
    await sh('true');
    expect(sandboxProcesses().length).toBeGreaterThan(0);
    await settleRuns();
    expect(preparedSandboxPids()).toEqual([]);
    expect(sandboxProcesses()).toEqual([]);
  });

  it('opens sandboxes ahead of the runs (a spare per lane), which then use them, and closes unclaimed ones when runs settle', async () => {
    prewarmPrepared(2);
    prewarmPrepared(2); // asking again while they open adds none
    await until(() => preparedSandboxPids().filter(Boolean).length === 4);
    const warmed = preparedSandboxPids();
    expect(warmed).toHaveLength(4);
    // Each has its first run's cgroup ready before any run asks for it (the move into a v1 cgroup takes
    // milliseconds, which a run would otherwise wait for).
    await until(() => preparedSlotsArmed() === 4);
    // Back-to-back runs on two lanes take the warmed sandboxes (the spare of a lane while the other gets its next init ready).
    const lane = async (n: number): Promise<void> => {
      for (let i = 0; i < 3; i++)
        await sh('true', { stdout: path.join(scratch, `out-${n}-${i}`), stderr: path.join(scratch, `err-${n}-${i}`) });
    };
    await Promise.all([lane(1), lane(2)]);
    expect(preparedSandboxPids().sort()).toEqual([...warmed].sort());
    await settleRuns();
    prewarmPrepared(1);
    await settleRuns(); // a sandbox still opening is closed too
    expect(preparedSandboxPids()).toEqual([]);
    expect(sandboxProcesses()).toEqual([]);
  });

  it('keeps the fresh bubblewrap path behind JUDGE_SANDBOX=fresh', async () => {
    configureJudge({ sandbox: 'fresh' });
    expect(preparedEligible({ args: ['x'], timeLimitMs: 1, memoryLimitKb: 1, outputLimitBytes: 1 })).toBe(false);
    const r = await sh('echo fresh');
    expect(r.out).toBe('fresh\n');
    expect(preparedSandboxPids()).toEqual([]);
  });
});
