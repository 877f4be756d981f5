import { Module } from '@nestjs/common';
import { ContestModule } from '../contest/contest.module';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { ProblemModule } from '../problem/problem.module';
import { SiteModule } from '../site/site.module';
import { TrainingModule } from '../training/training.module';
import { UserModule } from '../user/user.module';
import { DemoContentService } from './demo-content.service';

/** First-run demo content (DEMO=1, set by npm start unless DEMO=0). */
@Module({
  imports: [UserModule, ProblemModule, ContestModule, TrainingModule, SiteModule, JudgeQueueModule],
  providers: [DemoContentService],
  exports: [DemoContentService],
})
export class DemoModule {}
