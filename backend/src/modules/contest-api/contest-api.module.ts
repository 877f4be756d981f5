import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestModule } from '../contest/contest.module';
import { DiscussionModule } from '../discussion/discussion.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ContestApiAccess, ContestApiGuard } from './contest-api-access.service';
import { ContestApiReader } from './contest-api-reader.service';
import { ContestApiScoreboard } from './contest-api-scoreboard.service';
import { CONTEST_API_OPTIONS, ContestEventLog, DEFAULT_CONTEST_API_OPTIONS } from './contest-event-log.service';
import { ContestApiEvent } from './entities/contest-api-event.entity';
import { ContestApiController } from './public/contest-api.controller';

/** The ICPC Contest API (CCS 2023-06) over our contests (ACM pass-fail, OI scored): REST objects and the NDJSON event feed (README). */
@Module({
  imports: [TypeOrmModule.forFeature([ContestApiEvent]), ContestModule, DiscussionModule, JudgeQueueModule],
  controllers: [ContestApiController],
  providers: [
    { provide: CONTEST_API_OPTIONS, useValue: DEFAULT_CONTEST_API_OPTIONS },
    ContestApiAccess,
    ContestApiGuard,
    ContestApiReader,
    ContestApiScoreboard,
    ContestEventLog,
  ],
  exports: [ContestEventLog],
})
export class ContestApiModule {}
