import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestModule } from '../contest/contest.module';
import { ExamModule } from '../exam/exam.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ProblemModule } from '../problem/problem.module';
import { TrainingModule } from '../training/training.module';
import { JudgeCase } from './entities/judge-case.entity';
import { Submission } from './entities/submission.entity';
import { UserJudgeStat } from './entities/user-judge-stat.entity';
import { UserProblemStat } from './entities/user-problem-stat.entity';
import { SubmissionController } from './submission.controller';
import { SubmissionStatisticsService } from './submission-statistics.service';
import { SubmissionWriteModule } from './submission-write.module';
import { SubmissionService } from './submission.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Submission, JudgeCase, UserJudgeStat, UserProblemStat]),
    ProblemModule,
    JudgeQueueModule,
    ContestModule,
    TrainingModule,
    ExamModule,
    SubmissionWriteModule,
  ],
  controllers: [SubmissionController],
  providers: [SubmissionService, SubmissionStatisticsService],
  exports: [SubmissionService],
})
export class SubmissionModule {}
