import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ProblemModule } from '../problem/problem.module';
import { JudgeCase } from './entities/judge-case.entity';
import { Submission } from './entities/submission.entity';
import { UserJudgeStat } from './entities/user-judge-stat.entity';
import { SubmissionStatisticsService } from './submission-statistics.service';
import { SubmissionReader } from './submission-reader.service';
import { SubmissionWriter } from './submission-writer.service';
import { UserJudgeStatsService } from './user-judge-stats.service';

/**
 * The submission tables and their one writer, below every module that makes or reads submissions: the contest,
 * exam and training modules call the writer, and the submission module (the submit routes, the status list and
 * detail) builds on those modules, so the writer cannot live there without a cycle. It depends on none of them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Submission, JudgeCase, UserJudgeStat]), ProblemModule, JudgeQueueModule],
  providers: [SubmissionWriter, SubmissionReader, SubmissionStatisticsService, UserJudgeStatsService],
  exports: [SubmissionWriter, SubmissionReader, SubmissionStatisticsService, UserJudgeStatsService],
})
export class SubmissionStoreModule {}
