import { Module } from '@nestjs/common';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ProblemModule } from '../problem/problem.module';
import { GroupAccessModule } from '../../core/auth/group-access.module';
import { FileController } from './admin/file.controller';
import { ProblemImportService } from './admin/problem-import.service';
import { TESTCASE_DOWNLOAD_CLOCK, TestcaseDownloadLimitService } from './testcase-download-limit.service';
import { TestdataCleanupService } from './testdata-cleanup.service';

@Module({
  imports: [ProblemModule, JudgeQueueModule, GroupAccessModule],
  controllers: [FileController],
  providers: [
    ProblemImportService,
    TestcaseDownloadLimitService,
    { provide: TESTCASE_DOWNLOAD_CLOCK, useValue: () => new Date() },
    TestdataCleanupService,
  ],
})
export class FileModule {}
