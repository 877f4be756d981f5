import { Injectable } from '@nestjs/common';
import { TIMINGS } from '@oj/contracts';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { UserJudgeStatsService } from '../submission-store/user-judge-stats.service';
import { RankListQueryDto } from './dto/rank-query.dto';
import { rankOrder, RankType } from './rank-order';

/** Rank lists over the statistics the judge result writer keeps (outside contests), read through submission-store. */
@Injectable()
export class RankService {
  constructor(private readonly stats: UserJudgeStatsService) {}

  /** GET /api/get-rank-list: ACM (solved, then fewer submissions) or OI (total score); search by user. */
  async rankList(q: RankListQueryDto) {
    const type = q.type ?? RankType.ACM;
    const req = pageRequest(q);
    const [rows, total] = await this.stats.rankPage({ order: rankOrder(type), search: q.searchUser, skip: req.skip, take: req.size });
    const records = rows.map((s, i) => ({
      rank: req.skip + i + 1,
      uid: s.uid,
      username: s.username,
      nickname: s.nickname,
      avatar: s.avatar,
      signature: s.signature,
      titleName: s.titleName,
      titleColor: s.titleColor,
      solved: s.solved,
      // HOJ's ACMRankVO.ac is the number of distinct problems solved (the list is ordered by it), not of
      // accepted submissions; its client shows ac / total as the pass rate.
      ac: s.solved,
      total: s.submissions,
      totalScore: s.totalScore,
      // HOJ's OIRankVO calls the total score `score`.
      score: s.totalScore,
    }));
    return toPage(records, total, req);
  }

  /** GET /api/get-recent-seven-ac-rank: top users by distinct problems accepted in the last 7 days. */
  recentAcRank() {
    const since = new Date(Date.now() - TIMINGS.recentAcRankDays * 24 * 3600 * 1000);
    return this.stats.mostAcceptedSince(since, TIMINGS.recentAcRankSize);
  }
}
