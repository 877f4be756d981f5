import { getQueueToken } from '@nestjs/bull';
import { Inject, Injectable, Provider } from '@nestjs/common';
import { REMOTE_JUDGE_TIMINGS, REMOTE_OJS, remoteJudgeQueueName } from '@oj/contracts';
import type { RemoteJudgeJobData, RemoteOj } from '@oj/contracts';
import type { Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';

/** The job id of a submission's remote job at a version: a retried add never forwards one submission twice. */
export const remoteJobId = (submitId: number, version: number): string => `remote-${submitId}-${version}`;

/** Each site's Bull queue, by its key. */
const REMOTE_JUDGE_QUEUES = Symbol('REMOTE_JUDGE_QUEUES');
export const remoteJudgeQueuesProvider: Provider = {
  provide: REMOTE_JUDGE_QUEUES,
  useFactory: (...queues: Queue<RemoteJudgeJobData>[]) => new Map(REMOTE_OJS.map((oj, i) => [oj, queues[i]])),
  inject: REMOTE_OJS.map((oj) => getQueueToken(remoteJudgeQueueName(oj))),
};

/**
 * Adds remote submissions to their site's own Bull queue (issue 34), consumed by the remote-judge module in the
 * backend: forwarding a submission to another site is waiting on HTTP, not running code, so it never takes a sandbox
 * slot. One queue per site, each with its own workers, so submissions waiting for a busy site's accounts do not hold
 * the slots another site's submissions need (one shared queue let a burst on HDU stall every Codeforces submission).
 * Here, below the submission store, so the one writer of submissions can route a remote problem's submission.
 */
@Injectable()
export class RemoteJudgeQueueService {
  readonly installationId: string;

  constructor(
    @Inject(REMOTE_JUDGE_QUEUES) private readonly queues: Map<RemoteOj, Queue<RemoteJudgeJobData>>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.installationId = config.installationId;
  }

  /** The queue of a site (undefined for a key that is not a remote judge). */
  queueOf(oj: string): Queue<RemoteJudgeJobData> | undefined {
    return this.queues.get(oj as RemoteOj);
  }

  /** Every site's queue. */
  all(): [RemoteOj, Queue<RemoteJudgeJobData>][] {
    return [...this.queues];
  }

  /**
   * Adds (or keeps) the job of a submission at its version on its site's queue. Retryable failures (a rate limit, the
   * site down) are retried by Bull with a growing pause; the last failure ends the submission as Submitted Failed.
   */
  async enqueue(sub: { submitId: number; version: number }, oj: string | null | undefined): Promise<void> {
    const queue = this.queueOf(oj ?? '');
    if (!queue) throw new Error(`no remote judge queue for site "${oj}"`);
    // A resubmit of a Submitted Failed submission keeps its version: its failed job goes first, or the add is a no-op.
    const old = await queue.getJob(remoteJobId(sub.submitId, sub.version));
    if (old && ((await old.isFailed()) || (await old.isCompleted()))) await old.remove();
    await queue.add(
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
