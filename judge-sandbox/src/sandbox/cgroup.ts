/**
 * cgroups v1 and v2: one fresh cgroup per run (memory limit and peak, pids limit, CPU time of
 * every process of the run), detected once at start. v1 uses the memory, pids and cpuacct
 * hierarchies; v2 one directory with those controllers enabled in the parent.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export type CgroupVersion = 'v1' | 'v2' | 'none';

interface CgroupLayout {
  version: CgroupVersion;
  /** v1: controller → base dir of our runs; v2: { unified: base dir }. */
  bases: Record<string, string>;
}

const V1_CONTROLLERS = ['memory', 'pids', 'cpuacct'] as const;
const BASE_NAME = 'oj-judge';
let layout: CgroupLayout | undefined;

interface MountInfo {
  mountPoint: string;
  fsType: string;
  superOptions: string;
  root: string;
}

function readMounts(): MountInfo[] {
  return fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [left, right] = line.split(' - ');
      const l = left.split(' ');
      const r = right.split(' ');
      return { root: l[3], mountPoint: l[4], fsType: r[0], superOptions: r[2] ?? '' };
    });
}

/** Detects the cgroup version once; `JUDGE_CGROUP=v1|v2|none` forces one. */
export function detectCgroups(force?: string): CgroupLayout {
  if (layout && (!force || force === layout.version)) return layout;
  const mounts = readMounts();
  const v2 = mounts.find((m) => m.fsType === 'cgroup2' && hasV2Controllers(m.mountPoint));
  const v1: Record<string, string> = {};
  for (const c of V1_CONTROLLERS) {
    const m = mounts.find((x) => x.fsType === 'cgroup' && x.superOptions.split(',').includes(c));
    if (m) v1[c] = m.mountPoint;
  }
  const want = force ?? '';
  if ((want === 'v2' || !want) && v2) {
    layout = { version: 'v2', bases: { unified: prepareV2Base(v2.mountPoint) } };
    sweepStaleCgroups(Object.values(layout.bases));
  } else if ((want === 'v1' || !want) && V1_CONTROLLERS.every((c) => v1[c])) {
    const bases: Record<string, string> = {};
    for (const c of V1_CONTROLLERS) {
      bases[c] = path.join(v1[c], BASE_NAME);
      fs.mkdirSync(bases[c], { recursive: true });
    }
    layout = { version: 'v1', bases };
    sweepStaleCgroups(Object.values(layout.bases));
  } else if (want === 'none') {
    // Only on request: without cgroups there is no memory, pids or whole-tree CPU limit.
    layout = { version: 'none', bases: {} };
  } else {
    throw new Error(want ? `cgroup ${want} is not available` : 'no usable cgroup v1 (memory, pids, cpuacct) or v2 hierarchy');
  }
  return layout;
}

function hasV2Controllers(mountPoint: string): boolean {
  try {
    const c = fs.readFileSync(path.join(mountPoint, 'cgroup.controllers'), 'utf8').split(/\s+/);
    return c.includes('memory') && c.includes('pids') && c.includes('cpu');
  } catch {
    return false;
  }
}

/**
 * v2 forbids processes in a cgroup whose controllers are delegated to children ("no internal
 * processes"), so when the worker sits in a non-root cgroup (a container) it first moves itself
 * into a leaf, then enables memory, pids and cpu for its runs.
 */
function prepareV2Base(mountPoint: string): string {
  const own = fs
    .readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('0::'));
  const ownDir = path.join(mountPoint, own ? own.slice(3) : '/');
  const parent = process.env.JUDGE_CGROUP_PARENT || ownDir;
  const enable = (dir: string): void => fs.writeFileSync(path.join(dir, 'cgroup.subtree_control'), '+memory +pids +cpu');
  try {
    enable(parent);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EBUSY') throw err;
    const leaf = path.join(parent, 'judge-worker');
    fs.mkdirSync(leaf, { recursive: true });
    for (const pid of fs.readFileSync(path.join(parent, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      try {
        fs.writeFileSync(path.join(leaf, 'cgroup.procs'), pid);
      } catch {
        // a process that exited meanwhile
      }
    }
    enable(parent);
  }
  const base = path.join(parent, BASE_NAME);
  fs.mkdirSync(base, { recursive: true });
  enable(base);
  return base;
}

export interface CgroupStats {
  cpuNs: number;
  memoryPeakBytes: number;
  oomKilled: boolean;
  /** The memory limit was reached at least once (v1 `memory.failcnt`, v2 `memory.events` max or oom). */
  memoryLimitHit: boolean;
}

/** One run's cgroup (a directory per controller on v1). */
export class RunCgroup {
  private readonly dirs: Record<string, string> = {};
  /** Run-queue wait last seen per thread of the run, ns (a thread that exited keeps what it waited). */
  private readonly waits = new Map<number, number>();
  private constructor(readonly version: CgroupVersion) {}

  static create(name: string, limits: { memoryBytes: number; pids: number }): RunCgroup {
    const l = detectCgroups();
    const cg = new RunCgroup(l.version);
    if (l.version === 'v1') {
      for (const c of V1_CONTROLLERS) {
        cg.dirs[c] = path.join(l.bases[c], name);
        fs.mkdirSync(cg.dirs[c]);
      }
      write(cg.dirs.memory, 'memory.limit_in_bytes', limits.memoryBytes);
      tryWrite(cg.dirs.memory, 'memory.memsw.limit_in_bytes', limits.memoryBytes);
      tryWrite(cg.dirs.memory, 'memory.swappiness', 0);
      write(cg.dirs.pids, 'pids.max', limits.pids);
    } else if (l.version === 'v2') {
      cg.dirs.unified = path.join(l.bases.unified, name);
      fs.mkdirSync(cg.dirs.unified);
      write(cg.dirs.unified, 'memory.max', limits.memoryBytes);
      tryWrite(cg.dirs.unified, 'memory.swap.max', 0);
      write(cg.dirs.unified, 'pids.max', limits.pids);
    }
    return cg;
  }

  /**
   * create() off the event loop, for a cgroup made ahead of its run: a v1 cgroup is a directory in three
   * hierarchies, and each mkdir holds the kernel's cgroup lock for a fraction of a millisecond.
   */
  static async createAhead(name: string, limits: { memoryBytes: number; pids: number }): Promise<RunCgroup> {
    const l = detectCgroups();
    if (l.version !== 'v1') return RunCgroup.create(name, limits);
    const cg = new RunCgroup(l.version);
    for (const c of V1_CONTROLLERS) cg.dirs[c] = path.join(l.bases[c], name);
    const made = await Promise.allSettled(V1_CONTROLLERS.map((c) => fs.promises.mkdir(cg.dirs[c]!)));
    const failed = made.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await cg.destroy().catch(() => undefined);
      throw failed.reason;
    }
    cg.setLimits(limits);
    tryWrite(cg.dirs.memory!, 'memory.swappiness', 0);
    return cg;
  }

  /**
   * addProcess() off the event loop. A move into a v1 cgroup waits for an RCU grace period per
   * controller (milliseconds, more under load): done synchronously it stalls every other run of the worker.
   */
  async addProcessAhead(pid: number): Promise<void> {
    // All hierarchies at once: each move waits for an RCU grace period (cgroup v1's threadgroup lock),
    // and concurrent moves share one, where one after the other pays each.
    await Promise.all(Object.values(this.dirs).map((dir) => fs.promises.writeFile(path.join(dir, 'cgroup.procs'), String(pid))));
  }

  /** Sets the limits of a cgroup created ahead of its run. */
  setLimits(limits: { memoryBytes: number; pids: number }): void {
    if (this.version === 'v1') {
      // memsw must stay >= memory: try it on both sides of the memory write.
      tryWrite(this.dirs.memory, 'memory.memsw.limit_in_bytes', limits.memoryBytes);
      write(this.dirs.memory, 'memory.limit_in_bytes', limits.memoryBytes);
      tryWrite(this.dirs.memory, 'memory.memsw.limit_in_bytes', limits.memoryBytes);
      write(this.dirs.pids, 'pids.max', limits.pids);
    } else if (this.version === 'v2') {
      write(this.dirs.unified, 'memory.max', limits.memoryBytes);
      write(this.dirs.unified, 'pids.max', limits.pids);
    }
  }

  /** The cgroup.procs files a process writes its pid into to join this cgroup. */
  procsFiles(): string[] {
    return Object.values(this.dirs).map((d) => path.join(d, 'cgroup.procs'));
  }

  /** Lets the run's uid move itself in (v1 checks write access to cgroup.procs and the uid). */
  delegateProcs(uid: number): void {
    for (const f of this.procsFiles()) fs.chownSync(f, uid, uid);
  }

  /** Moves a process (and the children it forks from now on) into this cgroup. */
  addProcess(pid: number): void {
    for (const dir of Object.values(this.dirs)) write(dir, 'cgroup.procs', pid);
  }

  procs(): number[] {
    const dir = this.dirs.pids ?? this.dirs.unified;
    if (!dir) return [];
    try {
      return fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  /**
   * Time the run's threads spent runnable but waiting for a CPU, ns (second field of schedstat, summed over every
   * thread seen; call it at every poll so short-lived processes and threads are counted). The wall limit is measured
   * without it: a program that only waited behind the backend (a lowered judge weight) or other runs is not cut.
   * Threads, not processes: /proc/<pid>/schedstat is the main thread's alone, and a JVM's or a .NET runtime's main
   * thread only waits for the thread that compiles or runs the program, so counting processes saw none of a JVM
   * compile's wait and cut scalac at its wall limit on a loaded machine (processWaitNs has the test). A sum over
   * threads can only count more than the run's own wait when several of them waited at once, and each of those was
   * runnable, so it burnt CPU time the CPU limit counts: a sleeping program gains nothing.
   */
  waitedNs(): number {
    for (const pid of this.procs()) {
      for (const [tid, waited] of threadWaitsNs(pid)) if (waited > (this.waits.get(tid) ?? 0)) this.waits.set(tid, waited);
    }
    let sum = 0;
    for (const w of this.waits.values()) sum += w;
    return sum;
  }

  /**
   * Some thread of the run is runnable (state R: on a CPU or waiting for one) right now. The wall limit only cuts a
   * run none of whose threads is. `waitedNs` falls short of a starved program's real wait: schedstat adds a wait
   * only once the thread gets its CPU (one in progress is in no count), and the relays around a run (the zygote,
   * this process) wait outside its cgroup. Under four hogs at ten times the judge's weight, a 0.5 s loop was cut
   * after 11.0 s of which 7.9 s were counted as waits and 0.46 s as CPU. A program that is runnable is computing
   * or about to, and the CPU limit bounds it; the wall limit is for programs that sleep.
   */
  anyRunnable(): boolean {
    for (const pid of this.procs()) {
      let tids: string[];
      try {
        tids = fs.readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tids) {
        const stat = tryReadFile(`/proc/${pid}/task/${tid}/stat`);
        // "pid (comm) S …": the state follows the last ')' (a name may hold spaces and parentheses).
        if (stat && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'R') return true;
      }
    }
    return false;
  }

  /** Kills every process of the run (a process tree escapes a wall limit unless the whole cgroup dies). */
  killAll(except?: number): void {
    if (this.version === 'v2' && except === undefined && tryWrite(this.dirs.unified, 'cgroup.kill', 1)) return;
    for (let round = 0; round < 50; round++) {
      const pids = this.procs().filter((p) => p !== except);
      if (pids.length === 0) return;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }

  /** killAll() for destroy's retries: cgroup.procs is read in the thread pool (it waits on cgroup locks). */
  private async killAllAsync(): Promise<void> {
    const dir = this.dirs.pids ?? this.dirs.unified;
    if (!dir) return;
    const text = await fs.promises.readFile(path.join(dir, 'cgroup.procs'), 'utf8').catch(() => '');
    for (const pid of text.split('\n').filter(Boolean).map(Number)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  stats(): CgroupStats {
    if (this.version === 'v1') {
      const oom = read(this.dirs.memory, 'memory.oom_control').match(/oom_kill (\d+)/);
      return {
        cpuNs: Number(read(this.dirs.cpuacct, 'cpuacct.usage')),
        memoryPeakBytes: Number(read(this.dirs.memory, 'memory.max_usage_in_bytes')),
        oomKilled: (oom ? Number(oom[1]) : 0) > 0,
        memoryLimitHit: Number(tryRead(this.dirs.memory, 'memory.failcnt') ?? 0) > 0,
      };
    }
    if (this.version === 'v2') {
      const cpu = read(this.dirs.unified, 'cpu.stat').match(/usage_usec (\d+)/);
      const events = read(this.dirs.unified, 'memory.events');
      const oom = events.match(/oom_kill (\d+)/);
      const count = (name: string) => Number(events.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1] ?? 0);
      return {
        cpuNs: (cpu ? Number(cpu[1]) : 0) * 1000,
        memoryPeakBytes: Number(tryRead(this.dirs.unified, 'memory.peak') ?? read(this.dirs.unified, 'memory.current')),
        oomKilled: (oom ? Number(oom[1]) : 0) > 0,
        memoryLimitHit: count('max') > 0 || count('oom') > 0,
      };
    }
    return { cpuNs: 0, memoryPeakBytes: 0, oomKilled: false, memoryLimitHit: false };
  }

  /** Removes the cgroup; waits briefly for the kernel to release killed tasks. */
  async destroy(): Promise<void> {
    // A run that filled its tmpfs with a million files keeps its cgroup busy until the kernel has freed them, which
    // took over 10 s in a CI run where the heaviest suites ran beside it: wait up to a minute before giving up.
    const deadline = Date.now() + 60_000;
    for (const dir of Object.values(this.dirs)) {
      for (let attempt = 0; ; attempt++) {
        try {
          // In the thread pool: a cgroup's removal also waits on the kernel, off the judge's event loop.
          await fs.promises.rmdir(dir);
          break;
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') break;
          if (Date.now() > deadline) throw err;
          // Mostly the run's last process still being reaped: give the kernel a moment before killing.
          if (attempt >= 2) await this.killAllAsync();
          await new Promise((r) => setTimeout(r, attempt < 20 ? 1 : 10));
        }
      }
    }
  }

  exists(): boolean {
    return Object.values(this.dirs).some((d) => fs.existsSync(d));
  }
}

/**
 * A judge killed in the middle of a run (SIGKILL, OOM) cannot remove that run's cgroup. Run cgroups
 * are named run-<judge pid>-<n>; at start, those of judges that no longer exist are emptied and removed.
 */
function sweepStaleCgroups(bases: string[]): void {
  for (const base of bases) {
    for (const name of fs.readdirSync(base)) {
      const m = name.match(/^run-(\d+)-\d+$/);
      if (!m || fs.existsSync(`/proc/${m[1]}`)) continue;
      const dir = path.join(base, name);
      try {
        for (const pid of fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
          process.kill(Number(pid), 'SIGKILL');
        }
        fs.rmdirSync(dir);
      } catch {
        // busy or already gone: the next start tries again
      }
    }
  }
}

/** Names of leftover run cgroups (tests assert nothing is left). */
export function listRunCgroups(): string[] {
  const l = detectCgroups();
  const out: string[] = [];
  for (const base of Object.values(l.bases)) {
    for (const e of fs.readdirSync(base, { withFileTypes: true })) if (e.isDirectory()) out.push(path.join(base, e.name));
  }
  return out;
}

export type JudgeCpuWeight = 'low' | 'normal';

/** cpu.weight (v2, default 100) and cpu.shares (v1, default 1024) of the judge's tree with JUDGE_CPU_WEIGHT=low: a tenth. */
export const LOW_CPU_WEIGHT = { v2: 10, v1: 102 } as const;
/** The nice value of the worker and (inherited) of everything it starts with JUDGE_CPU_WEIGHT=low. */
export const LOW_NICE = 19;

export interface AppliedCpuWeight {
  weight: JudgeCpuWeight;
  /** The cgroup file holding the tree's weight (undefined: normal weight, or no cpu controller). */
  file?: string;
  nice: number;
}

let appliedWeight: AppliedCpuWeight | undefined;

/**
 * JUDGE_CPU_WEIGHT=low (set by `npm start` and the compose file, where the judge shares the machine with the backend,
 * PostgreSQL and Redis): the judge's work yields the CPU to them, so a saturated queue slows judging, not the site.
 *  - v2: cpu.weight of the run cgroups' parent (every run's cgroup is under it, compilations included);
 *  - v1: the worker moves itself into `<cpu hierarchy>/oj-judge` with a low cpu.shares; every process it starts is born
 *    there (runs move only in the memory, pids and cpuacct hierarchies);
 *  - both: the worker's threads are reniced to 19, and its runs inherit it (within a cgroup shared with the backend, as
 *    the worker's own is under `npm start`, nice is what weighs).
 * Timing stays fair: a run's time is the CPU time of its cgroup, and its wall limit leaves out the time it waited for a
 * CPU (waitedNs). The tree is shared by every judge of the host (its weight is one setting per host); 'normal' leaves
 * everything as it is. Applied once per process; returns what was applied (the tests read it back).
 */
export function applyCpuWeight(weight: JudgeCpuWeight): AppliedCpuWeight {
  if (appliedWeight) return appliedWeight;
  if (weight !== 'low') return (appliedWeight = { weight, nice: os.getPriority(0) });
  const l = detectCgroups();
  let file: string | undefined;
  if (l.version === 'v2') {
    file = path.join(l.bases.unified, 'cpu.weight');
    write(path.dirname(file), 'cpu.weight', LOW_CPU_WEIGHT.v2);
  } else if (l.version === 'v1') {
    const mount = readMounts().find((m) => m.fsType === 'cgroup' && m.superOptions.split(',').includes('cpu'));
    if (mount) {
      // Under the worker's own cpu cgroup (a container's), as the other hierarchies' bases are.
      const own = fs
        .readFileSync('/proc/self/cgroup', 'utf8')
        .split('\n')
        .map((line) => line.split(':'))
        .find((f) => f[1]?.split(',').includes('cpu'));
      const relative = own ? path.relative(mount.root, own[2] ?? '/') : '';
      const dir = path.join(mount.mountPoint, relative.startsWith('..') ? '' : relative, BASE_NAME);
      fs.mkdirSync(dir, { recursive: true });
      write(dir, 'cpu.shares', LOW_CPU_WEIGHT.v1);
      write(dir, 'cgroup.procs', process.pid);
      file = path.join(dir, 'cpu.shares');
    }
  }
  // setpriority is per thread on Linux: every thread of the worker (libuv's pool included) is reniced.
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(tid), LOW_NICE);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return (appliedWeight = { weight, file, nice: os.getPriority(0) });
}

/** Run-queue wait of each thread of a process, ns, by thread id (empty once the process is gone). */
export function threadWaitsNs(pid: number): Map<number, number> {
  const waits = new Map<number, number>();
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return waits;
  }
  for (const tid of tids) {
    const text = tryReadFile(`/proc/${pid}/task/${tid}/schedstat`);
    const waited = text ? Number(text.split(' ')[1]) : NaN;
    if (Number.isFinite(waited)) waits.set(Number(tid), waited);
  }
  return waits;
}

/** What a process's threads waited for a CPU in all, ns. */
export function processWaitNs(pid: number): number {
  let sum = 0;
  for (const w of threadWaitsNs(pid).values()) sum += w;
  return sum;
}

function tryReadFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function write(dir: string, file: string, value: number | string): void {
  fs.writeFileSync(path.join(dir, file), String(value));
}
function tryWrite(dir: string, file: string, value: number | string): boolean {
  try {
    write(dir, file, value);
    return true;
  } catch {
    return false;
  }
}
function read(dir: string, file: string): string {
  return fs.readFileSync(path.join(dir, file), 'utf8');
}
function tryRead(dir: string, file: string): string | undefined {
  try {
    return read(dir, file);
  } catch {
    return undefined;
  }
}
