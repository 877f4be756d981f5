import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { randomUUID } from 'crypto';
import {
  DISCUSSION_ERR,
  DISCUSSION_LIMITS,
  ERR,
  DiscussionCategory,
  DiscussionStatus,
  DiscussionVO,
  Page,
  ProblemAuth,
} from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../../core/http/api.exception';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { REDIS } from '../../../core/redis/redis.module';
import { ProblemService } from '../../problem/problem.service';
import { UserService } from '../../user/user.service';
import { UserMessageService, firstResult } from '../../message/user-message.service';
import { DiscussionRulesService, roleLabel } from '../discussion-rules.service';
import { CreateDiscussionDto, DiscussionListQuery, DiscussionReportDto, UpdateDiscussionDto } from '../dto/discussion.dto';
import { DiscussionCategoryEntity } from '../entities/discussion-category.entity';
import { Discussion } from '../entities/discussion.entity';
import { DiscussionReport } from '../entities/discussion-report.entity';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { DiscussionRemovalService } from '../discussion-removal.service';
import { DiscussionCacheService, poolQuery } from '../discussion-cache.service';
import { StatementBatch } from '../statement-batch';

/** Columns of a list row: everything but the content (HOJ answers content null in lists). */
const LIST_COLUMNS = `d.id, d.category_id AS "categoryId", d.title, d.description, NULL AS content, d.pid, d.uid, d.author,
  d.avatar, d.role, d.view_num AS "viewNum", d.like_num AS "likeNum", d.comment_num AS "commentNum",
  d.top_priority AS "topPriority", d.gid, d.status, d.gmt_create AS "gmtCreate", d.gmt_modified AS "gmtModified"`;

/** How long a replica reuses the total of a list without keyword or onlyMine (counting is the costly part). */
const TOTAL_CACHE_MS = 3_000;
const TOTAL_CACHE_MAX = 1_000;
const VIEWS_KEY = 'discussion:views';
const VIEW_FLUSH_MS = 5_000;
/** List pages served from the page cache: the first ones of each filter (what nearly every reader asks for). */
const CACHED_LIST_PAGES = 5;
const CACHED_LIST_LIMIT = 50;

/** Page name of a post's cached detail ('{v}': its version). */
export const postTemplate = (did: number) => `post2:{v}:${did}`;

/** What a cached post page keeps besides its JSON: the visibility check's fields and the stored views. */
export interface PostMeta {
  viewNum: number;
  status: number;
  uid: string;
  gid: number | null;
}

/** A timestamptz as JavaScript's toISOString writes it (what the pg driver's Date objects answered). */
export const isoSql = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * get-discussion-detail's posts as JSON text built by PostgreSQL (DiscussionVO without viewNum and hasLike),
 * for a batch of (post, caller or null) pairs in one statement, each row named by its place in the batch.
 */
const DETAIL_SQL = `SELECT v.i::int AS i, d.view_num AS "viewNum", d.status, d.uid, d.gid, json_build_object(
    'id', d.id, 'categoryId', d.category_id, 'title', d.title, 'description', d.description, 'content', d.content,
    'pid', d.pid, 'uid', d.uid, 'author', d.author, 'avatar', d.avatar, 'role', d.role, 'likeNum', d.like_num,
    'commentNum', d.comment_num, 'topPriority', d.top_priority, 'gid', d.gid, 'status', d.status,
    'gmtCreate', ${isoSql('d.gmt_create')}, 'gmtModified', ${isoSql('d.gmt_modified')}, 'categoryName', c.name,
    'titleName', u.title_name, 'titleColor', u.title_color)::text AS json,
    v.uid IS NOT NULL AND EXISTS (SELECT 1 FROM discussion_like l WHERE l.did = d.id AND l.uid = v.uid) AS "hasLike"
  FROM unnest($1::int[], $2::varchar[]) WITH ORDINALITY AS v(did, uid, i)
  JOIN discussion d ON d.id = v.did LEFT JOIN discussion_category c ON c.id = d.category_id
  LEFT JOIN user_info u ON u.uid = d.uid`;
/** The caller's likes of a batch of posts: (post, caller) pairs, the rows of those liked. */
const HAS_LIKE_SQL = `SELECT v.i::int AS i FROM unnest($1::int[], $2::varchar[]) WITH ORDINALITY AS v(did, uid, i)
  JOIN discussion_like l ON l.did = v.did AND l.uid = v.uid`;

type RenderedPost = PostMeta & { json: string; hasLike: boolean };
/**
 * Posts rendered per statement (StatementBatch `maxKeys`): about 0.15 ms of PostgreSQL each outside the cache
 * (one post row, its category and author), so a busy turn still goes out in a few parallel pieces.
 */
const POSTS_PER_STATEMENT = 16;

/** Public discussion calls of product §7 (HOJ's DiscussionController). */
@Injectable()
export class DiscussionService implements OnApplicationShutdown {
  private readonly totals = new Map<string, { value: Promise<number>; at: number }>();
  /** Post renders and like reads of one event-loop turn, one statement each (see StatementBatch). */
  private readonly postRenders = new StatementBatch<{ did: number; uid: string | null }, RenderedPost>(async (keys) => {
    const rows = await poolQuery<RenderedPost & { i: number }>(
      this.dataSource,
      DETAIL_SQL,
      [keys.map((k) => k.did), keys.map((k) => k.uid)],
      'discussion-post',
    );
    const out: (RenderedPost | undefined)[] = new Array(keys.length);
    for (const { i, ...row } of rows) out[i - 1] = row;
    return out;
  }, POSTS_PER_STATEMENT);
  private readonly likeReads = new StatementBatch<{ did: number; uid: string }, true>(async (keys) => {
    const rows = await poolQuery<{ i: number }>(
      this.dataSource,
      HAS_LIKE_SQL,
      [keys.map((k) => k.did), keys.map((k) => k.uid)],
      'discussion-post-like',
    );
    const out: (true | undefined)[] = new Array(keys.length);
    for (const { i } of rows) out[i - 1] = true;
    return out;
  }, POSTS_PER_STATEMENT * 4);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: DiscussionRulesService,
    private readonly users: UserService,
    private readonly messages: UserMessageService,
    private readonly removal: DiscussionRemovalService,
    private readonly cache: DiscussionCacheService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly groups: GroupAccessService,
    private readonly problems: ProblemService,
  ) {}

  categories(): Promise<DiscussionCategory[]> {
    return this.dataSource.query(
      'SELECT id, name, gmt_create AS "gmtCreate", gmt_modified AS "gmtModified" FROM discussion_category ORDER BY id',
    );
  }

  /**
   * get-discussion-list as JSON. The first pages of each category/problem filter (no keyword, not onlyMine,
   * not the admin view) come from the page cache, so they never hold hidden posts; the rest are read.
   */
  async listJson(q: DiscussionListQuery, user: AuthUser | undefined): Promise<Buffer> {
    const req = pageRequest(q);
    const adminView = !!(q.admin && user?.isAdmin);
    if (adminView || q.onlyMine || q.keyword?.trim() || req.current > CACHED_LIST_PAGES || req.size > CACHED_LIST_LIMIT) {
      return Buffer.from(JSON.stringify(await this.list(q, user)));
    }
    const version = await this.cache.listVersion();
    const key = `list:${version}:${q.cid ?? ''}:${q.pid ?? ''}:${req.current}:${req.size}`;
    const page = await this.cache.page(key, () =>
      this.list({ currentPage: req.current, limit: req.size, cid: q.cid, pid: q.pid }, undefined, true),
    );
    return page.json;
  }

  /**
   * Pinned first, then newest. Hidden posts only for admins asking with `admin=true`. `group`: a group's posts
   * (group/get-discussion-list; the group module checked the caller and says whether hidden ones show).
   */
  async list(
    q: DiscussionListQuery,
    user: AuthUser | undefined,
    exactTotal = false,
    group?: { gid: number; withHidden: boolean },
  ): Promise<Page<DiscussionVO>> {
    const req = pageRequest(q);
    const where: string[] = group ? [] : ['d.gid IS NULL'];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (group) add('d.gid = ?', group.gid);
    if (group ? !group.withHidden : !(q.admin && user?.isAdmin)) add('d.status = ?', DiscussionStatus.Shown);
    if (q.cid) add('d.category_id = ?', q.cid);
    if (q.pid) add('d.pid = ?', q.pid);
    // Never a post of a problem the reader may not see (issue 31): the bank's public problems for everyone (the
    // cached pages are shared), its others for admins asking the admin view; in a group's list also the group's own
    // problems, its private ones only to the group's admins. Posts of deleted problems stay.
    const bankHidden = group || !(q.admin && user?.isAdmin) ? `p.auth <> ${ProblemAuth.Public}` : 'false';
    if (group) {
      add(
        `NOT EXISTS (SELECT 1 FROM problem p WHERE p.problem_id = d.pid AND CASE WHEN p.is_group
           THEN p.gid IS DISTINCT FROM ?::int OR (p.auth <> ${ProblemAuth.Public} AND NOT ${group.withHidden ? 'true' : 'false'})
           ELSE ${bankHidden} END)`,
        group.gid,
      );
    } else {
      where.push(
        `NOT EXISTS (SELECT 1 FROM problem p WHERE p.problem_id = d.pid AND CASE WHEN p.is_group THEN ${user?.isRoot && q.admin ? 'false' : 'true'} ELSE ${bankHidden} END)`,
      );
    }
    if (q.onlyMine) {
      if (!user) throw new UnauthorizedError(ERR.loginFirst);
      add('d.uid = ?', user.uid);
    }
    const keyword = q.keyword?.trim();
    if (keyword) {
      params.push(`%${keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
      const p = `$${params.length}`;
      where.push(`(d.title ILIKE ${p} OR d.description ILIKE ${p} OR d.author ILIKE ${p})`);
    }
    const whereSql = where.join(' AND ');
    const records: DiscussionVO[] = await this.dataSource.query(
      `SELECT ${LIST_COLUMNS}, c.name AS "categoryName" FROM discussion d LEFT JOIN discussion_category c ON c.id = d.category_id
        WHERE ${whereSql} ORDER BY d.top_priority DESC, d.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, req.size, req.skip],
    );
    const cacheable = !keyword && !q.onlyMine && !group;
    const total = cacheable && !exactTotal ? await this.cachedCount(whereSql, params) : await this.count(whereSql, params);
    return toPage(records, total, req);
  }

  private async count(whereSql: string, params: unknown[]): Promise<number> {
    const [{ total }] = await this.dataSource.query(`SELECT COUNT(*)::int AS total FROM discussion d WHERE ${whereSql}`, params);
    return total;
  }

  /**
   * Category and problem lists' totals, reused for a moment by each replica. Requests arriving while a
   * count runs wait for that one (under load, every request of an expired key would count again).
   */
  private cachedCount(whereSql: string, params: unknown[]): Promise<number> {
    const key = whereSql + JSON.stringify(params);
    const now = Date.now();
    const hit = this.totals.get(key);
    if (hit && now - hit.at < TOTAL_CACHE_MS) return hit.value;
    if (this.totals.size >= TOTAL_CACHE_MAX) this.totals.clear();
    const value = this.count(whereSql, params);
    this.totals.set(key, { value, at: now });
    value.catch(() => this.totals.delete(key));
    return value;
  }

  /**
   * GET /api/get-discussion-detail as JSON: a view counts once per viewer per hour, and only once the caller
   * passed the group and visibility checks (a refused reader counts none). The post comes from the page cache
   * (one Redis call gives its version); the caller's like is one primary-key read, and the views not yet in the
   * database (given by the call that counts the view) are added per answer.
   */
  async detailJson(did: number, user: AuthUser | undefined, ip: string | undefined): Promise<Buffer[]> {
    const viewer = user ? `u:${user.uid}` : `ip:${ip ?? 'unknown'}`;
    const view = { viewer, windowSec: DISCUSSION_LIMITS.viewWindowSec, viewsKey: VIEWS_KEY };
    // The usual case: this replica holds the post and the caller may read it at that version; the read then also
    // counts the view, in Redis, only if the post is still at that version (one round trip, as before views waited
    // for the access check). Otherwise the view is counted after the check, below.
    const held = this.cache.heldPage<PostMeta>(postTemplate(did));
    const countWithRead = held && (await this.mayRead(held.page.meta, user)) ? { ...view, atVersion: held.version } : undefined;
    const read = await this.cache.readPost(did, { first: postTemplate(did), view: countWithRead });
    // A post this replica must render is read with the caller's like in one query; otherwise the like alone.
    let liked: boolean | undefined;
    const page = await this.cache.postRawPage(postTemplate(did), read, 'first', async () => {
      const row = await this.renderPost(did, user?.uid);
      if (user) liked = row.hasLike;
      return { meta: row.meta, json: row.json };
    });
    const grouped = !!page.meta && page.meta.gid !== null;
    if (grouped) await this.assertGroupReader(page.meta.gid!, user);
    this.assertVisible(page.meta, user, grouped);
    // Only now, the caller being allowed to read the post, is the view counted, unless the read counted it at the
    // version just checked (with the like read, if any, in the same turn).
    const [pending, hasLike] = await Promise.all([
      read.pending ?? this.cache.countView(did, view),
      liked ?? (user ? this.hasLike(did, user.uid) : false),
    ]);
    return [Buffer.from(`{"viewNum":${page.meta.viewNum + pending},"hasLike":${hasLike},`), page.json.subarray(1)];
  }

  /** The checks below as a yes or no, on a post's meta as this replica holds it. */
  private async mayRead(meta: PostMeta | null, user: AuthUser | undefined): Promise<boolean> {
    try {
      const grouped = !!meta && meta.gid !== null;
      if (grouped) await this.assertGroupReader(meta!.gid!, user);
      this.assertVisible(meta, user, grouped);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The post rendered by PostgreSQL: its DiscussionVO JSON without viewNum and hasLike, what the visibility
   * check needs, and `hasLike` of `uid` when given. No post: 404 (nothing cached).
   */
  private async renderPost(did: number, uid?: string): Promise<{ meta: PostMeta; json: string; hasLike: boolean }> {
    const row = await this.postRenders.load({ did, uid: uid ?? null });
    if (!row) throw new NotFoundError(DISCUSSION_ERR.notFound);
    const { json, hasLike, ...meta } = row;
    return { meta, json, hasLike: !!hasLike };
  }

  /**
   * 404 for no post (or a group's, unless `groupChecked`: assertGroupReader passed), 403 for a hidden one unless
   * the caller is its author or an admin.
   */
  assertVisible<T extends Pick<PostMeta, 'status' | 'uid' | 'gid'>>(
    d: T | null,
    user: AuthUser | undefined,
    groupChecked = false,
  ): asserts d is T {
    if (!d || (d.gid !== null && !groupChecked)) throw new NotFoundError(DISCUSSION_ERR.notFound);
    if (d.status === DiscussionStatus.Hidden && !(user && (user.isAdmin || user.uid === d.uid)))
      throw new ForbiddenError(DISCUSSION_ERR.hidden);
  }

  /** The group discussion areas are open (openGroupDiscussion; root passes): 403 with the §8 text otherwise. */
  assertGroupArea(user: AuthUser | undefined): Promise<void> {
    return this.rules.assertSwitch('openGroupDiscussion', user);
  }

  /**
   * A group's post (product §6): the group discussion area must be open (root passes), and only the group's members
   * (3–5) and root read it; everyone else gets 404, as if it did not exist.
   */
  async assertGroupReader(gid: number | string, user: AuthUser | undefined): Promise<void> {
    await this.assertGroupArea(user);
    if (!(await this.groups.isMember(Number(gid), user))) throw new NotFoundError(DISCUSSION_ERR.notFound);
  }

  private async hasLike(did: number, uid: string): Promise<boolean> {
    return (await this.likeReads.load({ did, uid })) === true;
  }

  /**
   * Moves the buffered views into discussion.view_num; a RENAME makes each batch one replica's. Views wait
   * in Redis (one row write per page view would make every reader a writer); answers add those waiting.
   */
  @Interval(VIEW_FLUSH_MS)
  async flushViews(): Promise<void> {
    const batch = `${VIEWS_KEY}:flush:${randomUUID()}`;
    try {
      await this.redis.rename(VIEWS_KEY, batch);
    } catch {
      return; // nothing buffered
    }
    const views = await this.redis.hgetall(batch);
    const ids = Object.keys(views).map(Number);
    if (ids.length) {
      await this.dataSource.query(
        'UPDATE discussion d SET view_num = d.view_num + v.n FROM unnest($1::int[], $2::int[]) AS v(id, n) WHERE d.id = v.id',
        [ids, ids.map((id) => Number(views[id]))],
      );
      await this.cache.touch({ list: true, dids: ids });
    }
    await this.redis.del(batch);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flushViews().catch(() => undefined);
  }

  /** `gid`: a group's post (group/discussion; the group module checked the caller is a member). */
  async create(dto: CreateDiscussionDto, user: AuthUser, gid: number | null = null): Promise<DiscussionVO> {
    const release = await this.rules.assertCanPost(user);
    let saved: Discussion;
    try {
      saved = await this.store(dto, user, gid);
    } catch (e) {
      await release();
      throw e;
    }
    await this.cache.touch({ list: true });
    return { ...saved, gid } as unknown as DiscussionVO;
  }

  private async store(dto: CreateDiscussionDto, user: AuthUser, gid: number | null): Promise<Discussion> {
    await this.assertCategory(dto.categoryId);
    if (dto.pid) await this.assertProblem(dto.pid, user);
    const author = await this.users.findByUid(user.uid);
    return this.dataSource.getRepository(Discussion).save({
      categoryId: dto.categoryId,
      title: dto.title,
      description: dto.description ?? '',
      content: dto.content,
      pid: dto.pid || null,
      uid: user.uid,
      author: user.username,
      avatar: author?.avatar ?? null,
      role: roleLabel(user),
      topPriority: user.isAdmin ? (dto.topPriority ?? false) : false,
      status: DiscussionStatus.Shown,
      gid: gid === null ? null : String(gid),
    });
  }

  /** Authors and admins edit; only admins pin. `groupChecked`: a group's post the group module let the caller edit. */
  async update(dto: UpdateDiscussionDto, user: AuthUser, groupChecked = false): Promise<void> {
    const d = await this.owned(dto.id, user, groupChecked);
    if (dto.categoryId !== undefined) await this.assertCategory(dto.categoryId);
    if (dto.pid) await this.assertProblem(dto.pid, user);
    const patch: Partial<Discussion> = {};
    if (dto.categoryId !== undefined) patch.categoryId = dto.categoryId;
    if (dto.title !== undefined) patch.title = dto.title;
    if (dto.description !== undefined) patch.description = dto.description;
    if (dto.content !== undefined) patch.content = dto.content;
    if (dto.pid !== undefined) patch.pid = dto.pid || null;
    if (dto.topPriority !== undefined && user.isAdmin) patch.topPriority = dto.topPriority;
    if (Object.keys(patch).length) await this.dataSource.getRepository(Discussion).update({ id: d.id }, patch);
    await this.cache.touch({ list: true, dids: [d.id] });
  }

  async remove(did: number, user: AuthUser): Promise<void> {
    await this.owned(did, user);
    await this.removal.removeDiscussions([did]);
  }

  /** Likes toggle and are idempotent: liking twice counts once and files one message. */
  async like(did: number, toLike: boolean, user: AuthUser): Promise<void> {
    await this.rules.assertLikeRate(user);
    await this.dataSource.transaction(async (em) => {
      const d = await this.visible(em, did, user);
      if (toLike) {
        const inserted: unknown[] = await em.query(
          'INSERT INTO discussion_like (did, uid) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING did',
          [did, user.uid],
        );
        if (!inserted.length) return;
        await em.query('UPDATE discussion SET like_num = like_num + 1 WHERE id = $1', [did]);
        await this.messages.remind(em, {
          action: 'Like',
          sourceId: did,
          sourceType: 'Discussion',
          sourceContent: d.title,
          url: `/discussion/${did}`,
          recipientId: d.uid,
          senderId: user.uid,
        });
      } else {
        const deleted = firstResult(
          await em.query('DELETE FROM discussion_like WHERE did = $1 AND uid = $2 RETURNING did', [did, user.uid]),
        );
        if (deleted.length) await em.query('UPDATE discussion SET like_num = GREATEST(0, like_num - 1) WHERE id = $1', [did]);
      }
    });
    await this.cache.touch({ list: true, dids: [did] });
  }

  async report(dto: DiscussionReportDto, user: AuthUser): Promise<void> {
    const label = dto.label?.trim() ?? '';
    const reason = (dto.reason ?? dto.content ?? '').trim();
    if (!label && !reason) throw new BadRequestError(DISCUSSION_ERR.reportEmpty);
    await this.rules.assertReportRate(user);
    await this.visible(this.dataSource.manager, dto.did, user);
    await this.dataSource.getRepository(DiscussionReport).insert({
      did: dto.did,
      reporter: user.username,
      reporterUid: user.uid,
      content: label ? `#${label}# ${reason}`.trim() : reason,
      status: false,
    });
  }

  /** A discussion the caller may see (shown, or hidden but theirs or the caller an admin). */
  async visible(em: EntityManager, did: number, user: AuthUser | undefined): Promise<Discussion> {
    const d = await em.findOne(Discussion, { where: { id: did } });
    if (!d) throw new NotFoundError(DISCUSSION_ERR.notFound);
    if (d.gid !== null) await this.assertGroupReader(d.gid, user);
    if (d.status === DiscussionStatus.Hidden && !(user && (user.isAdmin || user.uid === d.uid)))
      throw new ForbiddenError(DISCUSSION_ERR.hidden);
    return d;
  }

  private async owned(did: number, user: AuthUser, groupChecked = false): Promise<Discussion> {
    const d = await this.dataSource.getRepository(Discussion).findOne({ where: { id: did } });
    if (!d || (d.gid !== null) !== groupChecked) throw new NotFoundError(DISCUSSION_ERR.notFound);
    if (!groupChecked && d.uid !== user.uid && !user.isAdmin) throw new ForbiddenError(ERR.noPermission);
    return d;
  }

  private async assertCategory(id: number): Promise<void> {
    if (!(await this.dataSource.getRepository(DiscussionCategoryEntity).exists({ where: { id } }))) {
      throw new BadRequestError(DISCUSSION_ERR.categoryNotFound);
    }
  }

  /**
   * A post names a problem the author may see (ProblemService.findVisible: the bank's rule and a group's); a hidden
   * one answers exactly as a missing one, so posting cannot test which ids exist (issue 31).
   */
  private async assertProblem(pid: string, user: AuthUser): Promise<void> {
    try {
      await this.problems.findVisible({ problemId: pid }, user);
    } catch (e) {
      if (e instanceof NotFoundError) throw new BadRequestError(DISCUSSION_ERR.problemNotFound);
      throw e;
    }
  }
}
