import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { ScoreboardService } from './scoreboard/scoreboard.service';

/** How often the stored status follows the clock; answers compute it on read, so this only keeps lists and SQL honest. */
export const CONTEST_CLOCK_INTERVAL_MS = 5_000;

/** Moves contest.status Scheduled → Running → Ended by the clock (spec §4), idempotent on every replica; drops idle boards. */
@Injectable()
export class ContestClockService {
  private readonly logger = new Logger(ContestClockService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoreboard: ScoreboardService,
  ) {}

  @Interval(CONTEST_CLOCK_INTERVAL_MS)
  async tick(now: Date = new Date()): Promise<number> {
    const [, affected] = (await this.db.query(
      `UPDATE contest SET status = CASE WHEN $1 < start_time THEN $2::smallint WHEN $1 < end_time THEN $3::smallint ELSE $4::smallint END
          WHERE status <> CASE WHEN $1 < start_time THEN $2::smallint WHEN $1 < end_time THEN $3::smallint ELSE $4::smallint END`,
      [now, ContestStatus.Scheduled, ContestStatus.Running, ContestStatus.Ended],
    )) as [unknown, number];
    if (affected) this.logger.log(`contest status moved on ${affected} contest(s)`);
    this.scoreboard.evictIdle(now.getTime());
    return affected;
  }
}
