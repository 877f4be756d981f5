import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JudgeResultService, WrittenJudgeResult } from '../judge/judge-result.service';
import { ContestJudgeBridge } from './contest-judge.bridge';

/**
 * Moves contest scoreboards with every result the judge pipeline writes (and every rejudge reset), on the
 * replica that wrote it; other replicas follow through the board's Redis log. The judge module knows nothing
 * of contests: it only calls its listeners.
 */
@Injectable()
export class ContestResultListener implements OnModuleInit {
  constructor(
    private readonly bridge: ContestJudgeBridge,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    // Looked up, not injected: the judge module is not among this module's imports (it sits above it).
    const results = this.moduleRef.get(JudgeResultService, { strict: false });
    results.onWritten((r) => this.onWritten(r));
  }

  private async onWritten(r: WrittenJudgeResult): Promise<void> {
    if (!r.cid) return;
    await this.bridge.onResult({
      submitId: r.submitId,
      cid: r.cid,
      uid: r.uid,
      displayId: r.displayPid,
      status: r.status,
      score: r.score,
      time: r.time,
      submitTime: r.submitTime,
    });
  }
}
