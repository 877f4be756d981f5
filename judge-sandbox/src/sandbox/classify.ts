/** Turns how a sandboxed process ended (and what its cgroup saw) into a RunResult. */
import * as os from 'os';
import type { RunResult, RunSpec } from './types';
import { refusedSyscallName } from './kmsg';
import { SYSCALL_NAMES } from './seccomp';

const SIGNAL_NUMBERS = os.constants.signals as Record<string, number>;

export async function classify(p: {
  spec: RunSpec;
  code: number | null;
  signal: NodeJS.Signals | null;
  stats: { cpuNs: number; memoryPeakBytes: number; oomKilled: boolean; memoryLimitHit?: boolean };
  wallMs: number;
  killedFor?: 'time-limit' | 'wall' | 'killed';
  setupError?: string;
  uid: number;
  startedAt: number;
  cpuBaselineNs: number;
  /** A call the launcher refused and reported itself (a foreign execve, see zygote.c `supervise`). */
  refusedSyscall?: number;
}): Promise<RunResult> {
  const timeMs = Math.round(Math.max(0, p.stats.cpuNs - p.cpuBaselineNs) / 1e6);
  const memoryKb = Math.round(p.stats.memoryPeakBytes / 1024);
  // bwrap reports the command's death by signal N as exit code 128 + N.
  let signal: string | null = p.signal;
  let exitCode: number | null = p.code;
  if (p.code !== null && p.code > 128 && p.code < 128 + 65) {
    const name = Object.keys(SIGNAL_NUMBERS).find((k) => SIGNAL_NUMBERS[k] === p.code! - 128);
    if (name) {
      signal = name;
      exitCode = null;
    }
  }
  const base = { exitCode, signal, timeMs, wallMs: p.wallMs, memoryKb };
  if (p.setupError) return { ...base, status: 'error', message: p.setupError };
  const atMemoryLimit = p.stats.oomKilled || p.stats.memoryPeakBytes >= p.spec.memoryLimitKb * 1024;
  const cpuOut = p.killedFor === 'time-limit' || timeMs > p.spec.timeLimitMs || signal === 'SIGXCPU';
  // Near its cgroup's limit the kernel's reclaim takes the CPU (and the wall clock): a run the time limit ends while
  // it sits at its memory limit ran out of memory, as its author expects to hear, not out of time.
  if ((cpuOut || p.killedFor === 'wall') && (atMemoryLimit || p.stats.memoryLimitHit)) {
    return { ...base, status: 'memory-limit', message: 'memory limit exceeded (the time limit ended the run at its memory limit)' };
  }
  if (cpuOut) return { ...base, status: 'time-limit', message: 'CPU time limit exceeded' };
  if (p.killedFor === 'wall') return { ...base, status: 'time-limit', message: 'wall clock limit exceeded' };
  if (atMemoryLimit) {
    return { ...base, status: 'memory-limit', message: 'memory limit exceeded' };
  }
  if (signal === 'SIGXFSZ') return { ...base, status: 'output-limit', message: 'output limit exceeded' };
  if (p.refusedSyscall !== undefined) {
    const name = SYSCALL_NAMES[p.refusedSyscall] ?? `syscall ${p.refusedSyscall}`;
    return { ...base, signal: 'SIGSYS', exitCode: null, status: 'syscall', syscall: name, message: `refused system call: ${name}` };
  }
  if (signal === 'SIGSYS') {
    const name = await refusedSyscallName(p.uid);
    return {
      ...base,
      status: 'syscall',
      syscall: name,
      message: name ? `refused system call: ${name}` : 'refused system call',
    };
  }
  if (signal) return { ...base, status: 'signaled', message: `killed by signal ${signal}` };
  // A child the filter killed decides the run too, however the program itself ended; only the kernel's
  // record tells (a foreign execve never gets here: the launcher reports it, above).
  const refusedInChild = await refusedSyscallName(p.uid, 0);
  if (refusedInChild) return { ...base, status: 'syscall', syscall: refusedInChild, message: `refused system call: ${refusedInChild}` };
  if (exitCode === 0) return { ...base, status: 'exited' };
  return { ...base, status: 'nonzero', message: `exit code ${exitCode}` };
}

export function errorResult(message: string): RunResult {
  return { status: 'error', exitCode: null, signal: null, timeMs: 0, wallMs: 0, memoryKb: 0, message };
}
