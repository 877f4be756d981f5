import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestModule } from '../contest/contest.module';
import { ExamModule } from '../exam/exam.module';
import { ProblemModule } from '../problem/problem.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { PlagiarismController } from './admin/plagiarism.controller';
import { PlagiarismCheck } from './entities/plagiarism-check.entity';
import { PlagiarismPair } from './entities/plagiarism-pair.entity';
import { PlagiarismProcessor } from './plagiarism.processor';
import { PlagiarismScopes } from './plagiarism-scopes.service';
import { PLAGIARISM_QUEUE, PlagiarismService } from './plagiarism.service';

/**
 * The plagiarism check (issue 35): compares a contest's, an exam's or a problem's submissions pair by pair and keeps
 * the similar pairs for review. Above contest, exam, problem and the submission store; nothing depends on it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([PlagiarismCheck, PlagiarismPair]),
    BullModule.registerQueue({ name: PLAGIARISM_QUEUE }),
    ContestModule,
    ExamModule,
    ProblemModule,
    SubmissionStoreModule,
  ],
  controllers: [PlagiarismController],
  providers: [PlagiarismScopes, PlagiarismService, PlagiarismProcessor],
})
export class PlagiarismModule {}
