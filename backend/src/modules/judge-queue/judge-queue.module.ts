import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { JUDGE_QUEUE, REMOTE_JUDGE_TIMINGS, REMOTE_OJS, remoteJudgeQueueName } from '@oj/contracts';
import { JudgeQueueService } from './judge-queue.service';
import { JudgeQueueWaitService } from './judge-queue-wait.service';
import { JudgeServerRegistry } from './judge-server-registry.service';
import { RemoteJudgeQueueService, remoteJudgeQueuesProvider } from './remote-judge-queue.service';
import { RemoteLanguageCatalog } from './remote-language-catalog.service';

/**
 * The judge queue (its jobs and where waiting ones stand), the remote judge queues, and the worker registry, shared by
 * the problem, submission, judge and remote-judge modules.
 */
@Module({
  imports: [
    BullModule.registerQueue(
      { name: JUDGE_QUEUE },
      ...REMOTE_OJS.map((oj) => ({
        name: remoteJudgeQueueName(oj),
        settings: { lockDuration: REMOTE_JUDGE_TIMINGS.jobLockMs, stalledInterval: REMOTE_JUDGE_TIMINGS.stalledCheckMs },
      })),
    ),
  ],
  providers: [
    JudgeQueueService,
    JudgeQueueWaitService,
    JudgeServerRegistry,
    remoteJudgeQueuesProvider,
    RemoteJudgeQueueService,
    RemoteLanguageCatalog,
  ],
  exports: [JudgeQueueService, JudgeQueueWaitService, JudgeServerRegistry, RemoteJudgeQueueService, RemoteLanguageCatalog, BullModule],
})
export class JudgeQueueModule {}
