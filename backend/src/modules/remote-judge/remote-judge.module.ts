import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminRemoteJudgeController } from './admin/admin-remote-judge.controller';
import { AdminRemoteProblemController } from './admin/admin-remote-problem.controller';
import { HojAccountListsService } from './admin/hoj-account-lists.service';
import { RemoteAccountAdminService } from './admin/remote-account-admin.service';
import { RemoteProblemImportService } from './admin/remote-problem-import.service';
import { ContestModule } from '../contest/contest.module';
import { JudgeModule } from '../judge/judge.module';
import { TrainingModule } from '../training/training.module';
import { UploadModule } from '../upload/upload.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { RemoteLanguageCatalog } from '../judge-queue/remote-language-catalog.service';
import { ProblemModule } from '../problem/problem.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { RemoteJudgeAccount } from './entities/remote-judge-account.entity';
import { RemoteAccountLeases } from './remote-account-leases.service';
import { RemoteJudgeProcessor } from './remote-judge.processor';
import { RemoteJudgeService } from './remote-judge.service';
import { REMOTE_SITE_ADAPTERS, RemoteSites } from './remote-sites.service';
import { SITE_ADAPTERS } from './sites';

/**
 * Remote judging (issue 34): problems of other judge sites, and submissions forwarded there through site accounts.
 * Above the judge module (it writes verdicts through its result writer) and the submission store.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RemoteJudgeAccount]),
    JudgeQueueModule,
    JudgeModule,
    ProblemModule,
    SubmissionStoreModule,
    ContestModule,
    TrainingModule,
    UploadModule,
  ],
  controllers: [AdminRemoteProblemController, AdminRemoteJudgeController],
  providers: [
    { provide: REMOTE_SITE_ADAPTERS, useValue: SITE_ADAPTERS },
    RemoteProblemImportService,
    RemoteAccountAdminService,
    HojAccountListsService,
    RemoteSites,
    RemoteAccountLeases,
    RemoteJudgeService,
    RemoteJudgeProcessor,
  ],
  exports: [RemoteSites],
})
export class RemoteJudgeModule {
  constructor(sites: RemoteSites, catalog: RemoteLanguageCatalog) {
    // the problem module answers a remote problem's languages from the catalog (it cannot import this module)
    for (const oj of sites.keys()) catalog.register(oj, sites.adapter(oj)!.languages);
  }
}
