import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestStatus, TIMINGS } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { ContestView, contestView } from './contest.service';
import { ContestRegister } from './entities/contest-register.entity';
import { Contest } from './entities/contest.entity';

/** A row of the recent-contest lists (contracts' RecentContestInfo once serialised). */
export type RecentContest = ContestView & { count: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const STATUS_ORDER: Record<ContestStatus, number> = {
  [ContestStatus.Running]: 0,
  [ContestStatus.Scheduled]: 1,
  [ContestStatus.Ended]: 2,
};

/** The recent contests of the home page and the admin dashboard (exported by ContestModule). */
@Injectable()
export class RecentContestsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The contests of the recent window (TIMINGS.dashboardRecentContestDays either side of now) that
   * get-contest-list shows (visible, not a group's): running, starting within the window, or ended within it.
   * Running first, then the next to start, then the latest to end.
   */
  async find(now = new Date()): Promise<RecentContest[]> {
    const windowMs = TIMINGS.dashboardRecentContestDays * DAY_MS;
    const { entities, raw } = await this.db
      .getRepository(Contest)
      .createQueryBuilder('c')
      .addSelect((sub) => sub.select('COUNT(*)', 'count').from(ContestRegister, 'r').where('r.cid = c.id'), 'register_count')
      .where('c.visible = true')
      .andWhere('c.gid IS NULL')
      .andWhere('c.startTime <= :until AND c.endTime >= :since', {
        until: new Date(now.getTime() + windowMs),
        since: new Date(now.getTime() - windowMs),
      })
      .getRawAndEntities<{ c_id: number; register_count: string }>();
    const counts = new Map(raw.map((r) => [r.c_id, Number(r.register_count)]));
    const rows: RecentContest[] = entities.map((c) => ({ ...contestView(c, now), count: counts.get(c.id) ?? 0 }));
    const key = (c: RecentContest) => (c.status === ContestStatus.Ended ? -c.endTime.getTime() : c.startTime.getTime());
    rows.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || key(a) - key(b) || a.id - b.id);
    return rows;
  }
}
