/**
 * Bull consumer of the "judge" queue: `judge`, `compile-check` and `test-judge` jobs. Each worker
 * announces itself in Redis (JudgeServerInfo under JUDGE_SERVER_KEY_PREFIX + name, refreshed with a
 * TTL) so the backend can list languages and judge servers. A job whose handling throws is
 * answered with a System Error result, never lost; a worker that dies leaves a stalled job that
 * Bull hands to another worker.
 */
import * as os from 'os';
import Queue from 'bull';
import type { Job } from 'bull';
import Redis from 'ioredis';
import {
  JUDGE_QUEUE,
  JUDGE_SERVER_HEARTBEAT_SEC,
  JUDGE_SERVER_KEY_PREFIX,
  JUDGE_SERVER_TTL_SEC,
  JudgeJobName,
  JudgeStatus,
  percentText,
} from '@oj/contracts';
import type { CompileCheckJobData, JudgeJobData, JudgeResult, JudgeServerInfo, TestJudgeJobData } from '@oj/contracts';
import { configureJudge, judgeConfig } from './config';
import { detectLanguages, languageInfo } from './languages';
import { judge } from './judge';
import { acquirePackage } from './packages';
import { compileCheck, testJudge } from './test-judge';
import { calibrateSandbox, cgroupVersion, settleRuns } from './sandbox/run';
import { followKernelLog, stopKernelLog } from './sandbox/kmsg';

export interface WorkerOptions {
  redisUrl?: string;
  bullPrefix?: string;
  concurrency?: number;
  name?: string;
  judgeToken?: string;
  cacheDir?: string;
}

export interface JudgeWorker {
  name: string;
  queue: Queue.Queue;
  close(): Promise<void>;
}

export async function startWorker(options: WorkerOptions = {}): Promise<JudgeWorker> {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const config = configureJudge(defined);
  followKernelLog();
  await calibrateSandbox();
  const queue = new Queue(JUDGE_QUEUE, config.redisUrl, { prefix: config.bullPrefix });
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const startedAt = new Date().toISOString();
  const key = JUDGE_SERVER_KEY_PREFIX + config.name;
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

  void queue.process('*', config.concurrency, (job: Job) => handle(job, config.name));
  queue.on('error', (err) => console.error(`[judge ${config.name}] queue error: ${err.message}`));

  return {
    name: config.name,
    queue,
    async close() {
      clearInterval(timer);
      await queue.close();
      await settling;
      await redis.del(key).catch(() => undefined);
      redis.disconnect();
      stopKernelLog();
    },
  };
}

async function handle(job: Job, judger: string): Promise<unknown> {
  switch (job.name) {
    case JudgeJobName.judge:
      return judgeJob(job as Job<JudgeJobData>, judger);
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

async function judgeJob(job: Job<JudgeJobData>, judger: string): Promise<JudgeResult> {
  const data = job.data;
  await settling;
  let pkg: { dir: string; release: () => void } | undefined;
  try {
    const config = judgeConfig();
    // Held until the verdict is known, so the cache bound never removes a package in use.
    pkg = await acquirePackage({
      packageUrl: data.packageUrl,
      packageVersion: data.packageVersion,
      problemId: data.problemId,
      cacheDir: config.cacheDir,
      judgeToken: config.judgeToken,
    });
    const result = await judge(
      pkg.dir,
      {
        submissionId: data.submissionId,
        language: data.language,
        code: data.code,
        timeLimitMs: data.timeLimitMs,
        memoryLimitMb: data.memoryLimitMb,
      },
      (progress) => void job.progress(progress).catch(() => undefined),
      { settle: false },
    );
    return { ...result, submissionId: data.submissionId, judger };
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
    };
  } finally {
    pkg?.release();
    settling = settleRuns().catch((err: Error) => console.error(`[judge] sandboxes not settled: ${err.message}`));
  }
}

if (require.main === module) {
  const config = judgeConfig();
  startWorker().then(
    (worker) => {
      console.log(
        `[judge ${worker.name}] consuming "${JUDGE_QUEUE}" on ${config.redisUrl} (prefix ${config.bullPrefix}, concurrency ${config.concurrency}, cgroup ${cgroupVersion()}); languages: ${detectLanguages()
          .map((l) => l.name)
          .join(', ')}`,
      );
      const stop = (): void => {
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
