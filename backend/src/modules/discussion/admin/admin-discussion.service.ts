import { Injectable } from '@nestjs/common';
import {
  DISCUSSION_ERR,
  DISCUSSION_LIMITS,
  DiscussionCategory,
  DiscussionReportVO,
  DiscussionStatus,
  DiscussionVO,
  Page,
  ReportOutcome,
} from '@oj/contracts';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { NoticeService } from '../../message/notice.service';
import { DiscussionRemovalService } from '../discussion-removal.service';
import { DiscussionCacheService } from '../discussion-cache.service';
import { AdminDiscussionListQuery, AdminUpdateDiscussionDto, CategoryDto } from '../dto/admin-discussion.dto';
import { DiscussionCategoryEntity } from '../entities/discussion-category.entity';
import { Discussion } from '../entities/discussion.entity';

/** Admin → Discussion: moderation (hide, pin, delete), categories and reports (product §7). */
@Injectable()
export class AdminDiscussionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly removal: DiscussionRemovalService,
    private readonly notices: NoticeService,
    private readonly cache: DiscussionCacheService,
    private readonly groups: GroupAccessService,
  ) {}

  /** A group's posts are the group's: these site routes reach them as root only (GroupAccessService, product §6). */
  private async assertReaches(dids: number[], user: AuthUser): Promise<void> {
    if (user.isRoot) return;
    const rows: { gid: number | null }[] = await this.dataSource.query('SELECT gid FROM discussion WHERE id = ANY($1)', [dids]);
    for (const r of rows) this.groups.assertSiteRouteReaches(r.gid, user);
  }

  async list(q: AdminDiscussionListQuery): Promise<Page<DiscussionVO>> {
    const req = pageRequest(q);
    const keyword = q.keyword?.trim();
    const where = keyword ? `AND (d.title ILIKE $3 OR d.author ILIKE $3 OR d.id::text = $4)` : '';
    const params = keyword ? [`%${keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`, keyword] : [];
    const records: DiscussionVO[] = await this.dataSource.query(
      `SELECT d.id, d.category_id AS "categoryId", c.name AS "categoryName", d.title, d.description, NULL AS content, d.pid, d.uid,
              d.author, d.avatar, d.role, d.view_num AS "viewNum", d.like_num AS "likeNum", d.comment_num AS "commentNum",
              d.top_priority AS "topPriority", d.gid, d.status, d.gmt_create AS "gmtCreate", d.gmt_modified AS "gmtModified"
         FROM discussion d LEFT JOIN discussion_category c ON c.id = d.category_id
        WHERE d.gid IS NULL ${where} ORDER BY d.top_priority DESC, d.id DESC LIMIT $1 OFFSET $2`,
      [req.size, req.skip, ...params],
    );
    const [{ total }] = await this.dataSource.query(
      `SELECT COUNT(*)::int AS total FROM discussion d WHERE d.gid IS NULL ${where.replace(/\$3/g, '$1').replace(/\$4/g, '$2')}`,
      params,
    );
    return toPage(records, total, req);
  }

  async update(dto: AdminUpdateDiscussionDto, user: AuthUser): Promise<void> {
    await this.assertReaches([dto.id], user);
    const patch: Partial<Discussion> = {};
    if (dto.topPriority !== undefined) patch.topPriority = dto.topPriority;
    if (dto.status !== undefined) patch.status = dto.status;
    if (dto.categoryId !== undefined) {
      if (!(await this.dataSource.getRepository(DiscussionCategoryEntity).exists({ where: { id: dto.categoryId } }))) {
        throw new BadRequestError(DISCUSSION_ERR.categoryNotFound);
      }
      patch.categoryId = dto.categoryId;
    }
    const exists = await this.dataSource.getRepository(Discussion).exists({ where: { id: dto.id } });
    if (!exists) throw new NotFoundError(DISCUSSION_ERR.notFound);
    if (Object.keys(patch).length) await this.dataSource.getRepository(Discussion).update({ id: dto.id }, patch);
    await this.cache.touch({ list: true, dids: [dto.id] });
  }

  /** HOJ sends the ids as the body (a JSON array); `{ didList }` and `?did=` are read too. */
  async remove(body: unknown, user: AuthUser, didQuery?: string): Promise<number> {
    const raw = Array.isArray(body) ? body : ((body as { didList?: unknown })?.didList ?? (didQuery ? [didQuery] : []));
    const ids = (Array.isArray(raw) ? raw : []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
    if (!ids.length) throw new BadRequestError(DISCUSSION_ERR.selectionEmpty);
    await this.assertReaches(ids, user);
    return this.removal.removeDiscussions(ids);
  }

  categories(): Promise<DiscussionCategory[]> {
    return this.dataSource.query(
      'SELECT id, name, gmt_create AS "gmtCreate", gmt_modified AS "gmtModified" FROM discussion_category ORDER BY id',
    );
  }

  async saveCategory(dto: CategoryDto): Promise<DiscussionCategoryEntity> {
    const repo = this.dataSource.getRepository(DiscussionCategoryEntity);
    if (dto.id) {
      const row = await repo.findOne({ where: { id: dto.id } });
      if (!row) throw new NotFoundError(DISCUSSION_ERR.categoryNotFound);
      row.name = dto.name.trim();
      const saved = await repo.save(row);
      await this.cache.touch({ all: true });
      return saved;
    }
    return repo.save(repo.create({ name: dto.name.trim() }));
  }

  /**
   * HOJ's POST /api/discussion-category: the whole list. Rows with an id are renamed, rows without are
   * added; categories left out are deleted unless they hold discussions. Answers the stored list.
   */
  async upsertCategories(body: unknown): Promise<DiscussionCategory[]> {
    const rows = Array.isArray(body) ? body : [];
    const items = rows.map((r) => ({
      id: Number((r as { id?: unknown })?.id) || undefined,
      name: String((r as { name?: unknown })?.name ?? '').trim(),
    }));
    if (!items.length || items.some((i) => !i.name || i.name.length > DISCUSSION_LIMITS.categoryNameMax)) {
      throw new BadRequestError(DISCUSSION_ERR.categoryNameRequired);
    }
    await this.dataSource.transaction(async (em) => {
      const keep: number[] = [];
      for (const item of items) {
        if (item.id && (await em.update(DiscussionCategoryEntity, { id: item.id }, { name: item.name })).affected) keep.push(item.id);
        else keep.push((await em.save(em.create(DiscussionCategoryEntity, { name: item.name }))).id);
      }
      await em.query(
        'DELETE FROM discussion_category c WHERE NOT (c.id = ANY($1)) AND NOT EXISTS (SELECT 1 FROM discussion d WHERE d.category_id = c.id)',
        [keep],
      );
    });
    await this.cache.touch({ all: true });
    return this.categories();
  }

  /** A category still holding discussions is kept (moving them is the admin's choice). */
  async removeCategory(id: number): Promise<void> {
    const used: unknown[] = await this.dataSource.query('SELECT 1 FROM discussion WHERE category_id = $1 LIMIT 1', [id]);
    if (used.length) throw new BadRequestError(DISCUSSION_ERR.categoryInUse);
    const result = await this.dataSource.getRepository(DiscussionCategoryEntity).delete({ id });
    if (!result.affected) throw new NotFoundError(DISCUSSION_ERR.categoryNotFound);
  }

  async reports(q: { currentPage?: number; limit?: number }): Promise<Page<DiscussionReportVO>> {
    const req = pageRequest(q);
    const records: DiscussionReportVO[] = await this.dataSource.query(
      `SELECT r.id, r.did, d.gid, d.title AS "discussionTitle", d.author AS "discussionAuthor", r.reporter, r.content, r.status,
              r.gmt_create AS "gmtCreate", r.gmt_modified AS "gmtModified"
         FROM discussion_report r LEFT JOIN discussion d ON d.id = r.did
        ORDER BY r.status ASC, r.id DESC LIMIT $1 OFFSET $2`,
      [req.size, req.skip],
    );
    const [{ total }] = await this.dataSource.query('SELECT COUNT(*)::int AS total FROM discussion_report');
    return toPage(records, total, req);
  }

  /**
   * Marks a report handled; the reporter gets a "mine" message saying what became of the discussion
   * (hidden, still shown, or deleted), read at handling time.
   */
  async handleReport(id: number, status: boolean, admin: AuthUser): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rows: { did: number; reporter_uid: string; status: boolean; title: string | null; d_status: number | null }[] = await em.query(
        `SELECT r.did, r.reporter_uid, r.status, d.title, d.status AS d_status
           FROM discussion_report r LEFT JOIN discussion d ON d.id = r.did WHERE r.id = $1 FOR UPDATE OF r`,
        [id],
      );
      const r = rows[0];
      if (!r) throw new NotFoundError();
      await em.query('UPDATE discussion_report SET status = $2, gmt_modified = now() WHERE id = $1', [id, status]);
      if (!status || r.status) return;
      const outcome: ReportOutcome = r.d_status === null ? 'deleted' : r.d_status === DiscussionStatus.Hidden ? 'hidden' : 'kept';
      await this.notices.sendMine(em, r.reporter_uid, 'discussionReportHandled', { did: r.did, title: r.title, outcome }, admin.uid);
    });
  }
}
