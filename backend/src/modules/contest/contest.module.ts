import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupContestController } from './group/group-contest.controller';
import { GroupContestService } from './group/group-contest.service';
import { UserModule } from '../user/user.module';
import { ContestUserCopies } from './contest-user-copies';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminContestProblemController } from './admin/admin-contest-problem.controller';
import { AdminContestProblemService } from './admin-contest-problem.service';
import { AdminContestController } from './admin/admin-contest.controller';
import { AdminContestService } from './admin-contest.service';
import { ContestAccessService } from './contest-access.service';
import { ContestClockService } from './contest-clock.service';
import { ContestJudgeBridge } from './submissions/contest-judge.bridge';
import { ContestPrintService } from './contest-print.service';
import { ContestResultListener } from './submissions/contest-result.listener';
import { ContestRejudgeService } from './submissions/contest-rejudge.service';
import { ContestSubmitService } from './submissions/contest-submit.service';
import { ContestSubmissionService } from './submissions/contest-submission.service';
import { ContestController } from './public/contest.controller';
import { ContestService } from './contest.service';
import { HomeContestController } from './public/home-contest.controller';
import { RecentContestsService } from './recent-contests.service';
import { ContestAnnouncement } from './entities/contest-announcement.entity';
import { ContestAnnouncementRead } from './entities/contest-announcement-read.entity';
import { ContestBalloon } from './entities/contest-balloon.entity';
import { ContestPrint } from './entities/contest-print.entity';
import { ContestProblem } from './entities/contest-problem.entity';
import { ContestFileController } from './public/contest-file.controller';
import { ContestFileService } from './public/contest-file.service';
import { ContestRankExportController } from './public/contest-rank-export.controller';
import { ContestRegister } from './entities/contest-register.entity';
import { Contest } from './entities/contest.entity';
import { ContestVirtual } from './entities/contest-virtual.entity';
import { VirtualContestController } from './public/virtual-contest.controller';
import { VirtualContestService } from './virtual/virtual-contest.service';
import { ScoreboardService } from './scoreboard/scoreboard.service';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { ProblemModule } from '../problem/problem.module';
import { TrainingModule } from '../training/training.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';

@Module({
  imports: [
    GroupModule,
    TypeOrmModule.forFeature([
      Contest,
      ContestProblem,
      ContestRegister,
      ContestAnnouncement,
      ContestAnnouncementRead,
      ContestPrint,
      ContestBalloon,
      ContestVirtual,
    ]),
    ProblemModule,
    JudgeQueueModule,
    // The submission module's writer stores and enqueues what this module's submit resolves.
    SubmissionStoreModule,
    GroupAccessModule,
    // get-full-screen-problem-list answers a training's problems too (HOJ serves both from one route).
    TrainingModule,
    UserModule,
  ],
  controllers: [
    GroupContestController,
    ContestController,
    AdminContestController,
    AdminContestProblemController,
    HomeContestController,
    ContestRankExportController,
    ContestFileController,
    VirtualContestController,
  ],
  providers: [
    GroupContestService,
    RecentContestsService,
    ContestUserCopies,
    ContestService,
    ContestAccessService,
    ContestSubmissionService,
    ContestPrintService,
    ContestClockService,
    ContestRejudgeService,
    AdminContestService,
    AdminContestProblemService,
    ContestFileService,
    ScoreboardService,
    ContestJudgeBridge,
    ContestSubmitService,
    ContestResultListener,
    VirtualContestService,
  ],
  exports: [
    ContestService,
    RecentContestsService,
    ContestJudgeBridge,
    ContestSubmitService,
    ContestAccessService,
    ScoreboardService,
    ContestSubmissionService,
    AdminContestService,
    AdminContestProblemService,
  ],
})
export class ContestModule {}
