import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { RemoteJudgeJobData } from '@oj/contracts';
import type { Job } from 'bull';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { RemoteJudgeQueueService } from '../judge-queue/remote-judge-queue.service';
import { RemoteJudgeService } from './remote-judge.service';

/**
 * Takes jobs of the `remote-judge` queue in this backend process (issue 34). Forwarding is waiting on other sites'
 * HTTP answers, not computing, so the backend runs it beside its requests, REMOTE_JUDGE_CONCURRENCY at once, instead
 * of a separate worker process that would only add a process to deploy; every replica takes jobs from the same
 * queue, and a job of a process that dies is taken up again by Bull's stalled-job check (the stored run id makes
 * that a poll, not a second submit).
 */
@Injectable()
export class RemoteJudgeProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RemoteJudgeProcessor.name);

  constructor(
    private readonly queue: RemoteJudgeQueueService,
    private readonly judge: RemoteJudgeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.queue.queue
      .process(this.config.remoteJudgeConcurrency, (job: Job<RemoteJudgeJobData>) =>
        this.queue.isOwnJob(job.data) ? this.judge.run(job) : Promise.resolve(),
      )
      .catch((e: Error) => this.logger.error(`remote judge queue stopped: ${e.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    // Finishing jobs are not waited for: their stored run id lets the next process poll them.
    await this.queue.queue.close(true).catch(() => undefined);
  }
}
