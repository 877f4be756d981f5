import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { RATING_TEXT, RatingHistoryItem, UserNameStyle, isAdminRole } from '@oj/contracts';
import { DataSource, In, Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { ContestAccessService } from '../contest/contest-access.service';
import { ScoreboardService } from '../contest/scoreboard/scoreboard.service';
import { INITIAL_RATING, computeRatingChanges } from './codeforces-rating';
import { ContestRated } from './entities/contest-rated.entity';
import { ContestRating } from './entities/contest-rating.entity';
import { UserRating } from './entities/user-rating.entity';

/** Rated contests are looked for this often; a contest's ratings move within a minute of its end. */
export const RATING_SWEEP_MS = 60_000;

/** Contest rating: which contests are rated, applying their changes once they end, and each user's history. */
@Injectable()
export class RatingService {
  private readonly logger = new Logger(RatingService.name);

  constructor(
    @InjectRepository(ContestRated) private readonly rated: Repository<ContestRated>,
    @InjectRepository(ContestRating) private readonly changes: Repository<ContestRating>,
    @InjectRepository(UserRating) private readonly ratings: Repository<UserRating>,
    private readonly contests: ContestAccessService,
    private readonly scoreboard: ScoreboardService,
    private readonly dataSource: DataSource,
  ) {}

  async isRated(cid: number): Promise<{ rated: boolean; applied: boolean }> {
    const row = await this.rated.findOne({ where: { cid } });
    return { rated: !!row, applied: !!row?.appliedAt };
  }

  /** Marks or unmarks a contest; ratings already applied cannot be taken back. */
  async setRated(cid: number, rated: boolean): Promise<{ rated: boolean; applied: boolean }> {
    if (!(await this.contests.contest(cid))) throw new NotFoundError();
    const row = await this.rated.findOne({ where: { cid } });
    if (row?.appliedAt) throw new BadRequestError(RATING_TEXT.alreadyApplied);
    if (rated && !row) await this.rated.insert({ cid });
    if (!rated && row) await this.rated.delete({ cid });
    return { rated, applied: false };
  }

  @Interval(RATING_SWEEP_MS)
  async sweep(): Promise<void> {
    await this.applyDue().catch((e: Error) => this.logger.error(`rating sweep failed: ${e.message}`));
  }

  /** Applies every ended rated contest not applied yet, oldest end first; answers the contests done. */
  async applyDue(now = new Date()): Promise<number[]> {
    const due: { cid: number }[] = await this.dataSource.query(
      `SELECT r.cid FROM contest_rated r JOIN contest c ON c.id = r.cid
        WHERE r.applied_at IS NULL AND c.end_time <= $1 ORDER BY c.end_time, c.id`,
      [now],
    );
    const done: number[] = [];
    for (const { cid } of due) if (await this.apply(cid)) done.push(cid);
    return done;
  }

  /** One replica claims the contest, then writes every participant's change in one transaction. */
  private async apply(cid: number): Promise<boolean> {
    // The contest module's copy of the row (at most CONTEST_CACHE_MS old), the one its final board is drawn from.
    const contest = await this.contests.contest(cid);
    if (!contest) return false;
    // The replica's board (the database moved forward by the result log, what the final rank shows): every replica
    // runs this sweep in the minute after the end, while everybody loads the final rank, and a computation from
    // the database per replica (about a second for a big contest) was the dearest part of the end.
    const board = await this.scoreboard.board(contest);
    const rows = board.rows('live').filter((r) => !r.isStar && r.rank > 0);
    return this.dataSource.transaction(async (em) => {
      const claimed = await em
        .createQueryBuilder()
        .update(ContestRated)
        .set({ appliedAt: () => 'now()' })
        .where('cid = :cid AND applied_at IS NULL', { cid })
        .execute();
      if (!claimed.affected) return false;
      if (!rows.length) return true;
      const current = await em.find(UserRating, { where: { uid: In(rows.map((r) => r.uid)) } });
      const byUid = new Map(current.map((r) => [r.uid, r]));
      const result = computeRatingChanges(
        rows.map((r) => ({ uid: r.uid, rank: r.rank, rating: byUid.get(r.uid)?.rating ?? INITIAL_RATING })),
      );
      await em.insert(
        ContestRating,
        result.map((c) => ({ cid, uid: c.uid, rank: c.rank, oldRating: c.oldRating, newRating: c.newRating })),
      );
      await em.upsert(
        UserRating,
        result.map((c) => ({ uid: c.uid, rating: c.newRating, contests: (byUid.get(c.uid)?.contests ?? 0) + 1 })),
        ['uid'],
      );
      this.logger.log(`ratings of contest ${cid} applied to ${result.length} users`);
      return true;
    });
  }

  async ratingOf(uid: string): Promise<number | null> {
    return (await this.ratings.findOne({ where: { uid } }))?.rating ?? null;
  }

  /** Ratings of many users at once (for colouring names in lists). */
  async ratingsOf(uids: string[]): Promise<Map<string, number>> {
    if (!uids.length) return new Map();
    const rows = await this.ratings.find({ where: { uid: In(uids) } });
    return new Map(rows.map((r) => [r.uid, r.rating]));
  }

  /** Name styles by username (POST get-user-name-styles): rating, admin-type role, title. */
  async nameStyles(usernames: string[]): Promise<Record<string, UserNameStyle>> {
    const names = [...new Set(usernames)].filter(Boolean);
    if (!names.length) return {};
    const rows = await this.dataSource.query<
      { username: string; rating: number | null; role_id: number | null; title_name: string | null; title_color: string | null }[]
    >(
      `SELECT u.username, ur.rating, r.role_id, u.title_name, u.title_color
         FROM user_info u
         LEFT JOIN user_rating ur ON ur.uid = u.uid
         LEFT JOIN user_role r ON r.uid = u.uid
        WHERE u.username = ANY($1)`,
      [names],
    );
    const out: Record<string, UserNameStyle> = {};
    for (const r of rows) {
      out[r.username] = {
        rating: r.rating === null ? null : Number(r.rating),
        admin: r.role_id !== null && isAdminRole(Number(r.role_id)),
        titleName: r.title_name || null,
        titleColor: r.title_color || null,
      };
    }
    return out;
  }

  async history(uid: string): Promise<RatingHistoryItem[]> {
    return this.dataSource.query(
      `SELECT r.cid, c.title, r.rank, r.old_rating AS "oldRating", r.new_rating AS "newRating", c.end_time AS "endTime"
         FROM contest_rating r JOIN contest c ON c.id = r.cid
        WHERE r.uid = $1 ORDER BY c.end_time, r.cid`,
      [uid],
    );
  }
}
