import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { advanceStatusByClock, TIMED_CLOCK_INTERVAL_MS } from '../timed-event/timed-clock';
import { ScoreboardService } from './scoreboard/scoreboard.service';

/** Moves contest.status Scheduled → Running → Ended by the clock (product §4), idempotent on every replica; drops idle boards. */
@Injectable()
export class ContestClockService {
  private readonly logger = new Logger(ContestClockService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoreboard: ScoreboardService,
  ) {}

  @Interval(TIMED_CLOCK_INTERVAL_MS)
  async tick(now: Date = new Date()): Promise<number> {
    const { moved: affected } = await advanceStatusByClock(this.db, 'contest', now);
    if (affected) this.logger.log(`contest status moved on ${affected} contest(s)`);
    this.scoreboard.evictIdle(now.getTime());
    return affected;
  }
}
