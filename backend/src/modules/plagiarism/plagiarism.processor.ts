import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Job } from 'bull';
import { PlagiarismJobData, PlagiarismService } from './plagiarism.service';

/**
 * Takes the `plagiarism` queue's jobs in the backend process, one at a time per replica: the comparison itself runs
 * in a worker thread (engine/run-compare.ts), so requests keep their main thread; one at a time keeps a burst of
 * checks from taking every core on contest day. Every replica takes jobs, and a job of a replica that dies goes to
 * another through Bull's stalled-job check. At boot, checks left waiting or running are queued again (their job id
 * makes that a no-op while the job still exists).
 */
@Injectable()
export class PlagiarismProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PlagiarismProcessor.name);

  constructor(private readonly checks: PlagiarismService) {}

  onApplicationBootstrap(): void {
    void this.checks.queue
      .process(1, (job: Job<PlagiarismJobData>) => this.checks.run(job.data.checkId))
      .catch((e: Error) => this.logger.error(`plagiarism queue stopped: ${e.message}`));
    void this.checks.requeueUnfinished().catch((e: Error) => this.logger.warn(`plagiarism checks not queued again: ${e.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checks.queue.close(true).catch(() => undefined);
  }
}
