import { Injectable, OnModuleInit } from '@nestjs/common';
import { HotAnswer, HotCall, HotPathService } from '../../../core/http/hot-path';
import { ContestAccessService } from '../contest-access.service';
import { rankBody } from '../contest.controller';
import { ScoreboardService } from './scoreboard.service';

/**
 * get-contest-rank on the hot path (core/http/hot-path.ts): thousands of contestants poll the same few pages,
 * whose JSON the board's page cache holds. The same steps as ContestController.rank: the body through the same
 * validation, the caller's access, the page; merged boards and forced refreshes (rare, and the latter writes)
 * are left to the controller, as is every refusal (a thrown check sends the request on to it).
 */
@Injectable()
export class RankHotRoute implements OnModuleInit {
  constructor(
    private readonly hotPath: HotPathService,
    private readonly access: ContestAccessService,
    private readonly scoreboard: ScoreboardService,
  ) {}

  onModuleInit(): void {
    this.hotPath.register({ method: 'POST', path: '/api/get-contest-rank', answer: (call) => this.answer(call) });
  }

  async answer({ body, user }: HotCall): Promise<HotAnswer> {
    const dto = await rankBody(body);
    if (dto.externalCidList?.length || dto.forceRefresh) return undefined;
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanView(a);
    return this.scoreboard.rankAnswer(a.contest, this.scoreboard.viewFor(a.contest, a.isAdmin), dto, user.uid);
  }
}
