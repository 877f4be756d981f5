import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JudgeStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { JudgeEventsService } from './judge-events.service';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';

export interface JudgeSweeperOptions {
  /** How often unfinished submissions are checked. */
  intervalMs: number;
  /** Submissions younger than this are left to the normal path. */
  graceMs: number;
  /** Most submissions looked at per sweep. */
  batch: number;
}
export const JUDGE_SWEEPER_OPTIONS = Symbol('JUDGE_SWEEPER_OPTIONS');
export const DEFAULT_SWEEPER_OPTIONS: JudgeSweeperOptions = { intervalMs: 15_000, graceMs: 20_000, batch: 500 };

interface PendingRow {
  submit_id: number;
  pid: number;
  language: string;
  code: string;
  version: number;
  cid: number;
  eid: number;
  case_version: string;
}

/**
 * Makes sure no submission stays Pending: a submission stored but never enqueued (the process died between
 * commit and enqueue, or Redis was down) is enqueued again, and a job that finished while no replica was
 * listening is collected. Every replica sweeps; job ids and the once-only write make that harmless.
 */
@Injectable()
export class JudgeSweeperService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JudgeSweeperService.name);
  private readonly options: JudgeSweeperOptions;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: JudgeQueueService,
    private readonly events: JudgeEventsService,
    @Optional() @Inject(JUDGE_SWEEPER_OPTIONS) options?: Partial<JudgeSweeperOptions>,
  ) {
    this.options = { ...DEFAULT_SWEEPER_OPTIONS, ...options };
  }

  onModuleInit(): void {
    this.timer = setInterval(
      () => void this.sweep().catch((e: Error) => this.logger.warn(`sweep failed: ${e.message}`)),
      this.options.intervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; returns how many submissions were re-enqueued or collected. */
  sweep(): Promise<number> {
    if (!this.running) this.running = this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<number> {
    const rows: PendingRow[] = await this.dataSource.query(
      `SELECT j.submit_id, j.pid, j.language, j.code, j.version, j.cid, j.eid, p.case_version
         FROM judge j JOIN problem p ON p.id = j.pid
        WHERE j.counted = false AND j.status IN ($1, $2, $3, $4) AND j.gmt_modified < now() - make_interval(secs => $5)
          AND NOT p.is_remote -- remote submissions have their own queue and sweep (remote-judge module)
        ORDER BY j.submit_id LIMIT $6`,
      [
        JudgeStatus.Pending,
        JudgeStatus.Compiling,
        JudgeStatus.Judging,
        JudgeStatus.Submitting,
        this.options.graceMs / 1000,
        this.options.batch,
      ],
    );
    let acted = 0;
    for (const r of rows) {
      // One row that cannot be handled (a result the database refuses, a job Redis cannot give back) must not
      // stop the sweep: it used to fail every pass from then on, and no other lost submission was recovered.
      try {
        if (await this.sweepRow(r)) acted++;
      } catch (e) {
        this.logger.error(`sweeper: submission ${r.submit_id} failed: ${(e as Error).message}`);
      }
    }
    if (acted) this.logger.log(`sweeper re-enqueued or collected ${acted} submission(s)`);
    return acted;
  }

  /** Re-adds the job of one unfinished row or collects its finished job; true when it did either. */
  private async sweepRow(r: PendingRow): Promise<boolean> {
    const job = await this.queue.queue.getJob(String(r.submit_id));
    if (!job) {
      await this.queue.enqueueJudge(
        { submitId: r.submit_id, language: r.language, code: r.code, pid: r.pid, version: r.version, cid: r.cid, eid: r.eid },
        { caseVersion: r.case_version },
      );
      return true;
    }
    const state = await job.getState();
    if (state !== 'completed' && state !== 'failed') return false;
    await this.events.collect(String(r.submit_id));
    return true;
  }
}
