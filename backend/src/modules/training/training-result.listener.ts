import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JudgeStatus } from '@oj/contracts';
import { JudgeResultService, WrittenJudgeResult } from '../judge/judge-result.service';
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
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    this.moduleRef.get(JudgeResultService, { strict: false }).onWritten((r) => this.onWritten(r));
  }

  private async onWritten(r: WrittenJudgeResult): Promise<void> {
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
