import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  CHECKER_COMPILE_WAIT_MS,
  CompileCheckJobData,
  CompileCheckResult,
  JUDGE_PRIORITY,
  JUDGE_QUEUE,
  JUDGING_ERR,
  JudgeJobData,
  JudgeJobName,
  TestJudgeJobData,
} from '@oj/contracts';
import type { Job, JobOptions, Queue } from 'bull';
import { randomUUID } from 'crypto';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { ServerError } from '../../core/http/api.exception';

/** Job data of a judge job: the contract plus the submission version it was enqueued for. */
export interface JudgeJobDataV extends JudgeJobData {
  /** Judge.version at enqueue time; a result only lands on that version (rejudges bump it). */
  judgeVersion: number;
}

export const TEST_JUDGE_JOB_PREFIX = 'test-';
export const COMPILE_JOB_PREFIX = 'compile-';

/** waitFor's answer when a worker took the job but did not answer in time. */
const TAKEN_NOT_ANSWERED = Symbol('taken, not answered');

/** Completed judge jobs stay a day so a replica that missed the event can still collect the result. */
const KEEP_COMPLETED = { age: 24 * 3600, count: 50_000 };

/** Adds jobs to the Bull queue `judge` that the workers consume. The backend never runs submitted code. */
@Injectable()
export class JudgeQueueService {
  private readonly baseUrl: string;
  /** Named in every job, so a worker bound to another installation refuses it and its results are ignored here. */
  readonly installationId: string;

  constructor(
    @InjectQueue(JUDGE_QUEUE) readonly queue: Queue,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.baseUrl = config.baseUrl;
    this.installationId = config.installationId;
  }

  /**
   * Where workers fetch packages: BASE_URL, or, when that names this machine (the default
   * http://localhost:PORT), the address the server really listens on, which is right even on a random port.
   */
  private packageBaseUrl(): string {
    if (['localhost', '127.0.0.1', '[::1]'].includes(new URL(this.baseUrl).hostname)) {
      const address = this.adapterHost.httpAdapter?.getHttpServer()?.address?.();
      if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
    }
    return this.baseUrl;
  }

  packageUrl(pid: number, version: string): string {
    return `${this.packageBaseUrl()}/api/judge/package?pid=${pid}&version=${version}`;
  }

  /**
   * Adds the judge job of a submission. The job id is the submission id, so adding twice (a retry, the sweeper
   * racing a slow request, two replicas) never creates two jobs. Without a priority, a contest's or an exam's
   * submission goes ahead of practice, as it did when first submitted (the sweeper and resubmits rely on this).
   */
  async enqueueJudge(
    sub: { submitId: number; language: string; code: string; pid: number; version: number; cid: number; eid?: number },
    problem: { caseVersion: string },
    priority: number = sub.cid || sub.eid ? JUDGE_PRIORITY.contest : JUDGE_PRIORITY.normal,
  ): Promise<Job<JudgeJobDataV>> {
    const data: JudgeJobDataV = {
      installationId: this.installationId,
      submissionId: sub.submitId,
      language: sub.language,
      code: sub.code,
      problemId: sub.pid,
      packageVersion: problem.caseVersion,
      packageUrl: this.packageUrl(sub.pid, problem.caseVersion),
      judgeVersion: sub.version,
    };
    const opts: JobOptions = {
      jobId: String(sub.submitId),
      priority,
      attempts: 3,
      backoff: { type: 'fixed', delay: 1000 },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_COMPLETED,
    };
    return this.queue.add(JudgeJobName.judge, data, opts);
  }

  /** False for a job another installation put on this queue (only when two installations were given one BULL_PREFIX). */
  isOwnJob(data: { installationId?: string } | undefined): boolean {
    return !data?.installationId || !this.installationId || data.installationId === this.installationId;
  }

  /** Removes a finished job so that a rejudge can reuse the submission id as job id. */
  async removeFinishedJob(submitId: number): Promise<void> {
    const job = await this.queue.getJob(String(submitId));
    if (!job) return;
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') await job.remove();
  }

  /**
   * Takes a submission's job out of the queue while no worker holds it (admin cancel). True when no worker
   * can be judging it any more: the job was waiting and is gone, or there was none.
   */
  async removeWaitingJob(submitId: number): Promise<boolean> {
    const job = await this.queue.getJob(String(submitId));
    if (!job) return true;
    const state = await job.getState();
    if (state !== 'waiting' && state !== 'delayed' && state !== 'paused') return false;
    // A worker may take it meanwhile: Bull then refuses to remove a locked job.
    return job.remove().then(
      () => true,
      () => false,
    );
  }

  /**
   * Compiles special judge / interactor code on a worker and waits for the answer. A worker that took the job but has
   * not answered in time is still compiling: that is answered as a compile that ran out of time, not as no judge.
   */
  async compileCheck(data: CompileCheckJobData, timeoutMs = CHECKER_COMPILE_WAIT_MS): Promise<CompileCheckResult> {
    const job = await this.queue.add(
      JudgeJobName.compileCheck,
      { ...data, installationId: this.installationId },
      {
        jobId: `${COMPILE_JOB_PREFIX}${randomUUID()}`,
        priority: JUDGE_PRIORITY.contest,
        // Kept until waitFor has read it (then removed): Bull's job.finished() reads a job that finished before it
        // subscribed from the job itself, so a compile answered from the worker's cache within that moment would be lost
        // (and reported as no judge) if the job removed itself on completion. The age bounds what a dead waiter leaves.
        removeOnComplete: { age: 600 },
        removeOnFail: { age: 600 },
      },
    );
    const answer = await this.waitFor<CompileCheckResult>(job, timeoutMs);
    return answer === TAKEN_NOT_ANSWERED
      ? { ok: false, timedOut: true, message: `No answer from the judge server within ${Math.round(timeoutMs / 1000)} s` }
      : answer;
  }

  /** Adds a test judge (run on custom input); the result is collected by its key. */
  async addTestJudge(key: string, data: TestJudgeJobData): Promise<void> {
    await this.queue.add(
      JudgeJobName.testJudge,
      { ...data, installationId: this.installationId },
      {
        jobId: `${TEST_JUDGE_JOB_PREFIX}${key}`,
        priority: JUDGE_PRIORITY.contest,
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 3600 },
      },
    );
  }

  private async waitFor<T>(job: Job, timeoutMs: number): Promise<T | typeof TAKEN_NOT_ANSWERED> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ServerError(JUDGING_ERR.judgeUnavailable)), timeoutMs);
    });
    try {
      const answer = (await Promise.race([job.finished(), timeout])) as T;
      await job.remove().catch(() => undefined);
      return answer;
    } catch (e) {
      const taken = e instanceof ServerError && (await job.getState().catch(() => 'unknown')) === 'active';
      await job.remove().catch(() => undefined);
      if (taken) return TAKEN_NOT_ANSWERED;
      if (e instanceof ServerError) throw e;
      throw new ServerError(JUDGING_ERR.judgeUnavailable);
    } finally {
      clearTimeout(timer);
    }
  }
}
