import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { GroupMemberStatus, JudgeStatus, Page } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { rankOrder, RankType } from '../rank-order';
import { GroupScopeService } from '../../group/scope/group-scope.service';
import type { RankedUserProfile } from '../../submission-store/user-judge-stats.service';

export interface GroupRankRow extends RankedUserProfile {
  rank: number;
  solved: number;
  ac: number;
  total: number;
  totalScore: number;
  score: number;
}

/**
 * get-group-rank-list (HOJ GroupRankManager): the group's members (3–5) ranked by their submissions to the
 * group's problems outside contests and exams, ACM (solved, then fewer submissions) or OI (the sum of each
 * problem's best score), in the order of the site's rank (`rank-order.ts`). Rows as /api/get-rank-list's.
 */
@Injectable()
export class GroupRankService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scope: GroupScopeService,
  ) {}

  async list(
    gid: number,
    q: { currentPage?: number; limit?: number; type: RankType; searchUser?: string },
    user: AuthUser,
  ): Promise<Page<GroupRankRow>> {
    await this.scope.member(gid, user);
    const req = pageRequest(q);
    const params: unknown[] = [gid, GroupMemberStatus.Member, JudgeStatus.Accepted];
    let search = '';
    if (q.searchUser) {
      params.push(`%${escapeLike(q.searchUser)}%`);
      search = `AND (m.uid IN (SELECT uid FROM user_info WHERE username ILIKE $${params.length} OR nickname ILIKE $${params.length}))`;
    }
    const order = rankOrder(q.type)
      .map(([col, dir]) => `"${col}" ${dir}`)
      .join(', ');
    // Per member and problem first (best score, accepted or not), then per member; members without a try rank too.
    const rows: (Omit<GroupRankRow, 'rank' | 'score'> & { submissions: number; matched: number })[] = await this.db.query(
      `WITH per_problem AS (
         SELECT j.uid, j.pid, COUNT(*)::int AS tries, COUNT(*) FILTER (WHERE j.status = $3)::int AS acs,
                MAX(COALESCE(j.score, 0))::int AS best
           FROM judge j
          WHERE j.cid = 0 AND j.eid = 0 AND j.pid IN (SELECT id FROM problem WHERE gid = $1)
            AND j.uid IN (SELECT uid FROM group_member WHERE gid = $1 AND auth >= $2)
          GROUP BY j.uid, j.pid
       ), per_user AS (
         SELECT uid, COUNT(*) FILTER (WHERE acs > 0)::int AS solved, SUM(acs)::int AS ac, SUM(tries)::int AS submissions,
                SUM(best)::int AS "totalScore"
           FROM per_problem GROUP BY uid
       )
       SELECT m.uid, u.username, u.nickname, u.avatar, u.signature, u.title_name AS "titleName", u.title_color AS "titleColor",
              COALESCE(p.solved, 0) AS solved, COALESCE(p.ac, 0) AS ac, COALESCE(p.submissions, 0) AS submissions,
              COALESCE(p."totalScore", 0) AS "totalScore", COUNT(*) OVER ()::int AS matched
         FROM group_member m JOIN user_info u ON u.uid = m.uid LEFT JOIN per_user p ON p.uid = m.uid
        WHERE m.gid = $1 AND m.auth >= $2 ${search}
        ORDER BY ${order}
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, req.size, req.skip],
    );
    const total = rows.length ? rows[0].matched : 0;
    const records = rows.map(({ matched: _m, submissions, ...r }, i) => ({
      ...r,
      rank: req.skip + i + 1,
      total: submissions,
      score: r.totalScore,
    }));
    return toPage(records, total, req);
  }
}
