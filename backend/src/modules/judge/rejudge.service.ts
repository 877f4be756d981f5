import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JUDGE_PRIORITY, JudgeStatus, UNFINISHED_JUDGE_STATUSES } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { EventBus } from '../../core/events/event-bus';
import { ProblemService } from '../problem/problem.service';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';
import { RemoteJudgeQueueService } from '../judge-queue/remote-judge-queue.service';
import { JudgeResultService } from './judge-result.service';

/**
 * Rejudge: statistics are taken back in the same transaction that resets the submission. Contest and exam admins'
 * rejudges reach it through the event bus (`judge.rejudge`): those modules sit below the judge module.
 */
@Injectable()
export class RejudgeService implements OnModuleInit {
  constructor(
    private readonly results: JudgeResultService,
    private readonly queue: JudgeQueueService,
    private readonly remoteQueue: RemoteJudgeQueueService,
    private readonly problems: ProblemService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.bus.handle('judge.rejudge', ({ submitId }) => this.rejudge(submitId));
  }

  async rejudge(submitId: number): Promise<{ submitId: number; status: number }> {
    const reset = await this.results.resetForRejudge(submitId);
    const problem = await this.problems.findById(reset.pid);
    // A remote problem's submission keeps its run id: its new job only reads the site's verdict again (issue 34).
    if (problem.isRemote) {
      await this.remoteQueue.enqueue({ submitId, version: reset.version }, problem.remoteOj);
      return { submitId, status: JudgeStatus.Pending };
    }
    // The finished job holds the id; it goes first. If this fails, the sweeper enqueues later.
    await this.queue.removeFinishedJob(submitId);
    await this.queue.enqueueJudge({ submitId, ...reset }, problem, JUDGE_PRIORITY.rejudge);
    return { submitId, status: JudgeStatus.Pending };
  }

  /**
   * `admin/judge/rejudge-problem` (not in HOJ): every finished practice submission of a bank problem (no contest,
   * no exam; group practice included) goes back to the queue. Contest and exam submissions are left to their own
   * rejudge routes, whose admins (not the site's) decide about them.
   */
  async rejudgePracticeProblem(pid: number): Promise<{ count: number }> {
    await this.problems.findById(pid);
    const rows: { submitId: number }[] = await this.db.query(
      `SELECT submit_id AS "submitId" FROM judge
        WHERE pid = $1 AND cid = 0 AND eid = 0 AND NOT (status = ANY($2)) ORDER BY submit_id`,
      [pid, UNFINISHED_JUDGE_STATUSES],
    );
    for (const { submitId } of rows) await this.rejudge(submitId);
    return { count: rows.length };
  }
}
