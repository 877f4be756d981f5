import { Injectable, OnModuleInit } from '@nestjs/common';
import { JudgeStatus } from '@oj/contracts';
import { JudgeResultWritten } from '../../core/events/domain-events';
import { EventBus } from '../../core/events/event-bus';
import { TrainingRankService } from './rank/training-rank.service';
import { TrainingCountsService } from './training-counts.service';

/**
 * Moves training ranks and problem counts with every result written for a submission made inside a training
 * (and every rejudge reset), like the contest module's listener: the judge module knows nothing of trainings.
 */
@Injectable()
export class TrainingResultListener implements OnModuleInit {
  constructor(
    private readonly rank: TrainingRankService,
    private readonly counts: TrainingCountsService,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.bus.on('judge.result-written', (r) => this.onWritten(r));
  }

  private async onWritten(r: JudgeResultWritten): Promise<void> {
    if (!r.tid) return;
    if (r.status === JudgeStatus.Pending) {
      // A rejudge took a result back: rebuild from PostgreSQL rather than undo it in place.
      await Promise.all([this.rank.invalidate(r.tid), this.counts.recount(r.tid)]);
      return;
    }
    await Promise.all([
      this.rank.record({ tid: r.tid, submitId: r.submitId, uid: r.uid, pid: r.pid, status: r.status, score: r.score, time: r.time }),
      this.counts.add(r.tid, r.pid, r.status),
    ]);
  }
}
