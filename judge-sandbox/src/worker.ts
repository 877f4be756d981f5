/**
 * Bull consumer of the "judge" queue: `judge`, `compile-check` and `test-judge` jobs. Each worker
 * announces itself in Redis (JudgeServerInfo under judgeServerKey(bullPrefix, name), refreshed with a
 * TTL) so the backend can list languages and judge servers. A job whose handling throws is
 * answered with a System Error result, never lost; a worker that dies leaves a stalled job that
 * Bull hands to another worker.
 */
import * as os from 'os';
import { performance } from 'perf_hooks';
import Queue from 'bull';
import type { Job } from 'bull';
import Redis from 'ioredis';
import {
  JUDGE_QUEUE,
  JUDGE_SERVER_HEARTBEAT_SEC,
  JUDGE_SERVER_TTL_SEC,
  JUDGE_INSTALLATION_PATH,
  bullRedisRetryDelayMs,
  JUDGE_TOKEN_HEADER,
  JudgeJobName,
  JudgeStatus,
  percentText,
  judgeServerKey,
} from '@oj/contracts';
import type {
  CompileCheckJobData,
  JudgeInstallationInfo,
  JudgeJobData,
  JudgeProgress,
  JudgeResult,
  JudgeServerInfo,
  TestJudgeJobData,
} from '@oj/contracts';
import { configureJudge, judgeConfig } from './config';
import { detectLanguages, languageInfo } from './languages';
import { judge } from './judge';
import { createWorkerMetrics, WorkerMetrics } from './metrics';
import { acquirePackage } from './packages';
import { compileCheck, testJudge } from './test-judge';
import {
  abortRuns,
  calibrateSandbox,
  cgroupVersion,
  resumeRuns,
  settleRuns,
  followKernelLog,
  stopKernelLog,
  AppliedCpuWeight,
  applyCpuWeight,
} from './sandbox';

export interface WorkerOptions {
  redisUrl?: string;
  bullPrefix?: string;
  installationId?: string;
  backendUrl?: string;
  concurrency?: number;
  name?: string;
  judgeToken?: string;
  cacheDir?: string;
  /** Serve Prometheus /metrics on this port (JUDGE_METRICS_PORT); 0: off. */
  metricsPort?: number;
  /** Keep idle prepared sandboxes for the next job this long (JUDGE_PREPARED_IDLE_MS); 0: close them after each job. */
  preparedIdleMs?: number;
}

export interface JudgeWorker {
  name: string;
  queue: Queue.Queue;
  metrics: WorkerMetrics;
  /** The port /metrics is served on, 0 when off. */
  metricsPort: number;
  /** JUDGE_CPU_WEIGHT as applied: the cgroup file holding the judge tree's weight and the worker's nice value. */
  cpuWeight: AppliedCpuWeight;
  close(): Promise<void>;
}

export async function startWorker(options: WorkerOptions = {}): Promise<JudgeWorker> {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  let config = configureJudge(defined);
  if (!config.bullPrefix) config = configureJudge(await resolveInstallation(config.backendUrl, config.judgeToken));
  followKernelLog();
  // Before the first sandbox is started: everything the worker starts inherits the lowered weight.
  const cpuWeight = applyCpuWeight(config.cpuWeight);
  await calibrateSandbox();
  const queue = new Queue(JUDGE_QUEUE, config.redisUrl, { prefix: config.bullPrefix, redis: { retryStrategy: bullRedisRetryDelayMs } });
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const startedAt = new Date().toISOString();
  const key = judgeServerKey(config.bullPrefix, config.name);
  const metrics = createWorkerMetrics({ worker: config.name, concurrency: config.concurrency });
  const metricsServer = config.metricsPort ? await metrics.serve(config.metricsPort) : undefined;
  const metricsAddress = metricsServer?.address();
  const metricsPort = metricsAddress && typeof metricsAddress === 'object' ? metricsAddress.port : 0;
  const info = (): JudgeServerInfo => ({
    name: config.name,
    hostname: os.hostname(),
    pid: process.pid,
    concurrency: config.concurrency,
    languages: detectLanguages().map(languageInfo),
    cgroup: cgroupVersion(),
    startedAt,
    lastHeartbeat: new Date().toISOString(),
    // HOJ's judge figures for the admin dashboard.
    cpuCores: os.cpus().length,
    percentCpuLoad: percentText(os.loadavg()[0] / Math.max(1, os.cpus().length)),
    percentMemoryLoad: percentText((os.totalmem() - os.freemem()) / os.totalmem()),
    // The admin dashboard shows it as the judge's port (HOJ's judges listen on one; these pull from Redis).
    metricsPort,
  });
  const heartbeat = async (): Promise<void> => {
    try {
      await redis.set(key, JSON.stringify(info()), 'EX', JUDGE_SERVER_TTL_SEC);
    } catch {
      // Redis is away; ioredis reconnects and the next beat announces us again.
    }
  };
  await heartbeat();
  const timer = setInterval(() => void heartbeat(), JUDGE_SERVER_HEARTBEAT_SEC * 1000);
  // Back from an outage (Redis restarted empty has lost our key): announce at once, not at the next beat.
  redis.on('ready', () => void heartbeat());

  /** Jobs this worker holds; set once close() begins, after which no result is handed back. */
  const active = new Set<Job>();
  let stopping = false;
  void queue.process('*', config.concurrency, (job: Job) => {
    const owner = (job.data as { installationId?: string } | undefined)?.installationId;
    // Only reachable when two installations were given one BULL_PREFIX: fail the attempt rather than judge
    // with the wrong packages and report into the wrong installation (Bull retries it, maybe on a right worker).
    if (owner && config.installationId && owner !== config.installationId)
      return Promise.reject(
        new Error(
          `job of installation ${owner} reached a worker of installation ${config.installationId}: give each installation its own BULL_PREFIX`,
        ),
      );
    const done = metrics.started();
    const language = (job.data as { language?: string } | undefined)?.language;
    active.add(job);
    const handled = handle(job, config.name, metrics);
    // A judgement cut short by close() ends with whatever its killed runs gave: never reported. The promise stays
    // unsettled, so Bull neither completes nor fails the job; close() hands it back to the queue.
    const unlessStopping = <T>(value: Promise<T>): Promise<T> => {
      if (stopping) return new Promise<T>(() => undefined);
      active.delete(job);
      return value;
    };
    return handled
      .then(
        (result) => unlessStopping(Promise.resolve(result)),
        (err: unknown) => unlessStopping(Promise.reject(err)),
      )
      .then(
        (result) => {
          done();
          metrics.observe({
            kind: job.name,
            language,
            status: job.name === JudgeJobName.compileCheck ? undefined : (result as { status?: number } | undefined)?.status,
            seconds: (Date.now() - (job.processedOn ?? Date.now())) / 1000,
            waitSeconds: job.processedOn ? (job.processedOn - job.timestamp) / 1000 : undefined,
          });
          return result;
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
  });
  queue.on('error', (err) => console.error(`[judge ${config.name}] queue error: ${err.message}`));

  return {
    name: config.name,
    queue,
    metrics,
    metricsPort,
    cpuWeight,
    /**
     * Stops within seconds whatever its runs do: takes no new job, ends every run, puts the jobs it held back in the
     * queue for another worker (without using an attempt) and leaves.
     */
    async close() {
      clearInterval(timer);
      metricsServer?.close();
      stopping = true;
      await queue.pause(true, true).catch(() => undefined);
      abortRuns('the judge worker is stopping');
      // Back to the queue at once (delayed until now: the next worker promotes and takes it) without using one of the
      // job's attempts; a lock merely released would wait for two of Bull's stalled-job checks, 30 s apart.
      // (Bull has the call; its typings lack it.)
      type Delayable = Job & { moveToDelayed(timestamp: number): Promise<void> };
      await Promise.all(
        [...active].map((job) =>
          (job as Delayable)
            .moveToDelayed(Date.now())
            .catch((err: Error) => console.error(`[judge ${config.name}] job ${job.id} not handed back: ${err.message}`)),
        ),
      );
      await queue.close(true);
      await settling;
      await settleRuns();
      resumeRuns();
      await redis.del(key).catch(() => undefined);
      redis.disconnect();
      stopKernelLog();
    },
  };
}

/**
 * A worker given only BACKEND_URL (what npm start does) asks the backend for its installation, and so for the
 * queue prefix; the backend may still be starting, so it waits for it up to a minute.
 */
async function resolveInstallation(backendUrl: string | undefined, token: string): Promise<{ installationId: string; bullPrefix: string }> {
  if (!backendUrl)
    throw new Error("set BULL_PREFIX, JUDGE_INSTALLATION_ID or BACKEND_URL: the judge cannot tell which installation's queue to consume");
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(backendUrl.replace(/\/$/, '') + JUDGE_INSTALLATION_PATH, { headers: { [JUDGE_TOKEN_HEADER]: token } });
      if (res.status === 403) throw new Error(`${backendUrl} refused JUDGE_TOKEN`);
      if (res.ok) {
        const body = (await res.json()) as { data?: JudgeInstallationInfo } & Partial<JudgeInstallationInfo>;
        const info = body.data ?? body;
        if (info.installationId && info.bullPrefix) return { installationId: info.installationId, bullPrefix: info.bullPrefix };
      }
    } catch (e) {
      if ((e as Error).message.includes('refused')) throw e;
    }
    if (Date.now() > deadline) throw new Error(`no installation answer from ${backendUrl}${JUDGE_INSTALLATION_PATH}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function handle(job: Job, judger: string, metrics: WorkerMetrics): Promise<unknown> {
  switch (job.name) {
    case JudgeJobName.judge:
      return judgeJob(job as Job<JudgeJobData>, judger, metrics);
    case JudgeJobName.compileCheck:
      try {
        return await compileCheck(job.data as CompileCheckJobData);
      } catch (err) {
        return { ok: false, message: `System Error: ${(err as Error).message}` };
      }
    case JudgeJobName.testJudge:
      try {
        return await testJudge(job.data as TestJudgeJobData);
      } catch (err) {
        return {
          status: JudgeStatus.SystemError,
          time: 0,
          memory: 0,
          stdout: '',
          stderr: '',
          exitCode: null,
          message: (err as Error).message,
        };
      }
    default:
      throw new Error(`unknown judge job ${job.name}`);
  }
}

/**
 * The sandboxes of the last judgement, closing: the verdict goes back first, and the next judgement
 * starts once they are gone (so none outlives its submission by more than the hand-over).
 */
let settling: Promise<void> = Promise.resolve();

/** Case progress goes out at most this often per job (status changes at once). */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * A job's progress reports, thinned: a status change goes out at once, case progress at most every
 * PROGRESS_INTERVAL_MS (the latest one), nothing once the verdict is known. Each report is a Redis write
 * and an event every backend replica parses and pushes: one per case cost a 10-case A+B burst more than
 * its runs did.
 */
function progressReporter(job: Job<JudgeJobData>): { report: (p: JudgeProgress) => void; finish: () => void } {
  let lastStatus: number | undefined;
  let lastSent = 0;
  let pending: JudgeProgress | undefined;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;
  const send = (p: JudgeProgress): void => {
    lastSent = Date.now();
    lastStatus = p.status;
    void job.progress({ ...p, installationId: job.data.installationId }).catch(() => undefined);
  };
  return {
    report(p) {
      if (finished) return;
      if (p.status !== lastStatus) {
        clearTimeout(timer);
        timer = undefined;
        pending = undefined;
        return send(p);
      }
      pending = p;
      timer ??= setTimeout(
        () => {
          timer = undefined;
          const latest = pending;
          pending = undefined;
          if (latest && !finished) send(latest);
        },
        Math.max(0, lastSent + PROGRESS_INTERVAL_MS - Date.now()),
      );
    },
    finish() {
      finished = true;
      clearTimeout(timer);
    },
  };
}

async function judgeJob(job: Job<JudgeJobData>, judger: string, metrics: WorkerMetrics): Promise<JudgeResult> {
  const data = job.data;
  const config = judgeConfig();
  // Kept prepared sandboxes (the default) leave only cgroup removals to settle: the next job need not wait.
  if (!config.preparedIdleMs) await settling;
  let pkg: { dir: string; release: () => void } | undefined;
  const progress = progressReporter(job);
  try {
    // Held until the verdict is known, so the cache bound never removes a package in use.
    const t0 = performance.now();
    pkg = await acquirePackage({
      packageUrl: data.packageUrl,
      packageVersion: data.packageVersion,
      problemId: data.problemId,
      cacheDir: config.cacheDir,
      judgeToken: config.judgeToken,
    });
    metrics.phase('package', performance.now() - t0);
    const result = await judge(
      pkg.dir,
      {
        submissionId: data.submissionId,
        language: data.language,
        code: data.code,
        timeLimitMs: data.timeLimitMs,
        memoryLimitMb: data.memoryLimitMb,
      },
      progress.report,
      { settle: false, phase: metrics.phase },
    );
    return { ...result, submissionId: data.submissionId, judger, installationId: data.installationId };
  } catch (err) {
    return {
      submissionId: data.submissionId,
      status: JudgeStatus.SystemError,
      time: 0,
      memory: 0,
      score: 0,
      errorMessage: (err as Error).message,
      cases: [],
      judger,
      installationId: data.installationId,
    };
  } finally {
    progress.finish();
    pkg?.release();
    settling = settleRuns({ keepPreparedMs: config.preparedIdleMs }).catch((err: Error) =>
      console.error(`[judge] sandboxes not settled: ${err.message}`),
    );
  }
}

if (require.main === module) {
  const config = judgeConfig();
  startWorker().then(
    (worker) => {
      console.log(
        `[judge ${worker.name}] consuming "${JUDGE_QUEUE}" on ${config.redisUrl} (prefix ${config.bullPrefix}, concurrency ${config.concurrency}, cgroup ${cgroupVersion()}, cpu weight ${worker.cpuWeight.weight}); languages: ${detectLanguages()
          .map((l) => l.name)
          .join(', ')}${worker.metricsPort ? `; metrics on :${worker.metricsPort}/metrics` : ''}`,
      );
      const stop = (): void => {
        // close() ends every run at once; the timer only bounds a Redis that no longer answers.
        setTimeout(() => process.exit(0), 8000).unref();
        void worker.close().then(() => process.exit(0));
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
