/**
 * The prepared sandbox: one long-lived bubblewrap instance per busy slot, reused run after run.
 *
 *   node (root) ─spawn as the slot's own uid─▶ bwrap --unshare-all --as-pid-1 (caps only inside its
 *   user namespace) ─▶ oj-zygote (zygote.c, compiled once with gcc into the cache dir)
 *     ahead of each run the zygote clones the run's init into fresh pid, mount, ipc and uts
 *     namespaces; the init mounts fresh tmpfs /w, /tmp, /dev/shm and a fresh /proc and waits.
 *     per run: the judge creates a fresh cgroup, moves the waiting init into it and sends the
 *     request; the init binds the program read-only on /p, opens the stdio files, unmounts the slot
 *     directory, drops every capability and forks the program, which sets its rlimits, installs
 *     the seccomp filter and execs. When the program ends the init replies and exits, the kernel
 *     kills whatever is left in its pid namespace, the judge kills anything left in the cgroup and
 *     removes it; meanwhile the zygote prepares the next init.
 *
 * What a fresh bubblewrap costs (a new user and net namespace, ~20 mounts, two execs) is paid once
 * per slot (and paid while the program compiles: prewarmPrepared); a run costs a clone and a handful of
 * mounts. Slots are closed when a judgement settles (settleRuns), or, in a worker, once idle for a while
 * (closePreparedWhenIdle). Only plain runs qualify (stdin/stdout files,
 * the program on /p, system mounts): compilations, checkers, interactive runs, file IO and extra
 * files keep the fresh sandbox (run.ts).
 */
import { spawn, execFileSync, ChildProcess } from 'child_process';
import type { Readable, Writable } from 'stream';
import * as fs from 'fs';
import * as os from 'os';
import * as crypto from 'crypto';
import * as path from 'path';
import type { RunHandle, RunResult, RunSpec } from './run';
import { RunCgroup, detectCgroups } from './cgroup';
import { classify, errorResult } from './classify';
import { SANDBOX_WORK_DIR, SYSTEM_BINDS, sandboxEnv, systemMounts } from './bwrap';
import { closeInheritedFds, nextRunName, pendingRemovals, seccompFile, takeUid, uidsInUse } from './common';
import { followKernelLog } from './kmsg';
import { judgeConfig } from '../config';

/**
 * Shipped as C source: next to the compiled module (`npm run build` copies it into dist/sandbox) or
 * in the package's src/sandbox (ts-jest, and dist run from a checkout).
 */
const ZYGOTE_SOURCES = [path.join(__dirname, 'zygote.c'), path.join(__dirname, '..', '..', 'src', 'sandbox', 'zygote.c')];
const PROGRAM_DIR = '/p';

let zygoteBinary: string | undefined;
/** Compiles the launcher once per source version (gcc is on every judge machine). */
export function zygotePath(): string {
  if (zygoteBinary && fs.existsSync(zygoteBinary)) return zygoteBinary;
  const sourceFile = ZYGOTE_SOURCES.find((f) => fs.existsSync(f));
  if (!sourceFile) throw new Error(`zygote.c not found (looked in ${ZYGOTE_SOURCES.join(', ')})`);
  const source = fs.readFileSync(sourceFile);
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = path.join(judgeConfig().cacheDir, 'zygote');
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(judgeConfig().cacheDir, 0o755);
  const file = path.join(dir, `oj-zygote-${hash}`);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    execFileSync('gcc', ['-O2', '-Wall', '-o', tmp, sourceFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, file);
  }
  zygoteBinary = file;
  return file;
}

let zygoteProblem: string | undefined;
/** Without the launcher (no source, no gcc) every run takes the fresh path; said once. */
function zygoteAvailable(): boolean {
  try {
    zygotePath();
    return true;
  } catch (err) {
    const why = (err as Error).message;
    if (zygoteProblem !== why) console.error(`[judge] prepared sandbox unavailable, using fresh sandboxes: ${why}`);
    zygoteProblem = why;
    return false;
  }
}

/** Whether a run can use a prepared sandbox (anything else takes a fresh one). */
export function preparedEligible(spec: RunSpec): boolean {
  if (judgeConfig().sandbox !== 'prepared' || detectCgroups(judgeConfig().cgroup).version === 'none') return false;
  if (spec.workDir || spec.stdin === 'pipe' || spec.stdout === 'pipe') return false;
  let programs = 0;
  for (const m of spec.mounts ?? []) {
    if (m.writable) return false;
    if (m.sandbox === PROGRAM_DIR) programs++;
    else if (!(m.host === m.sandbox && SYSTEM_BINDS.includes(m.host))) return false;
  }
  return programs <= 1 && zygoteAvailable();
}

interface Slot {
  uid: number;
  /** Host directory bound on /s in the zygote (never visible to a program). */
  dir: string;
  child: ChildProcess;
  /** The zygote's pid on the host. */
  pid: number;
  home: RunCgroup;
  programKey?: string;
  seccompFiles: Set<string>;
  lineBuf: string;
  /** The prepared init waiting for a request ("R <pid>"): its pid in the zygote's namespace. */
  ready: number;
  readyWaiter?: (ok: boolean) => void;
  /** Id of the request in flight, and who waits for its answer ("S <status>" / "E <why>"). */
  pendingId: number;
  replyWaiter?: (line: string | null) => void;
  /** The next run's fresh cgroup, holding the prepared init already (made while the slot idles). */
  next?: RunCgroup;
  /** Making `next`, in the thread pool; a run waits for it rather than making its own. */
  arming?: Promise<void>;
  /** Why the zygote gave up ("F <why>"). */
  fatal?: string;
  dead: boolean;
  stderr: string;
  /** The CPU the zygote (and so every run of the slot) is pinned to. */
  cpu: number;
}

let allowedCpus: number[] | undefined;
/** CPUs this judge may use (its affinity: Cpus_allowed_list), e.g. "0-3,6". */
function judgeCpus(): number[] {
  if (!allowedCpus) {
    const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0';
    allowedCpus = list.split(',').flatMap((part) => {
      const [a, b] = part.split('-').map(Number);
      return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
    });
  }
  return allowedCpus;
}

/**
 * Each slot gets the least used CPU, so two parallel runs do not share one core and disturb each
 * other's timings (with more slots than CPUs they share as evenly as they can). The zygote pins
 * itself; its runs inherit the affinity. A program may change its own affinity: this is for fair
 * timing, not a security boundary.
 */
function pickCpu(): number {
  const use = new Map(judgeCpus().map((c) => [c, 0]));
  for (const s of slots) if (use.has(s.cpu)) use.set(s.cpu, use.get(s.cpu)! + 1);
  return [...use.entries()].sort((x, y) => x[1] - y[1] || x[0] - y[0])[0][0];
}

const idle: Slot[] = [];
/** Closes the idle slots when no run took one for a while (closePreparedWhenIdle). */
let idleTimer: NodeJS.Timeout | undefined;
const slots = new Set<Slot>();
/** Slots being opened ahead of their runs (prewarmPrepared), oldest first; a run claims one instead of opening its own. */
const opening: Promise<Slot | undefined>[] = [];

/**
 * The best idle slot whose zygote is alive (dead ones are closed on the way): on a CPU no running slot
 * uses, and with its next init already in its cgroup (a slot that just finished a run is still cloning
 * and moving it, which takes milliseconds, mostly the kernel's cgroup migration).
 */
function acquireIdle(): Slot | undefined {
  for (let i = idle.length - 1; i >= 0; i--) {
    if (usable(idle[i])) continue;
    closeLater(idle[i]);
    idle.splice(i, 1);
  }
  if (!idle.length) return undefined;
  const busyCpus = new Set([...slots].filter((s) => !idle.includes(s)).map((s) => s.cpu));
  // A CPU of its own first (fair timings), then an init already in place.
  const rank = (s: Slot): number => (busyCpus.has(s.cpu) ? 2 : 0) + (s.next && !s.arming ? 0 : 1);
  let best = idle.length - 1;
  for (let i = idle.length - 2; i >= 0; i--) if (rank(idle[i]) < rank(idle[best])) best = i;
  return idle.splice(best, 1)[0];
}

let swept = false;
/** Slot directories of judges that were killed (slot-<pid>-<uid>) are removed once. */
function sweepStaleSlots(): void {
  if (swept) return;
  swept = true;
  let names: string[] = [];
  try {
    names = fs.readdirSync(judgeConfig().workRoot);
  } catch {
    return;
  }
  for (const name of names) {
    const m = name.match(/^slot-(\d+)-\d+$/);
    if (m && !fs.existsSync(`/proc/${m[1]}`)) fs.rmSync(path.join(judgeConfig().workRoot, name), { recursive: true, force: true });
  }
}

async function openSlot(): Promise<Slot> {
  sweepStaleSlots();
  followKernelLog();
  closeInheritedFds();
  const zygote = zygotePath();
  const uid = takeUid();
  const dir = path.join(judgeConfig().workRoot, `slot-${process.pid}-${uid}`);
  let home: RunCgroup | undefined;
  let created = false;
  try {
    fs.mkdirSync(judgeConfig().workRoot, { recursive: true, mode: 0o755 });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, uid, uid);
    home = RunCgroup.create(nextRunName(), { memoryBytes: 64 * 1024 * 1024, pids: 4 });
    const cpu = pickCpu();
    const args = [
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--as-pid-1',
      '--uid',
      '0',
      '--gid',
      '0',
      '--cap-add',
      'ALL',
      '--hostname',
      'sandbox',
      ...systemMounts(),
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--tmpfs',
      SANDBOX_WORK_DIR,
      '--tmpfs',
      '/tmp',
      '--dir',
      PROGRAM_DIR,
      '--bind',
      dir,
      '/s',
      '--ro-bind',
      zygote,
      '/zygote',
      '--remount-ro',
      '/',
      '--chdir',
      '/',
      '--clearenv',
      '--info-fd',
      '3',
      '--',
      '/zygote',
      String(cpu),
    ];
    const child = spawn(judgeConfig().bwrapPath, args, { uid, gid: uid, stdio: ['pipe', 'pipe', 'pipe', 'pipe'], env: {} });
    const slot: Slot = {
      uid,
      dir,
      child,
      pid: 0,
      home,
      seccompFiles: new Set(),
      lineBuf: '',
      ready: 0,
      pendingId: 0,
      dead: false,
      stderr: '',
      cpu,
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      slot.lineBuf += chunk.toString();
      let nl: number;
      while ((nl = slot.lineBuf.indexOf('\n')) >= 0) {
        onLine(slot, slot.lineBuf.slice(0, nl));
        slot.lineBuf = slot.lineBuf.slice(nl + 1);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (slot.stderr.length < 2000) slot.stderr += chunk.toString();
    });
    child.stdin!.on('error', () => undefined);
    const info = child.stdio[3] as Readable;
    info.on('error', () => undefined);
    const started = new Promise<number>((resolve, reject) => {
      let buf = '';
      info.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        const m = buf.match(/"child-pid":\s*(\d+)/);
        if (m) resolve(Number(m[1]));
      });
      // A spawn that fails (bwrap missing) emits no 'exit': the slot is dead, or closing it would wait forever.
      child.on('error', (err) => {
        slot.dead = true;
        reject(err);
      });
      child.on('exit', (code, signal) => {
        slot.dead = true;
        reject(new Error(`prepared sandbox did not start (exit ${code ?? signal}): ${slot.stderr.trim()}`));
        settleWaiters(slot);
      });
    });
    slots.add(slot);
    created = true;
    try {
      slot.pid = await started;
      await home.addProcessAhead(slot.pid);
      await waitReady(slot);
      // The first "R" can arrive before the zygote's pid is known, when its init cannot be found yet: a slot
      // left unarmed then stayed so until its first run, and the runs waited for the move instead.
      armNextCgroup(slot);
    } catch (err) {
      await closeSlot(slot);
      throw err;
    }
    for (const s of [child.stdin, child.stdout, child.stderr, info] as (Readable | Writable | null)[]) {
      (s as unknown as { unref?: () => void } | null)?.unref?.();
    }
    child.unref();
    return slot;
  } catch (err) {
    if (!created) {
      uidsInUse.delete(uid);
      fs.rmSync(dir, { recursive: true, force: true });
      await home?.destroy().catch(() => undefined);
    }
    throw err;
  }
}

let lastRunId = 0;

/** The zygote's pipes are unref'd so an idle slot never keeps node alive; a pending wait does. */
function hold(slot: Slot, on: boolean): void {
  const pipe = slot.child.stdout as unknown as { ref(): void; unref(): void };
  if (on) pipe.ref();
  else if (!slot.readyWaiter && !slot.replyWaiter) pipe.unref();
}

function onLine(slot: Slot, line: string): void {
  let m: RegExpMatchArray | null;
  if ((m = line.match(/^R (\d+)$/))) {
    slot.ready = Number(m[1]);
    armNextCgroup(slot);
    const w = slot.readyWaiter;
    slot.readyWaiter = undefined;
    hold(slot, false);
    w?.(true);
  } else if ((m = line.match(/^([SE]) (\d+) (.*)$/))) {
    // The first answer for the request in flight; a late duplicate (the zygote answering for an
    // init killed right after its reply) is dropped.
    if (Number(m[2]) !== slot.pendingId || !slot.replyWaiter) return;
    const w = slot.replyWaiter;
    slot.replyWaiter = undefined;
    slot.pendingId = 0;
    hold(slot, false);
    w(`${m[1]} ${m[3]}`);
  } else if ((m = line.match(/^F (.*)$/))) {
    slot.fatal = m[1];
    settleWaiters(slot);
  }
}

/**
 * Creates the next run's fresh cgroup and moves the prepared init (idle, blocked on its request)
 * into it now, off the run's critical path and off the event loop (the thread pool waits on the
 * kernel); the run only sets its limits. Without it (an error here) the run does both itself.
 */
function armNextCgroup(slot: Slot): void {
  if (slot.next || slot.arming || !usable(slot)) return;
  let initPid: number;
  try {
    initPid = preparedInitPid(slot);
  } catch {
    return;
  }
  slot.arming = (async () => {
    let cg: RunCgroup | undefined;
    try {
      // Making the cgroup takes a fraction of a millisecond; the move waits on the kernel.
      cg = await RunCgroup.createAhead(nextRunName(), { memoryBytes: 256 * 1024 * 1024, pids: 64 });
      await cg.addProcessAhead(initPid);
      slot.next = cg;
    } catch {
      if (cg) {
        const removal = cg.destroy().catch(() => undefined);
        pendingRemovals.add(removal);
        void removal.finally(() => pendingRemovals.delete(removal));
      }
    } finally {
      slot.arming = undefined;
    }
  })();
}

/** The zygote ended or gave up: nobody waits for it any more. */
function settleWaiters(slot: Slot): void {
  const ready = slot.readyWaiter;
  const reply = slot.replyWaiter;
  slot.readyWaiter = undefined;
  slot.replyWaiter = undefined;
  ready?.(false);
  reply?.(null);
}

function usable(slot: Slot): boolean {
  return !slot.dead && slot.fatal === undefined;
}

/** Waits for the zygote's "R <pid>": the next run's init is prepared. */
async function waitReady(slot: Slot): Promise<void> {
  if (!slot.ready && usable(slot)) {
    hold(slot, true);
    await new Promise<boolean>((resolve) => {
      slot.readyWaiter = resolve;
    });
  }
  if (!slot.ready) throw new Error(`prepared sandbox not ready: ${slot.fatal ?? (slot.stderr.trim() || 'it ended')}`);
}

/** Sends a request; resolves with "S <status>", "E <why>", or null when the zygote is gone. */
function request(slot: Slot, fields: string[]): Promise<string | null> {
  if (!usable(slot)) return Promise.resolve(null);
  const id = ++lastRunId;
  slot.pendingId = id;
  hold(slot, true);
  const reply = new Promise<string | null>((resolve) => {
    slot.replyWaiter = resolve;
  });
  slot.child.stdin!.write(`${fields.length} ${id}\n${fields.map((f) => `${f}\0`).join('')}`);
  return reply;
}

/**
 * Host pid of the prepared init: the zygote's child whose pid in the zygote's namespace is the one
 * it announced (earlier inits may still be exiting).
 */
function preparedInitPid(slot: Slot): number {
  const children = fs.readFileSync(`/proc/${slot.pid}/task/${slot.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  for (const child of children) {
    try {
      const ns = fs.readFileSync(`/proc/${child}/status`, 'utf8').match(/^NSpid:\s+\d+\s+(\d+)/m);
      if (ns && Number(ns[1]) === slot.ready) return Number(child);
    } catch {
      // exited meanwhile
    }
  }
  throw new Error('prepared init not found');
}

async function closeSlot(slot: Slot): Promise<void> {
  slots.delete(slot);
  await slot.arming;
  if (!slot.dead) {
    const exited = new Promise<void>((resolve) => slot.child.once('exit', () => resolve()));
    slot.child.stdin?.end();
    const timer = setTimeout(() => slot.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
  const next = slot.next;
  slot.next = undefined;
  if (next) {
    next.killAll();
    await next.destroy().catch((err: Error) => console.error(`[judge] cgroup not removed: ${err.message}`));
  }
  slot.home.killAll();
  await slot.home.destroy().catch((err: Error) => console.error(`[judge] cgroup not removed: ${err.message}`));
  fs.rmSync(slot.dir, { recursive: true, force: true });
  uidsInUse.delete(slot.uid);
}

/** Closes every idle prepared sandbox and those still opening (a judgement ends with this, through settleRuns). */
export async function closePreparedSandboxes(): Promise<void> {
  clearTimeout(idleTimer);
  idleTimer = undefined;
  const unclaimed = await Promise.all(opening.splice(0));
  await Promise.all([...idle.splice(0), ...unclaimed.filter((s): s is Slot => !!s)].map(closeSlot));
}

/**
 * Keeps the idle slots for the next judgement instead of closing them (the worker between jobs: a
 * burst pays one bubblewrap start per slot, not two per submission) and closes them once none has
 * been taken for `idleMs`. Sharing a slot between submissions is what runs of one submission
 * already do: every run has its own pid, mount, ipc and uts namespace, cgroup and file systems,
 * and no process outlives its run (see the README).
 */
export function closePreparedWhenIdle(idleMs: number): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    void closePreparedSandboxes().catch((err: Error) => console.error(`[judge] sandboxes not closed: ${err.message}`));
  }, idleMs);
  idleTimer.unref();
}

/**
 * Starts opening prepared sandboxes for `count` parallel runs that are about to come (the judge calls
 * this while the program compiles), so the first cases do not pay for a bubblewrap start. Failures are
 * dropped: the run then opens its own slot and reports what goes wrong.
 */
export function prewarmPrepared(count: number): void {
  if (judgeConfig().sandbox !== 'prepared' || detectCgroups(judgeConfig().cgroup).version === 'none' || !zygoteAvailable()) return;
  // Twice as many slots as parallel runs: while one slot of a lane runs, the other gets its next init
  // into a fresh cgroup, so back-to-back runs never wait for that.
  for (let missing = count * SPARE_FACTOR - idle.length - opening.length; missing > 0; missing--) {
    // Once open it waits among the idle ones (and can be picked for its CPU), unless a run claimed it first.
    const ahead: Promise<Slot | undefined> = openSlot().then(
      (slot) => {
        const queued = opening.indexOf(ahead);
        if (queued >= 0) {
          opening.splice(queued, 1);
          idle.push(slot);
        }
        return slot;
      },
      () => {
        const queued = opening.indexOf(ahead);
        if (queued >= 0) opening.splice(queued, 1);
        return undefined;
      },
    );
    opening.push(ahead);
  }
}

const SPARE_FACTOR = 2;

/** An idle slot, else one opened ahead of time, else a new one. */
async function acquireSlot(): Promise<Slot> {
  // In use again: the idle slots stay.
  clearTimeout(idleTimer);
  idleTimer = undefined;
  const ready = acquireIdle();
  if (ready) return ready;
  const ahead = opening.shift();
  const slot = ahead && (await ahead);
  if (slot && usable(slot)) return slot;
  if (slot) closeLater(slot);
  return openSlot();
}

/** Closes a slot in the background; settleRuns waits for it. */
function closeLater(slot: Slot, onError: (err: Error) => void = () => undefined): void {
  const closing = closeSlot(slot).catch(onError);
  pendingRemovals.add(closing);
  void closing.finally(() => pendingRemovals.delete(closing));
}

/** Puts the run's files where the zygote sees them: the program, stdin and the seccomp filter. */
function stageFiles(slot: Slot, spec: RunSpec): string[] {
  const program = (spec.mounts ?? []).find((m) => m.sandbox === PROGRAM_DIR);
  let programField = '';
  if (program) {
    const st = fs.statSync(program.host);
    const key = `${program.host}:${st.ino}:${st.mtimeMs}`;
    if (slot.programKey !== key) {
      slot.programKey = undefined;
      const target = path.join(slot.dir, 'p');
      // The directory stays (removing a directory costs milliseconds here); the last program's files go.
      for (const old of fs.existsSync(target) ? fs.readdirSync(target) : [])
        fs.rmSync(path.join(target, old), { recursive: true, force: true });
      linkTree(program.host, target);
      slot.programKey = key;
    }
    programField = 'p';
  }
  let stdinField = '';
  if (spec.stdin) {
    const target = path.join(slot.dir, 'in');
    fs.rmSync(target, { force: true });
    const st = fs.statSync(spec.stdin);
    let linked = false;
    if (st.mode & 0o004) {
      try {
        fs.linkSync(spec.stdin, target);
        linked = true;
      } catch {
        // another file system: copy
      }
    }
    if (!linked) {
      fs.copyFileSync(spec.stdin, target);
      fs.chmodSync(target, 0o644);
    }
    stdinField = 'in';
  }
  let seccompField = '';
  if (spec.seccomp !== null) {
    const profile = spec.seccomp ?? 'default';
    seccompField = `seccomp-${profile}.bpf`;
    if (!slot.seccompFiles.has(profile)) {
      fs.copyFileSync(seccompFile(profile), path.join(slot.dir, seccompField));
      fs.chmodSync(path.join(slot.dir, seccompField), 0o644);
      slot.seccompFiles.add(profile);
    }
  }
  const env = Object.entries(sandboxEnv(spec)).map(([k, v]) => `${k}=${v}`);
  const stackKb = spec.stackLimitKb ?? spec.memoryLimitKb;
  return [
    seccompField,
    String(stackKb * 1024),
    String(spec.outputLimitBytes),
    String(spec.openFilesLimit ?? 64),
    String(Math.ceil(spec.timeLimitMs / 1000) + 1),
    String(spec.tmpfsSizeBytes ?? 64 * 1024 * 1024),
    stdinField,
    spec.stdout ? 'out' : '',
    spec.stderr ? 'err' : '',
    programField,
    String(env.length),
    ...env,
    ...spec.args,
  ];
}

/**
 * The compiled program into a slot: its files hard-linked (a copy per slot and submission cost more than
 * the runs), copied across file systems; other entries (a compiler's symlinks) copied as they are. The
 * files are root's and read-only to the run, which sees them on a read-only mount.
 */
function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (!entry.isFile()) fs.cpSync(source, target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

/** Moves what the run wrote in the slot to where the caller asked for it. */
function deliver(slot: Slot, name: string, target: string | undefined): void {
  if (!target) return;
  const from = path.join(slot.dir, name);
  try {
    fs.renameSync(from, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fs.writeFileSync(target, '');
    else if (code === 'EXDEV') {
      fs.copyFileSync(from, target);
      fs.rmSync(from, { force: true });
    } else throw err;
  }
}

/** Starts a plain run in a prepared sandbox (check preparedEligible first). */
export function startPrepared(spec: RunSpec, cpuBaselineNs: number): RunHandle {
  let killedFor: 'time-limit' | 'wall' | 'killed' | undefined;
  let killEverything: (() => void) | undefined;
  const done = (async (): Promise<RunResult> => {
    let slot: Slot;
    try {
      slot = await acquireSlot();
    } catch (err) {
      return errorResult(`sandbox setup failed: ${(err as Error).message}`);
    }
    let cgroup: RunCgroup | undefined;
    let fields: string[];
    try {
      fields = stageFiles(slot, spec);
      const limits = { memoryBytes: spec.memoryLimitKb * 1024, pids: spec.pidsLimit ?? 64 };
      await waitReady(slot);
      await slot.arming;
      // The prepared init is in the run's fresh cgroup before it reads the request: the program
      // is born there.
      if (slot.next) {
        cgroup = slot.next;
        slot.next = undefined;
        cgroup.setLimits(limits);
      } else {
        const initPid = preparedInitPid(slot);
        cgroup = RunCgroup.create(nextRunName(), limits);
        await cgroup.addProcessAhead(initPid);
      }
      slot.ready = 0;
    } catch (err) {
      // A slot that failed here is not trusted again.
      closeLater(slot);
      if (cgroup) {
        cgroup.killAll();
        await cgroup.destroy().catch(() => undefined);
      }
      return errorResult(`sandbox setup failed: ${(err as Error).message}`);
    }
    const cg = cgroup;
    const wallLimitMs = spec.wallLimitMs ?? spec.timeLimitMs * 3 + 1000;
    const startedAt = Date.now();
    const reply = request(slot, fields);
    killEverything = () => cg.killAll();
    if (killedFor) killEverything();
    const pollMs = Math.max(10, Math.min(100, Math.floor(spec.timeLimitMs / 10)));
    const poll = setInterval(() => {
      // The wall limit leaves out the time the run waited for a CPU (cgroup.ts waitedNs).
      if (Date.now() - startedAt - cg.waitedNs() / 1e6 > wallLimitMs) {
        killedFor = 'wall';
        killEverything!();
      } else if (cg.stats().cpuNs / 1e6 > spec.timeLimitMs) {
        killedFor = 'time-limit';
        killEverything!();
      }
    }, pollMs);
    const line = await reply;
    clearInterval(poll);
    // The init killed and reaped every other process of the run before replying, and leaves now;
    // destroy() below still kills whatever the cgroup holds until it is empty.
    const wallMs = Date.now() - startedAt;
    const stats = cg.stats();
    let setupError: string | undefined;
    let code: number | null = null;
    let signal: NodeJS.Signals | null = null;
    let refusedSyscall: number | undefined;
    if (line === null) {
      setupError = `prepared sandbox ended: ${slot.fatal ?? (slot.stderr.trim() || 'no reason given')}`;
    } else if (line.startsWith('E ')) {
      setupError = `sandbox setup failed: ${line.slice(2)}`;
    } else {
      // "S <wait status> [<number of a call the init refused>]"
      const [status, refused] = line.slice(2).split(' ').map(Number);
      if (refused !== undefined && Number.isInteger(refused)) refusedSyscall = refused;
      if ((status & 0x7f) === 0) code = (status >> 8) & 0xff;
      else signal = signalName(status & 0x7f);
    }
    const alive = usable(slot) && line !== null && line.startsWith('S ');
    try {
      deliver(slot, 'out', typeof spec.stdout === 'string' ? spec.stdout : undefined);
      deliver(slot, 'err', spec.stderr);
    } catch (err) {
      setupError ??= `sandbox output: ${(err as Error).message}`;
    }
    const result = await classify({
      spec,
      code,
      signal,
      stats,
      wallMs,
      killedFor,
      setupError,
      uid: slot.uid,
      startedAt,
      cpuBaselineNs,
      refusedSyscall,
    });
    if (alive) idle.push(slot);
    else {
      closeLater(slot, (err) => console.error(`[judge] sandbox not closed: ${err.message}`));
    }
    const removal = cg
      .destroy()
      .catch((err: Error) => console.error(`[judge] cgroup not removed: ${err.message}`))
      .finally(() => pendingRemovals.delete(removal));
    pendingRemovals.add(removal);
    return result;
  })();
  return {
    stdin: null,
    stdout: null,
    done,
    kill: () => {
      killedFor ??= 'killed';
      killEverything?.();
    },
  };
}

function signalName(n: number): NodeJS.Signals | null {
  const entry = Object.entries(os.constants.signals as Record<string, number>).find(([, v]) => v === n);
  return entry ? (entry[0] as NodeJS.Signals) : null;
}

/** Slots whose next run's cgroup already holds their init (tests prove that opened slots are armed at once). */
export function preparedSlotsArmed(): number {
  return [...slots].filter((s) => s.next && !s.arming).length;
}

/** Host pids of the prepared sandboxes' zygotes (tests prove reuse and clean closing). */
export function preparedSandboxPids(): number[] {
  return [...slots].map((s) => s.pid);
}
