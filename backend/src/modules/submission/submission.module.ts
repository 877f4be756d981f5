import { Module } from '@nestjs/common';
import { ContestModule } from '../contest/contest.module';
import { ExamModule } from '../exam/exam.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ProblemModule } from '../problem/problem.module';
import { TrainingModule } from '../training/training.module';
import { SubmissionController } from './public/submission.controller';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { SubmissionService } from './submission.service';

@Module({
  imports: [ProblemModule, JudgeQueueModule, ContestModule, TrainingModule, ExamModule, SubmissionStoreModule],
  controllers: [SubmissionController],
  providers: [SubmissionService],
  exports: [SubmissionService],
})
export class SubmissionModule {}
