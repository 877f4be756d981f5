/** The judge's configuration, read from the environment once. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { installationPrefixes } from '@oj/contracts';

export interface JudgeConfig {
  redisUrl: string;
  /**
   * BULL_PREFIX, else the prefix of JUDGE_INSTALLATION_ID, else asked from BACKEND_URL at start (resolveInstallation);
   * '' until then.
   */
  bullPrefix: string;
  /** The installation this worker judges for (JUDGE_INSTALLATION_ID or learnt from BACKEND_URL); jobs of another are refused. */
  installationId: string;
  /** The backend to ask for the installation when neither BULL_PREFIX nor JUDGE_INSTALLATION_ID is set. */
  backendUrl?: string;
  concurrency: number;
  judgeToken: string;
  cacheDir: string;
  /** Scratch space for compilations and runs. */
  workRoot: string;
  /** Directory holding testlib.h for checkers and interactors (optional). */
  testlibDir?: string;
  /** First outer uid of the sandboxes; every concurrent run gets its own uid in this range. */
  sandboxUidBase: number;
  sandboxUidCount: number;
  bwrapPath: string;
  /** A POSIX shell with the ulimit builtin (dash), used to launch runs on cgroup v1. */
  shellPath: string;
  /**
   * How a run enters its cgroup: 'shell' (the launcher joins itself; v1 only) or 'handshake'
   * (the judge moves bwrap's child while it waits on --block-fd; what v2 uses). Default: by version.
   */
  launcher?: 'shell' | 'handshake';
  /** Force a cgroup version: v1, v2 or none. */
  cgroup?: string;
  name: string;
  /** Cases of one submission judged at the same time. */
  caseParallelism: number;
  /**
   * 'prepared' (default): plain runs reuse a prepared sandbox per slot (sandbox/prepared.ts);
   * 'fresh': every run gets its own bubblewrap instance (sandbox/run.ts).
   */
  sandbox: 'prepared' | 'fresh';
  /** A worker keeps its idle prepared sandboxes for the next job this long (JUDGE_PREPARED_IDLE_MS; 0: close after each job). */
  preparedIdleMs: number;
  /** Unpacked problem packages kept in cacheDir; least recently used ones beyond it are removed. */
  packageCacheMaxMb: number;
  /**
   * A package handed out by ensurePackage counts as in use this long after its last use (callers that
   * never release it, and other workers sharing cacheDir); acquirePackage holds it until released.
   */
  packageLeaseMs: number;
  /** JUDGE_METRICS_PORT: serve this worker's Prometheus /metrics on that port (0: off; see metrics.ts). */
  metricsPort: number;
  /**
   * JUDGE_KERNEL_LOG: where the kernel's seccomp audit lines are read to name a refused call (sandbox/kmsg.ts);
   * "" reads none (the verdict is still RE; a foreign execve is named by the launcher either way).
   */
  kernelLog: string;
  /**
   * JUDGE_CPU_WEIGHT: 'low' when the judge shares the machine with the backend (what `npm start` and the compose file
   * set): its work yields the CPU to the site (sandbox/cgroup.ts applyCpuWeight); 'normal' (default) on a judge host.
   */
  cpuWeight: 'low' | 'normal';
}

let config: JudgeConfig | undefined;

/** The vendored testlib.h (`judge-sandbox/testlib`, next to dist/ and src/). */
function bundledTestlib(): string | undefined {
  const dir = path.join(__dirname, '..', 'testlib');
  return fs.existsSync(path.join(dir, 'testlib.h')) ? dir : undefined;
}

export function judgeConfig(): JudgeConfig {
  if (!config) {
    const env = process.env;
    config = {
      redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
      bullPrefix: env.BULL_PREFIX || (env.JUDGE_INSTALLATION_ID ? installationPrefixes(env.JUDGE_INSTALLATION_ID).bull : ''),
      installationId: env.JUDGE_INSTALLATION_ID || '',
      backendUrl: env.BACKEND_URL || undefined,
      concurrency: Number(env.JUDGE_CONCURRENCY) || os.cpus().length,
      judgeToken: env.JUDGE_TOKEN || '',
      cacheDir: env.JUDGE_CACHE_DIR || path.join(os.tmpdir(), 'oj-judge-cache'),
      workRoot: env.JUDGE_WORK_DIR || path.join(os.tmpdir(), 'oj-judge-work'),
      testlibDir: env.JUDGE_TESTLIB_DIR || bundledTestlib(),
      // Distinct per process by default, so two workers (or test files) on one host do not share uids.
      sandboxUidBase: Number(env.JUDGE_SANDBOX_UID_BASE) || 100000 + (process.pid % 1000) * 100,
      sandboxUidCount: Number(env.JUDGE_SANDBOX_UID_COUNT) || 100,
      bwrapPath: env.JUDGE_BWRAP || '/usr/bin/bwrap',
      shellPath: env.JUDGE_SHELL || '/bin/dash',
      launcher: env.JUDGE_LAUNCHER === 'shell' || env.JUDGE_LAUNCHER === 'handshake' ? env.JUDGE_LAUNCHER : undefined,
      cgroup: env.JUDGE_CGROUP || undefined,
      name: env.JUDGE_NAME || `${os.hostname()}-${process.pid}`,
      caseParallelism: Number(env.JUDGE_CASE_PARALLELISM) || 2,
      sandbox: env.JUDGE_SANDBOX === 'fresh' ? 'fresh' : 'prepared',
      preparedIdleMs: env.JUDGE_PREPARED_IDLE_MS === undefined ? 5000 : Number(env.JUDGE_PREPARED_IDLE_MS) || 0,
      packageCacheMaxMb: Number(env.JUDGE_PACKAGE_CACHE_MB) || 4096,
      packageLeaseMs: Number(env.JUDGE_PACKAGE_LEASE_MS) || 30 * 60_000,
      metricsPort: Number(env.JUDGE_METRICS_PORT) || 0,
      kernelLog: env.JUDGE_KERNEL_LOG ?? '/dev/kmsg',
      cpuWeight: env.JUDGE_CPU_WEIGHT === 'low' ? 'low' : 'normal',
    };
  }
  return config;
}

/** Overrides for tests and embedding (worker options). */
export function configureJudge(overrides: Partial<JudgeConfig>): JudgeConfig {
  config = { ...judgeConfig(), ...overrides };
  return config;
}
