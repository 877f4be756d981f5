import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { JUDGE_QUEUE } from '@oj/contracts';
import { JudgeQueueService } from './judge-queue.service';
import { JudgeQueueWaitService } from './judge-queue-wait.service';
import { JudgeServerRegistry } from './judge-server-registry.service';

/** The judge queue (its jobs and where waiting ones stand) and the worker registry, shared by the problem, submission and judge modules. */
@Module({
  imports: [BullModule.registerQueue({ name: JUDGE_QUEUE })],
  providers: [JudgeQueueService, JudgeQueueWaitService, JudgeServerRegistry],
  exports: [JudgeQueueService, JudgeQueueWaitService, JudgeServerRegistry],
})
export class JudgeQueueModule {}
