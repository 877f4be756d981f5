import { Module } from '@nestjs/common';
import { ProblemModule } from '../problem/problem.module';
import { SubmissionModule } from '../submission/submission.module';
import { AdminJudgeController } from './admin/admin-judge.controller';
import { JudgeEventsService } from './judge-events.service';
import { JudgePackageController } from './worker-api/judge-package.controller';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { JudgeResultService } from './judge-result.service';
import { JudgeSweeperService } from './judge-sweeper.service';
import { ManualJudgeService } from './admin/manual-judge.service';
import { RejudgeService } from './rejudge.service';
import { SubmissionEventsController } from './public/submission-events.controller';
import { ContestModule } from '../contest/contest.module';

/** Consumes judge results (once), sweeps stuck submissions, serves judge packages, rejudges, pushes events. */
@Module({
  imports: [JudgeQueueModule, ProblemModule, SubmissionModule, ContestModule],
  controllers: [JudgePackageController, AdminJudgeController, SubmissionEventsController],
  providers: [JudgeResultService, JudgeEventsService, JudgeSweeperService, RejudgeService, ManualJudgeService],
  exports: [JudgeResultService, JudgeEventsService, JudgeSweeperService],
})
export class JudgeModule {}
