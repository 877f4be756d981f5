import { Injectable } from '@nestjs/common';
import { JudgeStatus, TIMINGS } from '@oj/contracts';
import { DataSource } from 'typeorm';

export interface RecentAcRankRow {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  /** Distinct problems accepted in the period. */
  ac: number;
}

/**
 * GET /api/get-recent-seven-ac-rank: users with the most distinct problems accepted outside
 * contests in the last 7 days (top 10). Reads the submissions table of the submission module
 * (`judge`); an empty list while that module is not installed.
 */
@Injectable()
export class RecentAcRankService {
  constructor(private readonly dataSource: DataSource) {}

  async top(): Promise<RecentAcRankRow[]> {
    if (!this.dataSource.entityMetadatas.some((m) => m.tableName === 'judge')) return [];
    const since = new Date(Date.now() - TIMINGS.recentAcRankDays * 24 * 3600 * 1000);
    const rows = await this.dataSource
      .createQueryBuilder()
      .select(['u.uid AS uid', 'u.username AS username', 'u.nickname AS nickname', 'u.avatar AS avatar'])
      .addSelect(['u.title_name AS "titleName"', 'u.title_color AS "titleColor"', 'COUNT(DISTINCT j.pid)::int AS ac'])
      .from('judge', 'j')
      .innerJoin('user_info', 'u', 'u.uid = j.uid')
      .where('j.status = :ac', { ac: JudgeStatus.Accepted })
      .andWhere('j.cid = 0')
      .andWhere('j.submit_time >= :since', { since })
      .groupBy('u.uid')
      .orderBy('ac', 'DESC')
      .addOrderBy('MIN(j.submit_time)', 'ASC')
      .limit(TIMINGS.recentAcRankSize)
      .getRawMany<RecentAcRankRow>();
    return rows;
  }
}
