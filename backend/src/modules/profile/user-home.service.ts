import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, PROFILE_TEXT, ROLE_NAMES, Role, UserCalendarHeatmap, UserHomeInfo, UserHomeProblem } from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { REDIS } from '../../core/redis/redis.module';
import { RatingService } from '../rating/rating.service';
import { UserJudgeStatsService } from '../submission-store/user-judge-stats.service';
import { UserRole } from '../../core/auth/entities/user-role.entity';
import { User } from '../../core/auth/entities/user.entity';
import { UserService } from '../user/user.service';

/** The calendar of a user is recounted at most this often: a day's count may lag a minute behind. */
export const CALENDAR_CACHE_SEC = 60;
const CALENDAR_KEY = (uid: string) => `user-home:calendar:${uid}`;
/** A whole answer is kept this long: totals may lag behind by as much; profile changes drop it at once. */
export const HOME_CACHE_SEC = 30;
const HOME_KEY = (by: 'uid' | 'name', value: string) => `user-home:info:${by}:${value}`;
/**
 * How long a replica answers a home page from its own memory (the whole answer, envelope included, as bytes),
 * without asking Redis: a busy user's page is tens of KB, and one Redis GET of it per request (plus building
 * the envelope string) was most of the answer's cost. Profile changes drop the copies of every replica at once
 * (Redis channel `<REDIS_PREFIX>user-home`); totals may lag by HOME_CACHE_SEC plus this.
 */
export const HOME_LOCAL_MS = 3_000;
/** Home pages a replica keeps; the map starts afresh when full. */
const HOME_LOCAL_MAX = 500;

/** yyyy-MM-dd of a date in the server's time zone. */
export function dayOf(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface UserLookup {
  uid?: string;
  username?: string;
}

/** /user-home data: profile, totals, solved and tried problems, the last year's calendar. */
@Injectable()
export class UserHomeService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(UserHomeService.name);
  /** Redis key of the page → the answer's bytes (`{"status":200,"msg":"success","data":…}`), whose, until when. */
  private readonly local = new Map<string, { body: Buffer; uid: string; until: number }>();
  /** One Redis read or build per page at a time on this replica, however many requests wait for it. */
  private readonly loading = new Map<string, Promise<Buffer>>();
  /** Bumped by every forget: a read that started before it must not fill the local map. */
  private generation = 0;
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserRole) private readonly userRoles: Repository<UserRole>,
    private readonly judgeStats: UserJudgeStatsService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly ratings: RatingService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly userService: UserService,
  ) {
    this.channel = `${config.redis.keyPrefix}user-home`;
  }

  async onModuleInit(): Promise<void> {
    // A rename: the page was also kept under the old name.
    this.userService.onCopiedFieldsChanged(async (change) => {
      if (change.renamedFrom) await this.forget(change.uid, change.renamedFrom);
      await this.forget(change.uid, change.username);
    });
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, uid: string) => this.forgetLocal(uid));
    this.subscriber.on('error', (e: Error) => this.logger.warn(`Redis: ${e.message}`));
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** uid wins over username; neither means the caller (HOJ), and a visitor then gets 400. */
  async findUser(q: UserLookup, caller: AuthUser | undefined): Promise<User> {
    const uid = q.uid || (!q.username ? caller?.uid : undefined);
    if (!uid && !q.username) throw new BadRequestError(PROFILE_TEXT.uidOrUsernameRequired);
    const user = await this.users.findOne({ where: uid ? { uid } : { username: q.username } });
    if (!user) throw new NotFoundError(ERR.usernameNotExist);
    return user;
  }

  /**
   * A busy user's page reads a thousand problem rows and a year of submissions: the answer is kept
   * HOME_CACHE_SEC in Redis under the uid and the username asked for.
   */
  async homeInfo(q: UserLookup, caller: AuthUser | undefined): Promise<UserHomeInfo> {
    return JSON.parse(await this.homeInfoJson(q, caller)) as UserHomeInfo;
  }

  /** The answer as JSON text, straight from the cache when there (the route sends it without re-encoding). */
  async homeInfoJson(q: UserLookup, caller: AuthUser | undefined): Promise<string> {
    const uid = q.uid || (!q.username ? caller?.uid : undefined);
    const key = uid ? HOME_KEY('uid', uid) : q.username ? HOME_KEY('name', q.username) : null;
    const cached = key ? await this.redis.get(key) : null;
    if (cached) return cached;
    const info = await this.buildHomeInfo(q, caller);
    const json = JSON.stringify(info);
    await this.redis
      .multi()
      .set(HOME_KEY('uid', info.uid), json, 'EX', HOME_CACHE_SEC)
      .set(HOME_KEY('name', info.username), json, 'EX', HOME_CACHE_SEC)
      .exec();
    return json;
  }

  /**
   * The whole answer of get-user-home-info as bytes: this replica's copy (HOME_LOCAL_MS), else Redis's, else
   * built (and stored in both). Concurrent requests for the same page share one read.
   */
  async homeInfoBody(q: UserLookup, caller: AuthUser | undefined): Promise<Buffer> {
    const uid = q.uid || (!q.username ? caller?.uid : undefined);
    const key = uid ? HOME_KEY('uid', uid) : q.username ? HOME_KEY('name', q.username) : null;
    if (!key) return this.envelope(await this.homeInfoJson(q, caller));
    const hit = this.local.get(key);
    if (hit && hit.until > Date.now()) return hit.body;
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = this.homeInfoJson(q, caller)
        .then((json) => {
          const body = this.envelope(json);
          if (generation === this.generation) {
            if (this.local.size >= HOME_LOCAL_MAX) this.local.clear();
            this.local.set(key, { body, uid: (JSON.parse(json) as UserHomeInfo).uid, until: Date.now() + HOME_LOCAL_MS });
          }
          return body;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private envelope(json: string): Buffer {
    return Buffer.from(`{"status":200,"msg":"success","data":${json}}`);
  }

  /** After the user changed their profile or avatar: Redis's copy and every replica's. */
  async forget(uid: string, username: string): Promise<void> {
    await this.redis.del(HOME_KEY('uid', uid), HOME_KEY('name', username));
    // After the delete: a read that began before it (and may have got the old page) must not keep it.
    this.forgetLocal(uid);
    // Sent after the delete, so that a replica dropping its copy reads the new page.
    await this.redis.publish(this.channel, uid).catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
  }

  /** Drops this replica's copies of a user's page, asked for by uid or by any name (the old one after a rename). */
  private forgetLocal(uid: string): void {
    this.generation++;
    for (const [key, entry] of this.local) if (entry.uid === uid) this.local.delete(key);
  }

  private async buildHomeInfo(q: UserLookup, caller: AuthUser | undefined): Promise<UserHomeInfo> {
    const user = await this.findUser(q, caller);
    const [role, stat, problems, calendar, rating, ratingHistory] = await Promise.all([
      this.userRoles.findOne({ where: { uid: user.uid } }),
      this.judgeStats.totalsOf(user.uid),
      this.problemsOf(user.uid),
      // Counted now, not from the calendar's minute-long cache: the page's 提交 total (read live from the stat row)
      // and its heatmap then describe the same submissions at the same moment.
      this.calendarOf(user.uid, true),
      this.ratings.ratingOf(user.uid),
      this.ratings.history(user.uid),
    ]);
    const roleId = (role?.roleId ?? Role.User) as Role;
    const solvedGroupByDifficulty: Record<number, UserHomeProblem[]> = {};
    for (const p of problems.solved) (solvedGroupByDifficulty[p.difficulty] ??= []).push(p);
    return {
      uid: user.uid,
      username: user.username,
      school: user.school,
      signature: user.signature,
      nickname: user.nickname,
      gender: user.gender,
      github: user.github,
      blog: user.blog,
      avatar: user.avatar,
      titleName: user.titleName,
      titleColor: user.titleColor,
      roleList: ROLE_NAMES[roleId] ? [ROLE_NAMES[roleId]] : [],
      total: stat?.submissions ?? 0,
      accepted: stat?.accepted ?? 0,
      solved: stat?.solved ?? 0,
      totalScore: stat?.totalScore ?? 0,
      solvedList: problems.solved.map((p) => p.problemId),
      triedList: problems.tried,
      solvedGroupByDifficulty,
      recentLoginTime: user.lastLoginTime ? user.lastLoginTime.toISOString() : null,
      calendar,
      rating,
      ratingHistory,
    };
  }

  async heatmap(q: UserLookup, caller: AuthUser | undefined): Promise<UserCalendarHeatmap> {
    const user = await this.findUser(q, caller);
    return this.calendarOf(user.uid);
  }

  /** Solved problems in first-accepted order; tried-but-unsolved by display id. */
  private async problemsOf(uid: string): Promise<{ solved: UserHomeProblem[]; tried: string[] }> {
    const rows = await this.dataSource.query<{ id: number; problemId: string; difficulty: number; accepted: boolean }[]>(
      `SELECT p.id, p.problem_id AS "problemId", p.difficulty, s.accepted
         FROM user_problem_stat s JOIN problem p ON p.id = s.pid
        WHERE s.uid = $1
        ORDER BY s.accepted DESC, s.first_ac_time ASC NULLS LAST, p.id ASC`,
      [uid],
    );
    const solved: UserHomeProblem[] = [];
    const tried: string[] = [];
    for (const r of rows) {
      if (r.accepted) solved.push({ id: r.id, problemId: r.problemId, difficulty: r.difficulty });
      else tried.push(r.problemId);
    }
    tried.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    return { solved, tried };
  }

  /**
   * Submissions per day over the last year: the submissions the page's total counts (user_judge_stat.submissions),
   * i.e. judged ones outside contests and exams (`counted`, cid = 0, eid = 0). Counting every row here (contest
   * ones and those still pending included) once showed a busy heatmap beside "提交 0". Counting a busy user's year
   * reads tens of thousands of rows, so the answer is kept a minute in Redis (`fresh` counts anew and refreshes it).
   */
  async calendarOf(uid: string, fresh = false): Promise<UserCalendarHeatmap> {
    const cached = fresh ? null : await this.redis.get(CALENDAR_KEY(uid));
    if (cached) return JSON.parse(cached) as UserCalendarHeatmap;
    const now = new Date();
    const from = new Date(now);
    from.setFullYear(now.getFullYear() - 1);
    const rows = await this.dataSource.query<{ day: string; count: string }[]>(
      `SELECT to_char(date_trunc('day', submit_time AT TIME ZONE $3), 'YYYY-MM-DD') AS day, count(*) AS count
         FROM judge WHERE uid = $1 AND submit_time >= $2 AND cid = 0 AND eid = 0 AND counted
        GROUP BY 1 ORDER BY 1`,
      [uid, from, Intl.DateTimeFormat().resolvedOptions().timeZone],
    );
    const result: UserCalendarHeatmap = { endDate: dayOf(now), dataList: rows.map((r) => ({ date: r.day, count: Number(r.count) })) };
    await this.redis.set(CALENDAR_KEY(uid), JSON.stringify(result), 'EX', CALENDAR_CACHE_SEC);
    return result;
  }
}
