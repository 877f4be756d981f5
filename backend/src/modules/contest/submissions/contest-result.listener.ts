import { Injectable, OnModuleInit } from '@nestjs/common';
import { JudgeResultWritten } from '../../../core/events/domain-events';
import { EventBus } from '../../../core/events/event-bus';
import { ContestJudgeBridge } from './contest-judge.bridge';

/**
 * Moves contest scoreboards with every result the judge pipeline writes (and every rejudge reset), on the
 * replica that wrote it; other replicas follow through the board's Redis log. The judge module knows nothing
 * of contests: it announces each result on the event bus.
 */
@Injectable()
export class ContestResultListener implements OnModuleInit {
  constructor(
    private readonly bridge: ContestJudgeBridge,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    // The judge module announces results on the bus: it sits above this module and knows nothing of contests.
    this.bus.on('judge.result-written', (r) => this.onWritten(r));
  }

  private async onWritten(r: JudgeResultWritten): Promise<void> {
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
