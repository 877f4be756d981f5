import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JUDGING_ERR, JudgeStatus, ProblemType, isFinalJudgeStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError } from '../../../core/http/api.exception';
import { ProblemService } from '../../problem/problem.service';
import { JudgeQueueService } from '../../judge-queue/judge-queue.service';
import { JudgeResultService } from '../judge-result.service';

/** Verdicts an admin may give by hand: the judge's own final verdicts. */
const MANUAL_VERDICTS: readonly number[] = [
  JudgeStatus.Accepted,
  JudgeStatus.WrongAnswer,
  JudgeStatus.PresentationError,
  JudgeStatus.TimeLimitExceeded,
  JudgeStatus.MemoryLimitExceeded,
  JudgeStatus.RuntimeError,
  JudgeStatus.SystemError,
  JudgeStatus.PartialAccepted,
];

/** HOJ's admin/judge/manual-judge and cancel-judge: an admin's verdict replaces the judge's. */
@Injectable()
export class ManualJudgeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly results: JudgeResultService,
    private readonly queue: JudgeQueueService,
    private readonly problems: ProblemService,
  ) {}

  /** A finished submission gets `status`; `score` counts only on OI problems, kept within 0..the problem's total. */
  async judge(submitId: number, status: number, score: number | undefined, admin: AuthUser) {
    if (!MANUAL_VERDICTS.includes(status)) throw new BadRequestError(JUDGING_ERR.manualJudgeStatus);
    const verdict = { status, score: await this.scoreFor(submitId, score), judger: admin.username };
    return this.results.override(submitId, verdict, (row) => {
      if (!isFinalJudgeStatus(row.status)) throw new BadRequestError(JUDGING_ERR.rejudgeUnfinished);
      if (row.status === JudgeStatus.CompileError) throw new BadRequestError(JUDGING_ERR.manualJudgeCompileError);
    });
  }

  /**
   * Cancels a submission: finished ones, and Pending ones still waiting in the queue (their job is removed).
   * One a worker is judging answers "still being judged", as in HOJ.
   */
  async cancel(submitId: number, admin: AuthUser) {
    const queued = await this.queue.removeWaitingJob(submitId);
    return this.results.override(submitId, { status: JudgeStatus.Cancelled, score: null, judger: admin.username }, (row) => {
      if (!isFinalJudgeStatus(row.status) && !(row.status === JudgeStatus.Pending && queued)) {
        throw new BadRequestError(JUDGING_ERR.rejudgeUnfinished);
      }
    });
  }

  private async scoreFor(submitId: number, score: number | undefined): Promise<number | null> {
    if (score === undefined) return null;
    const rows: { pid: number }[] = await this.dataSource.query(`SELECT pid FROM judge WHERE submit_id = $1`, [submitId]);
    if (!rows[0]) return null; // override() answers 404
    const problem = await this.problems.findById(rows[0].pid);
    if (problem.type !== ProblemType.OI) return null;
    return Math.min(Math.max(0, score), problem.ioScore ?? 100);
  }
}
