/**
 * The slot pool of the prepared sandbox: get a slot for a run (getSlot), put it back after the run (putSlot),
 * reset (closePreparedSandboxes: a judgement settles, or a worker's slots idled for JUDGE_PREPARED_IDLE_MS).
 * Slots are opened ahead of a judgement's runs while its program compiles (prewarmPrepared), two per lane of
 * cases, and each zygote is pinned to the least used CPU. A slot is one zygote (zygote.ts).
 */
import * as fs from 'fs';
import { detectCgroups } from './cgroup';
import { pendingRemovals } from './common';
import { type Slot, closeSlot, liveSlots, openSlot, usable, zygoteAvailable } from './zygote';
import { judgeConfig } from '../config';

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
  for (const s of liveSlots) if (use.has(s.cpu)) use.set(s.cpu, use.get(s.cpu)! + 1);
  return [...use.entries()].sort((x, y) => x[1] - y[1] || x[0] - y[0])[0][0];
}

const idle: Slot[] = [];
/** Closes the idle slots when no run took one for a while (closePreparedWhenIdle). */
let idleTimer: NodeJS.Timeout | undefined;
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
  const busyCpus = new Set([...liveSlots].filter((s) => !idle.includes(s)).map((s) => s.cpu));
  // A CPU of its own first (fair timings), then an init already in place.
  const rank = (s: Slot): number => (busyCpus.has(s.cpu) ? 2 : 0) + (s.next && !s.arming ? 0 : 1);
  let best = idle.length - 1;
  for (let i = idle.length - 2; i >= 0; i--) if (rank(idle[i]) < rank(idle[best])) best = i;
  return idle.splice(best, 1)[0];
}

/**
 * reset: closes every idle prepared sandbox and those still opening (a judgement ends with this, through settleRuns).
 */
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
    const ahead: Promise<Slot | undefined> = openPooled().then(
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

/** get: an idle slot, else one opened ahead of time, else a new one. */
export async function getSlot(): Promise<Slot> {
  // In use again: the idle slots stay.
  clearTimeout(idleTimer);
  idleTimer = undefined;
  const ready = acquireIdle();
  if (ready) return ready;
  const ahead = opening.shift();
  const slot = ahead && (await ahead);
  if (slot && usable(slot)) return slot;
  if (slot) closeLater(slot);
  return openPooled();
}

/** Closes a slot in the background; settleRuns waits for it. */
export function closeLater(slot: Slot, onError: (err: Error) => void = () => undefined): void {
  const closing = closeSlot(slot).catch(onError);
  pendingRemovals.add(closing);
  void closing.finally(() => pendingRemovals.delete(closing));
}

/** put: a slot whose run ended cleanly waits for the next run; any other is closed. */
export function putSlot(slot: Slot, reusable: boolean): void {
  if (reusable) idle.push(slot);
  else {
    closeLater(slot, (err) => console.error(`[judge] sandbox not closed: ${err.message}`));
  }
}

/** Opens a slot on the least used CPU; a failure to pick one is the returned promise's, like any other. */
async function openPooled(): Promise<Slot> {
  return openSlot(pickCpu());
}

/** Slots whose next run's cgroup already holds their init (tests prove that opened slots are armed at once). */
export function preparedSlotsArmed(): number {
  return [...liveSlots].filter((s) => s.next && !s.arming).length;
}

/** Host pids of the prepared sandboxes' zygotes (tests prove reuse and clean closing). */
export function preparedSandboxPids(): number[] {
  return [...liveSlots].map((s) => s.pid);
}
