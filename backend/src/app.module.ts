import { Module } from '@nestjs/common';
import { CoreModule } from './core/core.module';
import { AccountModule } from './modules/account/account.module';
import { ContestModule } from './modules/contest/contest.module';
import { ExamModule } from './modules/exam/exam.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DemoModule } from './modules/demo/demo.module';
import { DiscussionModule } from './modules/discussion/discussion.module';
import { DeveloperModule } from './modules/developer/developer.module';
import { OtherContestModule } from './modules/other-contest/other-contest.module';
import { FileModule } from './modules/file/file.module';
import { GroupModule } from './modules/group/group.module';
import { JudgeModule } from './modules/judge/judge.module';
import { RemoteJudgeModule } from './modules/remote-judge/remote-judge.module';
import { PlagiarismModule } from './modules/plagiarism/plagiarism.module';
import { MessageModule } from './modules/message/message.module';
import { OpsModule } from './modules/ops/ops.module';
import { ProblemModule } from './modules/problem/problem.module';
import { ProfileModule } from './modules/profile/profile.module';
import { RatingModule } from './modules/rating/rating.module';
import { RankModule } from './modules/rank/rank.module';
import { SubmissionModule } from './modules/submission/submission.module';
import { SiteModule } from './modules/site/site.module';
import { TrainingModule } from './modules/training/training.module';
import { UploadModule } from './modules/upload/upload.module';
import { UserModule } from './modules/user/user.module';
import { ContestApiModule } from './modules/contest-api/contest-api.module';
import { SsoModule } from './modules/sso/sso.module';
import { BackupModule } from './modules/backup/backup.module';

/** The backend: the core, then one import per domain module. */
@Module({
  imports: [
    CoreModule,
    UserModule,
    AccountModule,
    SiteModule,
    MessageModule,
    ContestModule,
    ProblemModule,
    FileModule,
    SubmissionModule,
    JudgeModule,
    RemoteJudgeModule,
    PlagiarismModule,
    RankModule,
    DashboardModule,
    TrainingModule,
    DiscussionModule,
    ProfileModule,
    RatingModule,
    DeveloperModule,
    OtherContestModule,
    OpsModule,
    DemoModule,
    GroupModule,
    ExamModule,
    UploadModule,
    ContestApiModule,
    SsoModule,
    BackupModule,
  ],
})
export class AppModule {}
