import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { GroupMemberStatus, JudgeStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { GroupMember } from '../../core/auth/entities/group-member.entity';
import { User } from '../../core/auth/entities/user.entity';
import { Submission } from './entities/submission.entity';
import { UserJudgeStat } from './entities/user-judge-stat.entity';
import { escapeLike } from '../../core/pagination/pagination';

/** A user's judging totals outside contests and exams (the figures of /user-home and of the rank lists). */
export type UserJudgeTotals = Pick<UserJudgeStat, 'submissions' | 'accepted' | 'solved' | 'totalScore'>;

/** The totals a rank list may order by, with the user's id as the last tie-break. */
export type UserJudgeStatOrder = [column: 'solved' | 'submissions' | 'totalScore' | 'uid', direction: 'ASC' | 'DESC'][];

/** The profile fields a rank list shows beside a user's figures (the site's and a group's). */
export interface RankedUserProfile {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  signature: string | null;
  titleName: string | null;
  titleColor: string | null;
}

/** A row of the site's rank list: the totals and the profile fields. */
export interface RankedUserStat extends RankedUserProfile, UserJudgeTotals {}

/**
 * The read side of `user_judge_stat` and of accepted submissions for the modules that show them (rank, profile):
 * they ask here instead of holding this module's repositories, so the tables' shape stays this module's to change.
 */
@Injectable()
export class UserJudgeStatsService {
  constructor(
    @InjectRepository(UserJudgeStat) private readonly stats: Repository<UserJudgeStat>,
    @InjectRepository(Submission) private readonly judges: Repository<Submission>,
  ) {}

  /**
   * For each group with at least one member (member level and up), the sum of its members' solved problems (0 for
   * members without a judged submission). The admin dashboard's top groups rank by it.
   */
  async solvedByGroup(): Promise<Map<number, number>> {
    const rows: { gid: number; solved: string }[] = await this.stats.manager
      .createQueryBuilder()
      .from(GroupMember, 'gm')
      .leftJoin(UserJudgeStat, 's', 's.uid = gm.uid')
      .select('gm.gid', 'gid')
      .addSelect('COALESCE(SUM(s.solved), 0)', 'solved')
      .where('gm.auth >= :member', { member: GroupMemberStatus.Member })
      .groupBy('gm.gid')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.gid), Number(r.solved)]));
  }

  /** A user's totals; null before their first judged submission outside contests. */
  async totalsOf(uid: string): Promise<UserJudgeTotals | null> {
    const s = await this.stats.findOne({ where: { uid } });
    return s ? { submissions: s.submissions, accepted: s.accepted, solved: s.solved, totalScore: s.totalScore } : null;
  }

  /**
   * One page of the users with at least one judged submission, in `order`; `search` matches the username or the
   * nickname. Answers the page's rows and how many users match in all.
   */
  async rankPage(q: { order: UserJudgeStatOrder; search?: string; skip: number; take: number }): Promise<[RankedUserStat[], number]> {
    const qb = this.stats.createQueryBuilder('s').leftJoinAndMapOne('s.user', User, 'u', 'u.uid = s.uid').where('s.submissions > 0');
    if (q.search) qb.andWhere('(s.username ILIKE :su OR u.nickname ILIKE :su)', { su: `%${escapeLike(q.search)}%` });
    q.order.forEach(([column, direction], i) => (i === 0 ? qb.orderBy(`s.${column}`, direction) : qb.addOrderBy(`s.${column}`, direction)));
    const [rows, total] = await qb.skip(q.skip).take(q.take).getManyAndCount();
    const ranked = rows.map((s) => {
      const u = (s as UserJudgeStat & { user?: User }).user;
      return {
        uid: s.uid,
        username: s.username,
        nickname: u?.nickname ?? null,
        avatar: u?.avatar ?? null,
        signature: u?.signature ?? null,
        titleName: u?.titleName ?? null,
        titleColor: u?.titleColor ?? null,
        submissions: s.submissions,
        accepted: s.accepted,
        solved: s.solved,
        totalScore: s.totalScore,
      };
    });
    return [ranked, total];
  }

  /** The users with the most distinct problems accepted since `since` outside contests and exams, at most `size`. */
  async mostAcceptedSince(since: Date, size: number): Promise<{ uid: string; username: string; ac: number }[]> {
    const rows: { uid: string; username: string; ac: string }[] = await this.judges
      .createQueryBuilder('j')
      .select('j.uid', 'uid')
      .addSelect('max(j.username)', 'username')
      .addSelect('count(DISTINCT j.pid)', 'ac')
      .where('j.status = :ac AND j.cid = 0 AND j.eid = 0 AND j.submitTime >= :since', { ac: JudgeStatus.Accepted, since })
      .groupBy('j.uid')
      .orderBy('ac', 'DESC')
      .addOrderBy('j.uid', 'ASC')
      .limit(size)
      .getRawMany();
    return rows.map((r) => ({ uid: r.uid, username: r.username, ac: Number(r.ac) }));
  }
}
