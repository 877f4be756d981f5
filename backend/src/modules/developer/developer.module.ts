import { Module } from '@nestjs/common';
import { JudgeQueueModule } from '../judge-queue/judge-queue.module';
import { DeveloperController } from './public/developer.controller';
import { DeveloperService } from './public/developer.service';

/** The /developer page's public system information. */
@Module({
  imports: [JudgeQueueModule],
  controllers: [DeveloperController],
  providers: [DeveloperService],
})
export class DeveloperModule {}
