import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { UNFINISHED_JUDGE_STATUSES } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { RejudgeService } from '../judge/rejudge.service';
import { ScoreboardService } from './scoreboard/scoreboard.service';

/**
 * `admin/judge/rejudge-contest-problem`: every judged submission of one problem in one contest goes back
 * through the judge module's RejudgeService; the board is rebuilt (the tries show as pending) and then
 * follows each new result through ContestResultListener.
 */
@Injectable()
export class ContestRejudgeService {
  constructor(
    private readonly moduleRef: ModuleRef,
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoreboard: ScoreboardService,
  ) {}

  async rejudgeProblem(cid: number, pid: number): Promise<{ count: number }> {
    // Resolved at run time: the judge module imports the contest module (submit rules, result hook), not the reverse.
    const rejudges = this.moduleRef.get(RejudgeService, { strict: false });
    const rows: { submitId: number }[] = await this.db.query(
      `SELECT submit_id AS "submitId" FROM judge WHERE cid = $1 AND pid = $2 AND NOT (status = ANY($3)) ORDER BY submit_id`,
      [cid, pid, UNFINISHED_JUDGE_STATUSES],
    );
    for (const { submitId } of rows) {
      await rejudges.rejudge(submitId);
    }
    await this.scoreboard.invalidate(cid);
    return { count: rows.length };
  }
}
