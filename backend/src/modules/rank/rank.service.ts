import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JudgeStatus, TIMINGS } from '@oj/contracts';
import { Repository } from 'typeorm';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { User } from '../../core/auth/entities/user.entity';
import { escapeLike } from '../problem/problem.service';
import { Submission } from '../submission-store/entities/submission.entity';
import { UserJudgeStat } from '../submission-store/entities/user-judge-stat.entity';
import { RankListQueryDto } from './dto/rank-query.dto';
import { rankOrderSql, RankType } from './rank-order';

/** Rank lists over the statistics the judge result writer keeps (outside contests). */
@Injectable()
export class RankService {
  constructor(
    @InjectRepository(UserJudgeStat) private readonly stats: Repository<UserJudgeStat>,
    @InjectRepository(Submission) private readonly judges: Repository<Submission>,
  ) {}

  /** GET /api/get-rank-list: ACM (solved, then fewer submissions) or OI (total score); search by user. */
  async rankList(q: RankListQueryDto) {
    const type = q.type ?? RankType.ACM;
    const req = pageRequest(q);
    const qb = this.stats.createQueryBuilder('s').leftJoinAndMapOne('s.user', User, 'u', 'u.uid = s.uid').where('s.submissions > 0');
    if (q.searchUser) qb.andWhere('(s.username ILIKE :su OR u.nickname ILIKE :su)', { su: `%${escapeLike(q.searchUser)}%` });
    rankOrderSql(type).forEach(([col, dir], i) => (i === 0 ? qb.orderBy(col, dir) : qb.addOrderBy(col, dir)));
    const [rows, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    const records = rows.map((s, i) => {
      const u = (s as UserJudgeStat & { user?: User }).user;
      return {
        rank: req.skip + i + 1,
        uid: s.uid,
        username: s.username,
        nickname: u?.nickname ?? null,
        avatar: u?.avatar ?? null,
        signature: u?.signature ?? null,
        titleName: u?.titleName ?? null,
        titleColor: u?.titleColor ?? null,
        solved: s.solved,
        // HOJ's ACMRankVO.ac is the number of distinct problems solved (the list is ordered by it), not of
        // accepted submissions; its client shows ac / total as the pass rate.
        ac: s.solved,
        total: s.submissions,
        totalScore: s.totalScore,
        // HOJ's OIRankVO calls the total score `score`.
        score: s.totalScore,
      };
    });
    return toPage(records, total, req);
  }

  /** GET /api/get-recent-seven-ac-rank: top users by distinct problems accepted in the last 7 days. */
  async recentAcRank() {
    const since = new Date(Date.now() - TIMINGS.recentAcRankDays * 24 * 3600 * 1000);
    const rows: { uid: string; username: string; ac: string }[] = await this.judges
      .createQueryBuilder('j')
      .select('j.uid', 'uid')
      .addSelect('max(j.username)', 'username')
      .addSelect('count(DISTINCT j.pid)', 'ac')
      .where('j.status = :ac AND j.cid = 0 AND j.eid = 0 AND j.submitTime >= :since', { ac: JudgeStatus.Accepted, since })
      .groupBy('j.uid')
      .orderBy('ac', 'DESC')
      .addOrderBy('j.uid', 'ASC')
      .limit(TIMINGS.recentAcRankSize)
      .getRawMany();
    return rows.map((r) => ({ uid: r.uid, username: r.username, ac: Number(r.ac) }));
  }
}
