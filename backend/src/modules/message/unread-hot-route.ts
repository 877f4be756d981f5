import { Injectable, OnModuleInit } from '@nestjs/common';
import { HotAnswer, HotCall, HotPathService } from '../../core/http/hot-path';
import { UnreadCounterService } from './unread-counter.service';

/**
 * GET /api/msg/unread on core's hot path (core/http/hot-path.ts): every signed-in browser polls it every 120 s,
 * and the answer is the caller's counters from one Redis round trip. The same call as MessageController.unread.
 */
@Injectable()
export class UnreadHotRoute implements OnModuleInit {
  constructor(
    private readonly hotPath: HotPathService,
    private readonly counters: UnreadCounterService,
  ) {}

  onModuleInit(): void {
    this.hotPath.register({ method: 'GET', path: '/api/msg/unread', answer: (call) => this.answer(call) });
  }

  async answer({ user, query }: HotCall): Promise<HotAnswer> {
    // The call takes no parameters: anything else is for the controller to judge.
    if (query.size) return undefined;
    return [Buffer.from(JSON.stringify(await this.counters.get(user.uid)))];
  }
}
