import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UNFINISHED_JUDGE_STATUSES } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { EventBus } from '../../../core/events/event-bus';
import { ScoreboardService } from '../scoreboard/scoreboard.service';

/**
 * `admin/judge/rejudge-contest-problem`: every judged submission of one problem in one contest goes back
 * through the judge module's RejudgeService (asked on the event bus); the board is rebuilt (the tries show as pending) and then
 * follows each new result through ContestResultListener.
 */
@Injectable()
export class ContestRejudgeService {
  constructor(
    private readonly bus: EventBus,
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoreboard: ScoreboardService,
  ) {}

  async rejudgeProblem(cid: number, pid: number): Promise<{ count: number }> {
    const rows: { submitId: number }[] = await this.db.query(
      `SELECT submit_id AS "submitId" FROM judge WHERE cid = $1 AND pid = $2 AND NOT (status = ANY($3)) ORDER BY submit_id`,
      [cid, pid, UNFINISHED_JUDGE_STATUSES],
    );
    for (const { submitId } of rows) {
      // The judge module does it (the bus's `judge.rejudge`): it imports this module, not the reverse.
      await this.bus.request('judge.rejudge', { submitId });
    }
    await this.scoreboard.invalidate(cid);
    return { count: rows.length };
  }
}
