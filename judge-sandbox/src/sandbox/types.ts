/**
 * The sandbox's shared types: what a run asks for (RunSpec, Mount) and what it gives back (RunResult, RunHandle).
 * Every other sandbox file and, through index.ts, the rest of the judge use these.
 */
import type { Readable, Writable } from 'stream';
import type { SECCOMP_PROFILES } from './seccomp';

export type SeccompProfileName = keyof typeof SECCOMP_PROFILES;

export interface Mount {
  /** Host path. */
  host: string;
  /** Path inside the sandbox. */
  sandbox: string;
  writable?: boolean;
}

export interface RunSpec {
  /** argv inside the sandbox; argv[0] is resolved through PATH. */
  args: string[];
  env?: Record<string, string>;
  /** CPU time of all processes of the run. */
  timeLimitMs: number;
  /** Wall clock limit; defaults to 3 × timeLimitMs + 1000. */
  wallLimitMs?: number;
  memoryLimitKb: number;
  /** Defaults to the memory limit. */
  stackLimitKb?: number;
  /** Largest file the run may write (stdout, stderr and files in /w): RLIMIT_FSIZE. */
  outputLimitBytes: number;
  pidsLimit?: number;
  openFilesLimit?: number;
  /** Host file on stdin, 'pipe' for a stream, or nothing (/dev/null). */
  stdin?: string | 'pipe';
  /** Host file that receives stdout (created), or 'pipe'. Defaults to discarding. */
  stdout?: string | 'pipe';
  /** Host file that receives stderr (created). */
  stderr?: string;
  /** Host directory bound writable on /w (compilation). Without it /w is a private tmpfs. */
  workDir?: string;
  /** Size of the private /w and /tmp tmpfs. */
  tmpfsSizeBytes?: number;
  /** Extra bind mounts (executables, read-only input files, checker files). */
  mounts?: Mount[];
  /** Seccomp profile, or null for none (never for contestant code). */
  seccomp?: SeccompProfileName | null;
}

export type RunStatus =
  | 'exited' // exited with code 0
  | 'nonzero' // exited with another code
  | 'signaled'
  | 'time-limit'
  | 'memory-limit'
  | 'output-limit'
  | 'syscall'
  | 'error';

export interface RunResult {
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  /** CPU time of every process of the run (cgroup), ms. */
  timeMs: number;
  wallMs: number;
  /** Peak memory of the run's cgroup, KB. */
  memoryKb: number;
  /** Human readable reason for statuses other than exited/nonzero. */
  message?: string;
  /** The refused system call, when known. */
  syscall?: string;
}

export interface RunHandle {
  stdin: Writable | null;
  stdout: Readable | null;
  /** Resolves once the run and every process it started are gone and the cgroup is removed. */
  done: Promise<RunResult>;
  /** Ends the run now (interactive: the peer finished). */
  kill(): void;
}
