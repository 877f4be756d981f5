import { Injectable } from '@nestjs/common';
import { JUDGE_PRIORITY, JudgeStatus } from '@oj/contracts';
import { ProblemService } from '../problem/problem.service';
import { JudgeQueueService } from './judge-queue.service';
import { JudgeResultService } from './judge-result.service';

/** Rejudge: statistics are taken back in the same transaction that resets the submission. */
@Injectable()
export class RejudgeService {
  constructor(
    private readonly results: JudgeResultService,
    private readonly queue: JudgeQueueService,
    private readonly problems: ProblemService,
  ) {}

  async rejudge(submitId: number): Promise<{ submitId: number; status: number }> {
    const reset = await this.results.resetForRejudge(submitId);
    const problem = await this.problems.findById(reset.pid);
    // The finished job holds the id; it goes first. If this fails, the sweeper enqueues later.
    await this.queue.removeFinishedJob(submitId);
    await this.queue.enqueueJudge({ submitId, ...reset }, problem, JUDGE_PRIORITY.rejudge);
    return { submitId, status: JudgeStatus.Pending };
  }
}
