import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  JudgeJobName,
  JudgeProgress,
  JudgeResult,
  JudgeStatus,
  QueueEstimate,
  SubmissionEvent,
  TEST_JUDGE_TTL_SEC,
  TestJudgeResult,
} from '@oj/contracts';
import type { Job } from 'bull';
import Redis from 'ioredis';
import { Observable, Subject } from 'rxjs';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../core/observability/metrics.service';
import { REDIS } from '../../core/redis/redis.module';
import { testJudgeRedisKey } from '../submission/submission.service';
import { JudgeJobDataV, JudgeQueueService, TEST_JUDGE_JOB_PREFIX } from '../judge-queue/judge-queue.service';
import { JudgeQueueWaitService } from '../judge-queue/judge-queue-wait.service';
import { JudgeResultService } from './judge-result.service';

/** How long status changes wait to be written together (the push to subscribers does not wait). */
const STATUS_WRITE_MS = 100;
/** How often the queue places of watched waiting submissions are read (one Redis call for all of this replica's). */
export const QUEUE_PUSH_MS = 1000;

/**
 * Consumes Bull's global events of the judge queue on every replica: progress moves the submission to
 * Compiling/Judging and is pushed to subscribers; completion and final failure are written once through
 * JudgeResultService and pushed; test judge results are kept in Redis with an expiry.
 */
@Injectable()
export class JudgeEventsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JudgeEventsService.name);
  private readonly subscribers = new Map<number, Set<Subject<SubmissionEvent>>>();
  /** Last pushed status per submission on this replica, to write status changes only once each. */
  private readonly lastStatus = new Map<number, number>();
  /**
   * Status changes (Compiling, Judging) waiting to be written, by submission: written together every
   * STATUS_WRITE_MS in one statement instead of one UPDATE per change (two per submission), and a change
   * overtaken by the verdict is never written.
   */
  private readonly statusWrites = new Map<number, number>();
  private statusTimer?: NodeJS.Timeout;
  /**
   * Watched submissions still waiting for a worker, with the place and wait last pushed: their changes are pushed
   * every QUEUE_PUSH_MS (the place moves whenever any job ahead is taken; one read covers them all).
   */
  private readonly queued = new Map<number, string>();
  private queueTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly queue: JudgeQueueService,
    private readonly results: JudgeResultService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly metrics: MetricsService,
    private readonly queueWait: JudgeQueueWaitService,
  ) {}

  onModuleInit(): void {
    const q = this.queue.queue;
    q.on('global:progress', (jobId: string, progress: unknown) => void this.onProgress(jobId, progress).catch((e) => this.warn(e)));
    q.on('global:completed', (jobId: string) => void this.collect(jobId, 'completed').catch((e) => this.warn(e)));
    q.on('global:failed', (jobId: string) => void this.collect(jobId).catch((e) => this.warn(e)));
  }

  onApplicationShutdown(): void {
    this.closed = true;
    clearTimeout(this.statusTimer);
    clearInterval(this.queueTimer);
    this.queued.clear();
    for (const set of this.subscribers.values()) for (const s of set) s.complete();
    this.subscribers.clear();
  }

  private warn(e: unknown): void {
    if (!this.closed) this.logger.warn(`judge event: ${(e as Error).message}`);
  }

  subscribe(submitId: number): Observable<SubmissionEvent> & { close(): void } {
    const subject = new Subject<SubmissionEvent>();
    let set = this.subscribers.get(submitId);
    if (!set) this.subscribers.set(submitId, (set = new Set()));
    set.add(subject);
    const close = () => {
      set!.delete(subject);
      if (set!.size === 0) {
        this.subscribers.delete(submitId);
        this.unwatchQueue(submitId);
      }
      subject.complete();
    };
    return Object.assign(subject.asObservable(), { close });
  }

  /** Follows the queue place of a watched Pending submission; `estimate` is what its stream's first event said. */
  watchQueue(submitId: number, estimate: QueueEstimate): void {
    if (this.closed || !this.subscribers.has(submitId)) return;
    this.queued.set(submitId, JSON.stringify(estimate));
    this.queueTimer ??= setInterval(() => void this.pushQueuePlaces().catch((e) => this.warn(e)), QUEUE_PUSH_MS);
  }

  private unwatchQueue(submitId: number): void {
    this.queued.delete(submitId);
    if (this.queued.size === 0 && this.queueTimer) {
      clearInterval(this.queueTimer);
      this.queueTimer = undefined;
    }
  }

  /** Pushes the changed places and waits of the watched waiting submissions (still Pending: nothing else says so). */
  private async pushQueuePlaces(): Promise<void> {
    const ids = [...this.queued.keys()];
    if (ids.length === 0) return;
    const snapshot = await this.queueWait.snapshot(ids);
    for (const submitId of ids) {
      const last = this.queued.get(submitId);
      // Taken meanwhile (progress or the verdict came while reading): that push said everything.
      if (last === undefined) continue;
      const estimate = JudgeQueueWaitService.estimate(snapshot, submitId);
      const now = JSON.stringify(estimate);
      if (now === last) continue;
      this.queued.set(submitId, now);
      this.push({ submitId, status: JudgeStatus.Pending, ...estimate, final: false });
    }
  }

  private push(event: SubmissionEvent): void {
    if (event.status !== JudgeStatus.Pending) this.unwatchQueue(event.submitId);
    const set = this.subscribers.get(event.submitId);
    if (!set) return;
    for (const s of [...set]) {
      s.next(event);
      if (event.final) s.complete();
    }
    if (event.final) this.subscribers.delete(event.submitId);
  }

  private async onProgress(jobId: string, raw: unknown): Promise<void> {
    const progress = (typeof raw === 'string' ? JSON.parse(raw) : raw) as JudgeProgress;
    if (!progress || typeof progress !== 'object' || !/^\d+$/.test(jobId) || !this.queue.isOwnJob(progress)) return;
    const submitId = Number(jobId);
    if (this.lastStatus.get(submitId) !== progress.status) {
      this.lastStatus.set(submitId, progress.status);
      this.statusWrites.set(submitId, progress.status);
      this.statusTimer ??= setTimeout(() => void this.writeStatuses().catch((e) => this.warn(e)), STATUS_WRITE_MS);
    }
    this.push({
      submitId,
      status: progress.status,
      caseIndex: progress.caseIndex,
      caseCount: progress.caseCount,
      // Whoever may see the submission reads this stream: never the admins' detail nor the program's output.
      cases: progress.cases?.map(({ detail: _detail, outputHead: _head, ...c }) => c),
      final: false,
    });
  }

  /** Writes the waiting status changes in one statement; a counted (final) row is never touched. */
  private async writeStatuses(): Promise<void> {
    this.statusTimer = undefined;
    if (this.closed || this.statusWrites.size === 0) return;
    const ids = [...this.statusWrites.keys()];
    const statuses = ids.map((id) => this.statusWrites.get(id)!);
    this.statusWrites.clear();
    await this.dataSource.query(
      `UPDATE judge j SET status = v.status FROM unnest($1::int[], $2::int[]) AS v(submit_id, status)
        WHERE j.submit_id = v.submit_id AND j.counted = false AND j.status IN ($3, $4, $5) AND j.status <> v.status`,
      [ids, statuses, JudgeStatus.Pending, JudgeStatus.Compiling, JudgeStatus.Judging],
    );
  }

  /**
   * Collects a finished job by id (events carry only the id; the job holds its data, version and result).
   * `completedEvent`: the caller heard Bull's completed event, which only a finished job emits, so the
   * state need not be asked (one Redis round trip less on every verdict's path).
   */
  async collect(jobId: string, completedEvent?: 'completed'): Promise<void> {
    const job = (await this.queue.queue.getJob(jobId)) as Job | null;
    if (!job || !this.queue.isOwnJob(job.data as { installationId?: string })) return;
    if (job.name === JudgeJobName.testJudge && jobId.startsWith(TEST_JUDGE_JOB_PREFIX)) return this.collectTestJudge(job);
    if (job.name !== JudgeJobName.judge) return;
    const state = completedEvent ?? (await job.getState());
    const data = job.data as JudgeJobDataV;
    if (state === 'completed' || state === 'failed') this.statusWrites.delete(data.submissionId);
    let result: JudgeResult;
    if (state === 'completed') {
      result = job.returnvalue as JudgeResult;
      if (!result || typeof result !== 'object' || !this.queue.isOwnJob(result)) return;
    } else if (state === 'failed') {
      result = {
        status: JudgeStatus.SystemError,
        time: 0,
        memory: 0,
        score: 0,
        errorMessage: job.failedReason ?? 'judge failed',
        cases: [],
      };
    } else {
      return; // a failed attempt that Bull will retry
    }
    if (await this.results.apply(data.submissionId, data.judgeVersion ?? 0, result)) {
      // Counted once, by the replica whose write won.
      this.metrics.observeJudged({
        language: data.language,
        status: result.status,
        addedAt: job.timestamp,
        takenAt: job.processedOn,
        finishedAt: job.finishedOn,
      });
    }
    await this.pushStored(data.submissionId);
  }

  /** Pushes the stored state of a submission to this replica's subscribers. */
  async pushStored(submitId: number): Promise<void> {
    this.lastStatus.delete(submitId);
    if (!this.subscribers.has(submitId)) return;
    const rows: { status: number; time: number | null; memory: number | null; score: number | null; counted: boolean }[] =
      await this.dataSource.query(`SELECT status, time, memory, score, counted FROM judge WHERE submit_id = $1`, [submitId]);
    if (rows[0]) this.push({ submitId, ...rows[0], final: rows[0].counted });
  }

  private async collectTestJudge(job: Job): Promise<void> {
    const key = String(job.id).slice(TEST_JUDGE_JOB_PREFIX.length);
    const state = await job.getState();
    const stored = await this.redis.get(testJudgeRedisKey(key));
    if (!stored) return;
    const record = JSON.parse(stored) as { uid: string; status: number; result?: TestJudgeResult };
    if (state === 'completed') record.result = job.returnvalue as TestJudgeResult;
    else if (state === 'failed')
      record.result = {
        status: JudgeStatus.SystemError,
        time: 0,
        memory: 0,
        stdout: '',
        stderr: '',
        exitCode: null,
        message: job.failedReason,
      };
    else return;
    record.status = record.result.status;
    await this.redis.set(testJudgeRedisKey(key), JSON.stringify(record), 'EX', TEST_JUDGE_TTL_SEC);
  }
}
