import { Injectable } from '@nestjs/common';
import { CommentListVO, CommentVO, DISCUSSION_ERR, DISCUSSION_LIMITS, ERR, ReplyVO } from '@oj/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../../core/http/api.exception';
import { PageRequest, pageRequest, toPage } from '../../../core/pagination/pagination';
import { ContestAccessService } from '../../contest/contest-access.service';
import { UserMessageService, firstResult } from '../../message/user-message.service';
import { UserService } from '../../user/user.service';
import { DiscussionRemovalService } from '../discussion-removal.service';
import { DiscussionCacheService, poolQuery } from '../discussion-cache.service';
import { StatementBatch } from '../statement-batch';
import { DiscussionRulesService, roleLabel } from '../discussion-rules.service';
import { CommentsQuery, CreateCommentDto, ReplyDto } from '../dto/comment.dto';
import { Comment } from '../entities/comment.entity';
import { Discussion } from '../entities/discussion.entity';
import { Reply } from '../entities/reply.entity';
import { DiscussionService, isoSql } from './discussion.service';

/** Where a comment lives: a discussion (with its author and title) or a contest. */
interface Place {
  sourceType: 'Discussion' | 'Contest';
  sourceId: number;
  did: number | null;
  cid: number | null;
  /** Author of the discussion (null for contests). */
  ownerUid: string | null;
  title: string;
  url: string;
}

const COMMENT_COLUMNS = `c.id, c.content, c.from_uid AS "fromUid", c.from_name AS "fromName", c.from_avatar AS "fromAvatar",
  c.from_role AS "fromRole", u.title_name AS "fromTitleName", u.title_color AS "fromTitleColor", c.like_num AS "likeNum",
  c.gmt_create AS "gmtCreate"`;
const REPLY_COLUMNS = `r.id, r.comment_id AS "commentId", r.from_uid AS "fromUid", r.from_name AS "fromName",
  r.from_avatar AS "fromAvatar", r.from_role AS "fromRole", u.title_name AS "fromTitleName", u.title_color AS "fromTitleColor",
  r.to_uid AS "toUid", r.to_name AS "toName", r.to_avatar AS "toAvatar", r.content, r.status,
  r.gmt_create AS "gmtCreate", r.gmt_modified AS "gmtModified"`;

/** What a cached comment page keeps besides its JSON: the post's visibility fields and the comment ids. */
interface CommentPageMeta {
  status: number;
  uid: string;
  gid: number | null;
  ids: number[];
}

/**
 * Comment pages as JSON text built by PostgreSQL, for a batch of (post, size, offset, caller or null) in one
 * statement ($5: replies per comment): CommentVO records with replyList nested, the total, the ids on the
 * page, the caller's likes among them, and the post's visibility fields; each row named by its place. The
 * records are read from the (did, id) index scan itself, not looked up again by their ids: the primary key's
 * leaf pages of ten random comments were a third of the buffers a page read (EXPLAIN on the bench's database:
 * 86 buffer reads per four pages before, 58 after). One statement, one snapshot: the ids and the records agree.
 * Reply counts are the comments' `reply_num` (kept by the reply writers), and a comment without replies is not
 * searched for its newest ones: two index probes fewer per comment, twenty per page.
 */
const COMMENT_PAGE_SQL = `SELECT v.i::int AS i, d.status, d.uid, d.gid,
  (SELECT COUNT(*)::int FROM comment WHERE did = v.did) AS total, k.ids,
  (SELECT array_agg(l.cid) FROM comment_like l WHERE l.uid = v.uid AND l.cid = ANY (k.ids)) AS liked,
  (SELECT COALESCE(json_agg(json_build_object(
      'id', c.id, 'content', c.content, 'fromUid', c.from_uid, 'fromName', c.from_name, 'fromAvatar', c.from_avatar,
      'fromRole', c.from_role, 'fromTitleName', u.title_name, 'fromTitleColor', u.title_color, 'likeNum', c.like_num,
      'totalReplyNum', c.reply_num,
      'gmtCreate', ${isoSql('c.gmt_create')},
      'replyList', CASE WHEN c.reply_num = 0 THEN '[]'::json ELSE (SELECT COALESCE(json_agg(json_build_object(
          'id', r.id, 'commentId', r.comment_id, 'fromUid', r.from_uid, 'fromName', r.from_name, 'fromAvatar', r.from_avatar,
          'fromRole', r.from_role, 'fromTitleName', ru.title_name, 'fromTitleColor', ru.title_color, 'toUid', r.to_uid,
          'toName', r.to_name, 'toAvatar', r.to_avatar, 'content', r.content, 'status', r.status,
          'gmtCreate', ${isoSql('r.gmt_create')}, 'gmtModified', ${isoSql('r.gmt_modified')}) ORDER BY r.id DESC), '[]'::json)
        FROM (SELECT * FROM reply WHERE comment_id = c.id ORDER BY id DESC LIMIT $5) r LEFT JOIN user_info ru ON ru.uid = r.from_uid) END
    ) ORDER BY c.id DESC), '[]'::json)::text
    FROM (SELECT * FROM comment WHERE did = v.did ORDER BY id DESC LIMIT v.size OFFSET v.skip) c
    LEFT JOIN user_info u ON u.uid = c.from_uid) AS records
FROM unnest($1::int[], $2::int[], $3::int[], $4::varchar[]) WITH ORDINALITY AS v(did, size, skip, uid, i)
JOIN discussion d ON d.id = v.did
CROSS JOIN LATERAL (SELECT COALESCE(array_agg(id ORDER BY id DESC), '{}') AS ids
  FROM (SELECT id FROM comment WHERE did = v.did ORDER BY id DESC LIMIT v.size OFFSET v.skip) p) k`;

interface PageKey {
  did: number;
  size: number;
  skip: number;
  uid: string | null;
}
interface PageRow {
  status: number;
  uid: string;
  gid: number | null;
  total: number;
  ids: number[];
  liked: number[] | null;
  records: string;
}

/**
 * Comment pages rendered per statement (StatementBatch `maxKeys`). A page of a post outside the cache costs
 * PostgreSQL about 0.3 ms (ten comment rows, their reply counts and newest replies, mostly page reads). Pieces
 * of 4 were best while each statement was planned per call (planning grew with the batch); with the generic plan
 * of the hot-read pool (poolQuery) larger pieces cost less per page: in the benchmark 2 gave 3,321 pages/s,
 * 8 4,784, 16 5,081, 32 5,087-5,163 and 64 5,217, with the p99 falling from 81 ms to 46-57 ms. 32 keeps a
 * statement near 10 ms.
 */
const PAGES_PER_STATEMENT = 32;
/** Like reads are index probes of a few µs each: larger pieces. */
const LIKE_READS_PER_STATEMENT = 32;
const CACHED_COMMENT_PAGES = 3;
const CACHED_COMMENT_LIMIT = 50;
const COMMENTS_HEAD = Buffer.from('{"commentList":');

/** Comments, replies and comment likes (HOJ's CommentController), on discussions and on contests. */
@Injectable()
export class CommentService {
  /** The caller's likes among a cached page's comments, the reads of one event-loop turn in one statement. */
  private readonly likeReads = new StatementBatch<{ uid: string; ids: number[] }, number[]>(async (keys) => {
    const uids: string[] = [];
    const cids: number[] = [];
    const at: number[] = [];
    keys.forEach((k, i) => k.ids.forEach((cid) => (uids.push(k.uid), cids.push(cid), at.push(i))));
    const rows = await poolQuery<{ i: number; cid: number }>(
      this.dataSource,
      `SELECT v.i, v.cid FROM unnest($1::varchar[], $2::int[], $3::int[]) AS v(uid, cid, i)
         JOIN comment_like l ON l.cid = v.cid AND l.uid = v.uid`,
      [uids, cids, at],
      'discussion-comment-likes',
    );
    const out: number[][] = keys.map(() => []);
    for (const r of rows) out[r.i].push(r.cid);
    return out;
  }, LIKE_READS_PER_STATEMENT);
  /** Comment page renders of one event-loop turn, one statement (see StatementBatch). */
  private readonly pageRenders = new StatementBatch<PageKey, PageRow>(async (keys) => {
    const rows = await poolQuery<PageRow & { i: number }>(
      this.dataSource,
      COMMENT_PAGE_SQL,
      [
        keys.map((k) => k.did),
        keys.map((k) => k.size),
        keys.map((k) => k.skip),
        keys.map((k) => k.uid),
        DISCUSSION_LIMITS.repliesPerComment,
      ],
      'discussion-comment-page',
    );
    const out: (PageRow | undefined)[] = new Array(keys.length);
    for (const { i, ...row } of rows) out[i - 1] = row;
    return out;
  }, PAGES_PER_STATEMENT);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: DiscussionRulesService,
    private readonly discussions: DiscussionService,
    private readonly contests: ContestAccessService,
    private readonly users: UserService,
    private readonly messages: UserMessageService,
    private readonly removal: DiscussionRemovalService,
    private readonly cache: DiscussionCacheService,
  ) {}

  /**
   * The place of `did` or `cid`, checked for the caller: discussions need openPublicDiscussion and a
   * visible post; contests need openContestComment and whoever may see the contest (login).
   */
  async place(em: EntityManager, ref: { did?: number | null; cid?: number | null }, user: AuthUser | undefined): Promise<Place> {
    if (ref.did) {
      // A group's post answers to the group discussion switch and its members (DiscussionService.visible).
      const grouped = await em.findOne(Discussion, { where: { id: ref.did }, select: { id: true, gid: true } });
      if (!grouped || grouped.gid === null) await this.rules.assertSwitch('openPublicDiscussion', user);
      const d = await this.discussions.visible(em, ref.did, user);
      return {
        sourceType: 'Discussion',
        sourceId: d.id,
        did: d.id,
        cid: null,
        ownerUid: d.uid,
        title: d.title,
        url: `/discussion/${d.id}`,
      };
    }
    if (ref.cid) {
      await this.rules.assertSwitch('openContestComment', user);
      if (!user) throw new UnauthorizedError(ERR.loginFirst);
      const access = await this.contests.access(ref.cid, user);
      this.contests.assertCanView(access);
      return {
        sourceType: 'Contest',
        sourceId: ref.cid,
        did: null,
        cid: ref.cid,
        ownerUid: null,
        title: access.contest.title,
        url: `/contest/${ref.cid}/comment`,
      };
    }
    throw new BadRequestError(DISCUSSION_ERR.didOrCidRequired);
  }

  /**
   * GET /api/comments as JSON. A post's first pages come from the page cache (its version names them, and
   * the post's cached detail answers whether the caller may see it); the caller's likes of the page are
   * one read of comment_like. Contest comments and later pages are read.
   */
  async listJson(q: CommentsQuery, user: AuthUser | undefined): Promise<Buffer[]> {
    const req = pageRequest({ currentPage: q.currentPage, limit: q.limit ?? DISCUSSION_LIMITS.commentsPageSize });
    if (!q.did || req.current > CACHED_COMMENT_PAGES || req.size > CACHED_COMMENT_LIMIT) {
      return [Buffer.from(JSON.stringify(await this.list(q, user)))];
    }
    const did = q.did;
    const template = `cpage:{v}:${did}:${req.current}:${req.size}`;
    // One Redis call (the version, and the page unless this replica holds it); a page this replica must
    // render comes with the caller's likes in the same statement, otherwise those are one read.
    const read = await this.cache.readPost(did, { first: template });
    let liked: number[] | undefined;
    const page = await this.cache.postRawPage(template, read, 'first', async () => {
      const r = await this.renderPage(did, req, user?.uid);
      liked = r.liked;
      return { meta: r.meta, json: r.json };
    });
    const grouped = page.meta.gid !== null;
    if (grouped) await this.discussions.assertGroupReader(page.meta.gid!, user);
    else await this.rules.assertSwitch('openPublicDiscussion', user);
    this.discussions.assertVisible(page.meta, user, grouped);
    if (!liked) liked = user && page.meta.ids.length ? ((await this.likeReads.load({ uid: user.uid, ids: page.meta.ids })) ?? []) : [];
    let likeMap = '';
    for (const id of liked) likeMap += `${likeMap ? ',' : ''}"${id}":true`;
    return [COMMENTS_HEAD, page.json, Buffer.from(`,"commentLikeMap":{${likeMap}}}`)];
  }

  /**
   * A post's comment page rendered by PostgreSQL in one statement: the page JSON (comments with their
   * newest replies, reply counts and the authors' titles nested), the post's visibility fields, the ids on
   * the page, and which of them `uid` liked. No post: 404 (nothing cached).
   */
  private async renderPage(
    did: number,
    req: PageRequest,
    uid: string | undefined,
  ): Promise<{ meta: CommentPageMeta; json: string; liked: number[] }> {
    const r = await this.pageRenders.load({ did, size: req.size, skip: req.skip, uid: uid ?? null });
    if (!r) throw new NotFoundError(DISCUSSION_ERR.notFound);
    const json = `{"records":${r.records},"total":${r.total},"size":${req.size},"current":${req.current},"pages":${Math.ceil(r.total / req.size)}}`;
    return { meta: { status: r.status, uid: r.uid, gid: r.gid, ids: r.ids }, json, liked: uid ? (r.liked ?? []) : [] };
  }

  /** GET /api/comments: newest first, each with its newest replies and their total; which ones the caller liked. */
  async list(q: CommentsQuery, user: AuthUser | undefined, placeChecked = false): Promise<CommentListVO> {
    const place = placeChecked
      ? ({ did: q.did!, sourceId: q.did! } as Pick<Place, 'did' | 'sourceId'>)
      : await this.place(this.dataSource.manager, q, user);
    const req = pageRequest({ currentPage: q.currentPage, limit: q.limit ?? DISCUSSION_LIMITS.commentsPageSize });
    const column = place.did ? 'did' : 'cid';
    // Three reads at once: the page (with each comment's reply count), the total, and the newest replies of the page.
    const pageSql = `SELECT id FROM comment WHERE ${column} = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`;
    const [comments, [{ total }], replies, liked] = await Promise.all([
      poolQuery<CommentVO>(
        this.dataSource,
        `SELECT ${COMMENT_COLUMNS}, c.reply_num AS "totalReplyNum"
           FROM (${pageSql}) k JOIN comment c ON c.id = k.id LEFT JOIN user_info u ON u.uid = c.from_uid ORDER BY c.id DESC`,
        [place.sourceId, req.size, req.skip],
      ),
      poolQuery<{ total: number }>(this.dataSource, `SELECT COUNT(*)::int AS total FROM comment WHERE ${column} = $1`, [place.sourceId]),
      poolQuery<ReplyVO>(
        this.dataSource,
        `SELECT ${REPLY_COLUMNS} FROM (${pageSql}) k
           CROSS JOIN LATERAL (SELECT * FROM reply WHERE comment_id = k.id ORDER BY id DESC LIMIT $4) r
           LEFT JOIN user_info u ON u.uid = r.from_uid ORDER BY r.id DESC`,
        [place.sourceId, req.size, req.skip, DISCUSSION_LIMITS.repliesPerComment],
      ),
      user
        ? poolQuery<{ cid: number }>(
            this.dataSource,
            `SELECT l.cid FROM (${pageSql}) k JOIN comment_like l ON l.cid = k.id AND l.uid = $4`,
            [place.sourceId, req.size, req.skip, user.uid],
          )
        : Promise.resolve([]),
    ]);
    const byComment = new Map<number, ReplyVO[]>();
    for (const r of replies) {
      const list = byComment.get(r.commentId) ?? [];
      list.push(r);
      byComment.set(r.commentId, list);
    }
    for (const c of comments) c.replyList = byComment.get(c.id) ?? [];
    const commentLikeMap: Record<number, boolean> = {};
    for (const l of liked) commentLikeMap[l.cid] = true;
    return { commentList: toPage(comments, total, req), commentLikeMap };
  }

  /** POST /api/comment: the discussion's author gets a "Discuss" message. */
  async create(dto: CreateCommentDto, user: AuthUser): Promise<CommentVO> {
    const place = await this.place(this.dataSource.manager, dto, user);
    await this.rules.assertCanComment(user);
    const me = await this.users.findByUid(user.uid);
    const created = await this.dataSource.transaction(async (em): Promise<CommentVO> => {
      const saved = await em.save(
        em.create(Comment, {
          did: place.did,
          cid: place.cid,
          content: dto.content,
          fromUid: user.uid,
          fromName: user.username,
          fromAvatar: me?.avatar ?? null,
          fromRole: roleLabel(user),
        }),
      );
      if (place.did) {
        await em.query('UPDATE discussion SET comment_num = comment_num + 1 WHERE id = $1', [place.did]);
        await this.messages.remind(em, {
          action: 'Discuss',
          sourceId: place.sourceId,
          sourceType: place.sourceType,
          sourceContent: dto.content,
          commentId: saved.id,
          url: place.url,
          recipientId: place.ownerUid!,
          senderId: user.uid,
        });
      }
      return {
        id: saved.id,
        content: saved.content,
        fromUid: saved.fromUid,
        fromName: saved.fromName,
        fromAvatar: saved.fromAvatar,
        fromRole: saved.fromRole,
        fromTitleName: me?.titleName ?? null,
        fromTitleColor: me?.titleColor ?? null,
        likeNum: 0,
        totalReplyNum: 0,
        gmtCreate: saved.gmtCreate.toISOString(),
        replyList: [],
      };
    });
    if (place.did) await this.cache.touch({ list: true, dids: [place.did] });
    return created;
  }

  /** Its author, the discussion's author and admins delete a comment. */
  async remove(id: number, user: AuthUser): Promise<void> {
    const c = await this.comment(id);
    const place = await this.place(this.dataSource.manager, c, user);
    if (c.fromUid !== user.uid && place.ownerUid !== user.uid && !user.isAdmin) throw new ForbiddenError(ERR.noPermission);
    await this.dataSource.transaction((em) => this.removal.removeComments(em, [id]));
    if (place.did) await this.cache.touch({ list: true, dids: [place.did] });
  }

  /** GET /api/comment-like: toggled, idempotent; the comment's author gets a "Like" message. */
  async like(commentId: number, toLike: boolean, user: AuthUser): Promise<void> {
    await this.rules.assertLikeRate(user);
    const c = await this.comment(commentId);
    const place = await this.place(this.dataSource.manager, c, user);
    await this.dataSource.transaction(async (em) => {
      if (toLike) {
        const inserted: unknown[] = await em.query(
          'INSERT INTO comment_like (cid, uid) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING cid',
          [commentId, user.uid],
        );
        if (!inserted.length) return;
        await em.query('UPDATE comment SET like_num = like_num + 1 WHERE id = $1', [commentId]);
        await this.messages.remind(em, {
          action: 'Like',
          sourceId: place.sourceId,
          sourceType: place.sourceType,
          sourceContent: c.content,
          quoteId: commentId,
          quoteType: 'Comment',
          commentId,
          url: place.url,
          recipientId: c.fromUid,
          senderId: user.uid,
        });
      } else {
        const deleted = firstResult(
          await em.query('DELETE FROM comment_like WHERE cid = $1 AND uid = $2 RETURNING cid', [commentId, user.uid]),
        );
        if (deleted.length) await em.query('UPDATE comment SET like_num = GREATEST(0, like_num - 1) WHERE id = $1', [commentId]);
      }
    });
    if (place.did) await this.cache.touch({ dids: [place.did] });
  }

  /** GET /api/reply: every reply of a comment, newest first. */
  async replies(commentId: number, user: AuthUser | undefined): Promise<ReplyVO[]> {
    const c = await this.comment(commentId);
    await this.place(this.dataSource.manager, c, user);
    return this.dataSource.query(
      `SELECT ${REPLY_COLUMNS} FROM reply r LEFT JOIN user_info u ON u.uid = r.from_uid WHERE r.comment_id = $1 ORDER BY r.id DESC`,
      [commentId],
    );
  }

  /**
   * POST /api/reply: addressed to the quoted reply's author (quoteType Reply) or else to the comment's
   * author, who gets a "Reply" message. The addressee is never taken from the client.
   */
  async reply(dto: ReplyDto, user: AuthUser): Promise<ReplyVO> {
    const commentId = dto.reply.commentId;
    if (!commentId) throw new BadRequestError(DISCUSSION_ERR.commentNotFound);
    if (!dto.reply.content?.trim()) throw new BadRequestError(DISCUSSION_ERR.commentRequired);
    const c = await this.comment(commentId);
    const place = await this.place(this.dataSource.manager, c, user);
    await this.rules.assertCanComment(user);
    let to = { uid: c.fromUid, name: c.fromName, avatar: c.fromAvatar };
    let quote: { id: number; type: 'Comment' | 'Reply' } = { id: c.id, type: 'Comment' };
    if (dto.quoteType === 'Reply' && dto.quoteId) {
      const quoted = await this.dataSource.getRepository(Reply).findOne({ where: { id: dto.quoteId, commentId } });
      if (!quoted) throw new NotFoundError(DISCUSSION_ERR.replyNotFound);
      to = { uid: quoted.fromUid, name: quoted.fromName, avatar: quoted.fromAvatar };
      quote = { id: quoted.id, type: 'Reply' };
    }
    const me = await this.users.findByUid(user.uid);
    const saved = await this.dataSource.transaction(async (em) => {
      const r = await em.save(
        em.create(Reply, {
          commentId,
          fromUid: user.uid,
          fromName: user.username,
          fromAvatar: me?.avatar ?? null,
          fromRole: roleLabel(user),
          toUid: to.uid,
          toName: to.name,
          toAvatar: to.avatar,
          content: dto.reply.content!,
        }),
      );
      await em.query('UPDATE comment SET reply_num = reply_num + 1 WHERE id = $1', [commentId]);
      if (place.did) await em.query('UPDATE discussion SET comment_num = comment_num + 1 WHERE id = $1', [place.did]);
      await this.messages.remind(em, {
        action: 'Reply',
        sourceId: place.sourceId,
        sourceType: place.sourceType,
        sourceContent: r.content,
        quoteId: quote.id,
        quoteType: quote.type,
        commentId,
        replyId: r.id,
        url: place.url,
        recipientId: to.uid,
        senderId: user.uid,
      });
      return r;
    });
    if (place.did) await this.cache.touch({ list: true, dids: [place.did] });
    return {
      id: saved.id,
      commentId,
      fromUid: saved.fromUid,
      fromName: saved.fromName,
      fromAvatar: saved.fromAvatar,
      fromRole: saved.fromRole,
      fromTitleName: me?.titleName ?? null,
      fromTitleColor: me?.titleColor ?? null,
      toUid: saved.toUid,
      toName: saved.toName,
      toAvatar: saved.toAvatar,
      content: saved.content,
      status: saved.status,
      gmtCreate: saved.gmtCreate.toISOString(),
      gmtModified: saved.gmtModified.toISOString(),
    };
  }

  /** DELETE /api/reply: its author, the discussion's author and admins. */
  async removeReply(dto: ReplyDto, user: AuthUser): Promise<void> {
    const id = dto.reply.id;
    if (!id) throw new BadRequestError(DISCUSSION_ERR.replyNotFound);
    const r = await this.dataSource.getRepository(Reply).findOne({ where: { id } });
    if (!r) throw new NotFoundError(DISCUSSION_ERR.replyNotFound);
    const c = await this.comment(r.commentId);
    const place = await this.place(this.dataSource.manager, c, user);
    if (r.fromUid !== user.uid && place.ownerUid !== user.uid && !user.isAdmin) throw new ForbiddenError(ERR.noPermission);
    await this.dataSource.transaction(async (em) => {
      await this.messages.removeAbout(em, { replyId: id });
      await em.query('DELETE FROM reply WHERE id = $1', [id]);
      await em.query('UPDATE comment SET reply_num = GREATEST(0, reply_num - 1) WHERE id = $1', [r.commentId]);
      if (place.did) await em.query('UPDATE discussion SET comment_num = GREATEST(0, comment_num - 1) WHERE id = $1', [place.did]);
    });
    if (place.did) await this.cache.touch({ list: true, dids: [place.did] });
  }

  private async comment(id: number): Promise<Comment> {
    const c = await this.dataSource.getRepository(Comment).findOne({ where: { id } });
    if (!c) throw new NotFoundError(DISCUSSION_ERR.commentNotFound);
    return c;
  }
}
