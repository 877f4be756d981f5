/**
 * The zygote protocol: one long-lived bubblewrap instance per slot, running oj-zygote (zygote.c, compiled once with
 * gcc into the cache dir), and the lines the judge and the zygote exchange over its stdin and stdout.
 *
 *   node (root) ─spawn as the slot's own uid─▶ bwrap --unshare-all --as-pid-1 (caps only inside its
 *   user namespace) ─▶ oj-zygote
 *     zygote → judge  "R <pid>": the next run's init is cloned (fresh pid, mount, ipc and uts namespaces,
 *                     fresh tmpfs /w, /tmp, /dev/shm and /proc) and waits for its request;
 *                     "S <id> <wait status> [<refused call>]" / "E <id> <why>": a run's answer (the init's, or the
 *                     zygote's for an init killed before replying; the first per id counts); "F <why>": it gave up.
 *     judge → zygote  "<N> <id>\n" and N NUL-terminated fields (staging.ts builds them): one run.
 *
 * Between "R" and the request the judge moves the waiting init into the next run's fresh cgroup (armNextCgroup),
 * off the run's critical path. Which slot serves which run is pool.ts's business; what the slot directory holds,
 * staging.ts's; a run's limits and verdict, prepared.ts's.
 */
import { spawn, execFileSync, ChildProcess } from 'child_process';
import type { Readable, Writable } from 'stream';
import * as fs from 'fs';
import * as os from 'os';
import * as crypto from 'crypto';
import * as path from 'path';
import { RunCgroup } from './cgroup';
import { SANDBOX_WORK_DIR, systemMounts } from './bwrap';
import { closeInheritedFds, nextRunName, pendingRemovals, takeUid, uidsInUse } from './common';
import { followKernelLog } from './kmsg';
import { PROGRAM_DIR, StagingArea } from './staging';
import { judgeConfig } from '../config';

/**
 * Shipped as C source: next to the compiled module (`npm run build` copies it into dist/sandbox) or
 * in the package's src/sandbox (ts-jest, and dist run from a checkout).
 */
const ZYGOTE_SOURCES = [path.join(__dirname, 'zygote.c'), path.join(__dirname, '..', '..', 'src', 'sandbox', 'zygote.c')];

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
export function zygoteAvailable(): boolean {
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

export interface Slot extends StagingArea {
  uid: number;
  child: ChildProcess;
  /** The zygote's pid on the host. */
  pid: number;
  home: RunCgroup;
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
  /**
   * closeSlot has begun: no next cgroup may be made any more. Without it, a zygote's "R" arriving while closeSlot
   * waited for the zygote to exit armed a cgroup that closeSlot had already looked for, and it was left behind
   * (seen once in CI: an empty run cgroup after the test).
   */
  closing?: boolean;
  stderr: string;
  /** The CPU the zygote (and so every run of the slot) is pinned to. */
  cpu: number;
}

/** Every open slot, idle or running (the pool picks CPUs from it; tests count its zygotes). */
export const liveSlots = new Set<Slot>();

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

/** Opens a slot whose zygote is pinned to `cpu` (the pool picks it); it is among liveSlots from its spawn on. */
export async function openSlot(cpu: number): Promise<Slot> {
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
    liveSlots.add(slot);
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
  if (slot.next || slot.arming || slot.closing || !usable(slot)) return;
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

export function usable(slot: Slot): boolean {
  return !slot.dead && slot.fatal === undefined;
}

/** Waits for the zygote's "R <pid>": the next run's init is prepared. */
export async function waitReady(slot: Slot): Promise<void> {
  if (!slot.ready && usable(slot)) {
    hold(slot, true);
    await new Promise<boolean>((resolve) => {
      slot.readyWaiter = resolve;
    });
  }
  if (!slot.ready) throw new Error(`prepared sandbox not ready: ${slot.fatal ?? (slot.stderr.trim() || 'it ended')}`);
}

/** Sends a request; resolves with "S <status>", "E <why>", or null when the zygote is gone. */
export function request(slot: Slot, fields: string[]): Promise<string | null> {
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
export function preparedInitPid(slot: Slot): number {
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

export async function closeSlot(slot: Slot): Promise<void> {
  liveSlots.delete(slot);
  slot.closing = true;
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

/** What a run's answer says: how the program ended, or why the run could not happen. */
export interface ZygoteReply {
  code: number | null;
  signal: NodeJS.Signals | null;
  refusedSyscall?: number;
  setupError?: string;
  /** The slot may serve another run. */
  reusable: boolean;
}

/** Reads the answer `request` resolved with (null: the zygote is gone). */
export function readReply(slot: Slot, line: string | null): ZygoteReply {
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
  const reusable = usable(slot) && line !== null && line.startsWith('S ');
  return { code, signal, refusedSyscall, setupError, reusable };
}

function signalName(n: number): NodeJS.Signals | null {
  const entry = Object.entries(os.constants.signals as Record<string, number>).find(([, v]) => v === n);
  return entry ? (entry[0] as NodeJS.Signals) : null;
}
