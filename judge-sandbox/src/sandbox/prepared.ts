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
 *
 * This file is a run on a slot: its limits, its cgroup, its verdict. The slot pool is pool.ts, the zygote and the
 * lines exchanged with it zygote.ts, the slot directory's files staging.ts.
 */
import type { RunHandle, RunResult, RunSpec } from './types';
import { RunCgroup, detectCgroups } from './cgroup';
import { classify, errorResult } from './classify';
import { SYSTEM_BINDS } from './bwrap';
import { nextRunName, pendingRemovals } from './common';
import { PROGRAM_DIR, deliver, stageFiles } from './staging';
import { type Slot, preparedInitPid, readReply, request, waitReady, zygoteAvailable } from './zygote';
import { closeLater, getSlot, putSlot } from './pool';
import { judgeConfig } from '../config';

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

/** Starts a plain run in a prepared sandbox (check preparedEligible first). */
export function startPrepared(spec: RunSpec, cpuBaselineNs: number): RunHandle {
  let killedFor: 'time-limit' | 'wall' | 'killed' | undefined;
  let killEverything: (() => void) | undefined;
  const done = (async (): Promise<RunResult> => {
    let slot: Slot;
    try {
      slot = await getSlot();
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
    const answer = request(slot, fields);
    killEverything = () => cg.killAll();
    if (killedFor) killEverything();
    const pollMs = Math.max(10, Math.min(100, Math.floor(spec.timeLimitMs / 10)));
    const poll = setInterval(() => {
      // The wall limit leaves out the time the run waited for a CPU (cgroup.ts waitedNs).
      // …and not while a thread of it is runnable (cgroup.ts anyRunnable: a wait in progress is in no count yet).
      if (Date.now() - startedAt - cg.waitedNs() / 1e6 > wallLimitMs && !cg.anyRunnable()) {
        killedFor = 'wall';
        killEverything!();
      } else if (cg.stats().cpuNs / 1e6 > spec.timeLimitMs) {
        killedFor = 'time-limit';
        killEverything!();
      }
    }, pollMs);
    const line = await answer;
    clearInterval(poll);
    // The init killed and reaped every other process of the run before replying, and leaves now;
    // destroy() below still kills whatever the cgroup holds until it is empty.
    const wallMs = Date.now() - startedAt;
    const stats = cg.stats();
    const reply = readReply(slot, line);
    const { code, signal, refusedSyscall } = reply;
    let setupError = reply.setupError;
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
    putSlot(slot, reply.reusable);
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
