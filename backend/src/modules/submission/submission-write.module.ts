import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ProblemModule } from '../problem/problem.module';
import { Submission } from './entities/submission.entity';
import { SubmissionWriter } from './submission-writer.service';

/**
 * The submission module's writer of new submissions, apart from SubmissionModule because the contest and exam
 * modules call it and SubmissionModule imports them (reads of their rules): it depends on neither.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Submission]), ProblemModule, JudgeQueueModule],
  providers: [SubmissionWriter],
  exports: [SubmissionWriter],
})
export class SubmissionWriteModule {}
