import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { REMOTE_JUDGE_QUEUE, REMOTE_JUDGE_TIMINGS } from '@oj/contracts';
import type { RemoteJudgeJobData } from '@oj/contracts';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';

/** The job id of a submission's remote job at a version: a retried add never forwards one submission twice. */
export const remoteJobId = (submitId: number, version: number): string => `remote-${submitId}-${version}`;

/**
 * Adds remote submissions to their own Bull queue (issue 34), consumed by the remote-judge module in the backend:
 * forwarding a submission to another site is waiting on HTTP, not running code, so it never takes a sandbox slot.
 * Here, below the submission store, so the one writer of submissions can route a remote problem's submission.
 */
@Injectable()
export class RemoteJudgeQueueService {
  readonly installationId: string;

  constructor(
    @InjectQueue(REMOTE_JUDGE_QUEUE) readonly queue: Queue<RemoteJudgeJobData>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.installationId = config.installationId;
  }

  /**
   * Adds (or keeps) the job of a submission at its version. Retryable failures (a rate limit, the site down) are
   * retried by Bull with a growing pause; the last failure ends the submission as Submitted Failed.
   */
  async enqueue(sub: { submitId: number; version: number }): Promise<void> {
    // A resubmit of a Submitted Failed submission keeps its version: its failed job goes first, or the add is a no-op.
    const old = await this.queue.getJob(remoteJobId(sub.submitId, sub.version));
    if (old && ((await old.isFailed()) || (await old.isCompleted()))) await old.remove();
    await this.queue.add(
      { installationId: this.installationId, submitId: sub.submitId, version: sub.version },
      {
        jobId: remoteJobId(sub.submitId, sub.version),
        attempts: REMOTE_JUDGE_TIMINGS.attempts,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  isOwnJob(data: { installationId?: string } | undefined): boolean {
    return !data?.installationId || !this.installationId || data.installationId === this.installationId;
  }
}
