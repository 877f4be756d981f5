import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JudgeStatus } from '@oj/contracts';
import type { RemoteJudgeJobData } from '@oj/contracts';
import type { Job } from 'bull';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { RemoteJudgeQueueService, remoteJobId } from '../judge-queue/remote-judge-queue.service';
import { RemoteJudgeService } from './remote-judge.service';

/** How often, and after how long without a change, an unfinished remote submission with no job is queued again. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_GRACE_S = 120;

/**
 * Takes jobs of the sites' `remote-judge-<SITE>` queues in this backend process (issue 34). Forwarding is waiting on
 * other sites' HTTP answers, not computing, so the backend runs it beside its requests, REMOTE_JUDGE_CONCURRENCY at
 * once per site, instead of a separate worker process that would only add a process to deploy; every replica takes
 * jobs from the same queues, and a job of a process that dies is taken up again by Bull's stalled-job check (the
 * stored run id makes that a poll, not a second submit). A site's submissions waiting for its accounts only fill
 * that site's slots.
 *
 * Its sweep is the judge sweeper's counterpart for remote submissions: one left unfinished with no job (Redis lost
 * its jobs) is queued again; its stored run id, if any, makes that a poll.
 */
@Injectable()
export class RemoteJudgeProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RemoteJudgeProcessor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queue: RemoteJudgeQueueService,
    private readonly judge: RemoteJudgeService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const [oj, queue] of this.queue.all()) {
      void queue
        .process(this.config.remoteJudgeConcurrency, (job: Job<RemoteJudgeJobData>) =>
          this.queue.isOwnJob(job.data) ? this.judge.run(job) : Promise.resolve(),
        )
        .catch((e: Error) => this.logger.error(`remote judge queue of ${oj} stopped: ${e.message}`));
    }
    this.timer = setInterval(
      () => void this.sweep().catch((e: Error) => this.logger.warn(`remote sweep failed: ${e.message}`)),
      SWEEP_EVERY_MS,
    );
    this.timer.unref();
  }

  /** Queues again the unfinished remote submissions whose job is gone; answers how many. */
  async sweep(graceS = SWEEP_GRACE_S): Promise<number> {
    const rows: { submitId: number; version: number; oj: string }[] = await this.dataSource.query(
      `SELECT j.submit_id AS "submitId", j.version, p.remote_oj AS oj FROM judge j JOIN problem p ON p.id = j.pid
        WHERE p.is_remote AND j.counted = false AND j.status IN ($1, $2, $3)
          AND j.gmt_modified < now() - make_interval(secs => $4)
        ORDER BY j.submit_id LIMIT 500`,
      [JudgeStatus.Submitting, JudgeStatus.Pending, JudgeStatus.Judging, graceS],
    );
    let queued = 0;
    for (const row of rows) {
      const queue = this.queue.queueOf(row.oj);
      if (!queue) continue; // a site this platform has no queue for: the job runner would fail it anyway
      const job = await queue.getJob(remoteJobId(row.submitId, row.version));
      // a waiting or running job is on it; a finished one left the row unfinished (enqueue replaces it)
      if (job && !(await job.isCompleted()) && !(await job.isFailed())) continue;
      await this.queue.enqueue(row, row.oj);
      queued++;
    }
    if (queued) this.logger.log(`remote sweep queued ${queued} submission(s) again`);
    return queued;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // Finishing jobs are not waited for: their stored run id lets the next process poll them.
    await Promise.all(this.queue.all().map(([, queue]) => queue.close(true).catch(() => undefined)));
  }
}
