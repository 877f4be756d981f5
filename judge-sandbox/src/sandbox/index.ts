/**
 * The sandbox's only entry: everything outside src/sandbox/ imports from here (an ESLint rule holds it), so what the
 * rest of the judge may use is this list, and the files behind it can change without touching their callers.
 *
 *   types.ts     RunSpec, RunResult, Mount, RunHandle: what a run asks for and what it gives back
 *   run.ts       run/start (a fresh bubblewrap, or a prepared slot for plain runs), settleRuns, abortRuns, calibration
 *   prepared.ts  a plain run on a prepared slot; pool.ts the slots (get/put/reset), zygote.ts the zygote protocol,
 *                staging.ts the slot directory's files
 *   cgroup.ts, bwrap.ts, seccomp.ts, kmsg.ts, classify.ts, common.ts: the isolation and the verdict of one run
 */
export type { Mount, RunHandle, RunResult, RunSpec, RunStatus, SeccompProfileName } from './types';
export { PIPE_GRACE_MS, abortRuns, calibrateSandbox, cgroupVersion, resumeRuns, run, settleRuns, start } from './run';
export { prewarmPrepared } from './pool';
export { removeLater } from './common';
export { SANDBOX_WORK_DIR } from './bwrap';
export { followKernelLog, stopKernelLog } from './kmsg';
export { applyCpuWeight } from './cgroup';
export type { AppliedCpuWeight } from './cgroup';

// For the tests, which prove what the sandbox leaves behind and how it reuses its slots.
export { LOW_CPU_WEIGHT, LOW_NICE, detectCgroups, listRunCgroups } from './cgroup';
export { preparedEligible } from './prepared';
export { preparedSandboxPids, preparedSlotsArmed } from './pool';
