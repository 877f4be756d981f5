import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JudgeStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { UNRANKED_STATUSES_SQL } from './training-progress.sql';

/**
 * Tries and accepted tries per training problem, counted inside the training (`training_problem.total/ac`).
 * A result adds one (`add`); a rejudge or a problem change is put right by `recount` (update-problem-count).
 */
@Injectable()
export class TrainingCountsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async add(tid: number, pid: number, status: number): Promise<void> {
    await this.db.query(`UPDATE training_problem SET total = total + 1, ac = ac + $3 WHERE tid = $1 AND pid = $2`, [
      tid,
      pid,
      status === JudgeStatus.Accepted ? 1 : 0,
    ]);
  }

  /** Recounts from the training's judged submissions; running it twice gives the same counts. */
  async recount(tid: number): Promise<void> {
    await this.db.query(
      `UPDATE training_problem tp
          SET total = coalesce(c.total, 0), ac = coalesce(c.ac, 0)
         FROM training_problem t0
         LEFT JOIN (SELECT pid, count(*) AS total, count(*) FILTER (WHERE status = $2) AS ac
                      FROM judge WHERE tid = $1 AND status NOT IN ${UNRANKED_STATUSES_SQL} GROUP BY pid) c ON c.pid = t0.pid
        WHERE tp.id = t0.id AND t0.tid = $1`,
      [tid, JudgeStatus.Accepted],
    );
  }
}
