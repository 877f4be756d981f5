import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { ADMIN_ROLES, AdminNotice, ERR, MINE_MESSAGES, MineMessageCode, MineMessageParams, Page, SysMessage, TIMINGS } from '@oj/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { UserRole } from '../../core/auth/entities/user-role.entity';
import { User } from '../../core/auth/entities/user.entity';
import { UserService } from '../user/user.service';
import { UnreadCounterService } from './unread-counter.service';
import { firstResult } from './user-message.service';
import { CreateNoticeDto, NoticeListQuery, UpdateNoticeDto } from './dto/notice.dto';
import { AdminSysNotice, NoticeRecipient, UserSysNotice } from './entities/notice.entity';

/**
 * Admin notices (Admin → Notice) and their delivery: an hourly job (product §9) copies each notice not
 * yet pushed into its recipients' "sys" box. Several replicas may run the job: rows are claimed
 * with SKIP LOCKED, so each notice is pushed once.
 */
@Injectable()
export class NoticeService {
  private readonly logger = new Logger(NoticeService.name);

  constructor(
    @InjectRepository(AdminSysNotice) private readonly notices: Repository<AdminSysNotice>,
    private readonly users: UserService,
    private readonly dataSource: DataSource,
    private readonly counters: UnreadCounterService,
  ) {}

  private async recipientUid(type: string, username: string | undefined): Promise<string | null> {
    if (type !== NoticeRecipient.User) return null;
    if (!username) throw new BadRequestError(ERR.usernameRequired);
    const user = await this.users.findByUsername(username);
    if (!user) throw new BadRequestError(ERR.usernameNotExist);
    return user.uid;
  }

  async list(query: NoticeListQuery): Promise<Page<AdminNotice>> {
    const req = pageRequest(query);
    const qb = this.notices
      .createQueryBuilder('n')
      .leftJoin(User, 'u', 'u.uid = n.recipient_id')
      .select(['n.id AS id', 'n.title AS title', 'n.content AS content', 'n.type AS type', 'n.state AS state'])
      .addSelect(['u.username AS recipient', 'n.admin_id AS "adminId"', 'n.gmt_create AS "gmtCreate"', 'n.gmt_modified AS "gmtModified"'])
      .orderBy('n.gmt_create', 'DESC')
      .addOrderBy('n.id', 'DESC');
    // 'Single' notices carry one user's "mine" message (a report handled): not Admin → Notice rows.
    if (query.type) qb.where('n.type = :type', { type: query.type });
    else qb.where(`n.type <> :single`, { single: SINGLE_NOTICE });
    const [records, total] = await Promise.all([qb.clone().offset(req.skip).limit(req.size).getRawMany<AdminNotice>(), qb.getCount()]);
    return toPage(records, total, req);
  }

  async create(dto: CreateNoticeDto, adminId: string): Promise<AdminSysNotice> {
    const recipientId = await this.recipientUid(dto.type, dto.recipient);
    return this.notices.save(
      this.notices.create({ title: dto.title, content: dto.content, type: dto.type, recipientId, adminId, state: false }),
    );
  }

  /** Pushed notices cannot change their recipients any more; title and content still can. */
  async update(dto: UpdateNoticeDto): Promise<AdminSysNotice> {
    const row = await this.notices.findOne({ where: { id: dto.id } });
    if (!row) throw new NotFoundError();
    if (dto.title !== undefined) row.title = dto.title;
    if (dto.content !== undefined) row.content = dto.content;
    if (!row.state && (dto.type !== undefined || dto.recipient !== undefined)) {
      row.type = dto.type ?? row.type;
      row.recipientId = await this.recipientUid(row.type, dto.recipient);
    }
    return this.notices.save(row);
  }

  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const result = await em.delete(AdminSysNotice, { id });
      if (!result.affected) throw new NotFoundError();
      const rows = firstResult(
        await em.query('DELETE FROM user_sys_notice WHERE sys_notice_id = $1 RETURNING recipient_id, type AS kind, state', [id]),
      );
      await this.counters.adjust(em, UnreadCounterService.unreadRows(rows));
    });
  }

  /** Delivers every notice not yet pushed; answers how many notices were pushed. */
  @Cron(TIMINGS.noticePushCron, { name: 'push-admin-notices' })
  pushPending(): Promise<number> {
    return this.push();
  }

  /**
   * POST admin/msg/notice/push (not in HOJ): one notice now instead of at the next hour; the hourly job stays for
   * the others. Claimed the same way, so the job and this never push it twice. Answers the notice as stored.
   */
  async pushNow(id: number): Promise<AdminSysNotice> {
    const notice = await this.dataSource.getRepository(AdminSysNotice).findOneBy({ id });
    // a 'Single' notice is one user's "mine" message, delivered when written: not Admin → Notice's
    if (!notice || (notice.type as string) === SINGLE_NOTICE) throw new NotFoundError();
    await this.push(id);
    return (await this.dataSource.getRepository(AdminSysNotice).findOneBy({ id }))!;
  }

  /** Pushes the notices not yet pushed (only `id` when given); answers how many were pushed. */
  private async push(id?: number): Promise<number> {
    const pushed = await this.dataSource.transaction(async (em) => {
      const query = em.createQueryBuilder(AdminSysNotice, 'n').where('n.state = false');
      if (id !== undefined) query.andWhere('n.id = :id', { id });
      // The hourly job skips a notice another transaction holds (that one is pushing it). One notice pushed now
      // waits for it instead: skipping would answer "pushed" for a notice still waiting, and the admin's list would
      // keep showing it as waiting. After the wait the row is read again and is left out if it was pushed meanwhile.
      query.setLock('pessimistic_write');
      if (id === undefined) query.setOnLocked('skip_locked');
      const pending = await query.getMany();
      for (const notice of pending) {
        const select = em.createQueryBuilder().select('u.uid', 'recipient_id').from(User, 'u');
        if (notice.type === NoticeRecipient.User) select.where('u.uid = :uid', { uid: notice.recipientId });
        if (notice.type === NoticeRecipient.Admin) {
          select.innerJoin(UserRole, 'r', 'r.uid = u.uid').where('r.role_id IN (:...roles)', { roles: [...ADMIN_ROLES] });
        }
        const [sql, params] = select.getQueryAndParameters();
        // The counters move in the same statement as the rows they count.
        await em.query(
          `WITH ins AS (
             INSERT INTO user_sys_notice (sys_notice_id, recipient_id, type, state)
             SELECT $${params.length + 1}, s.recipient_id, 'Sys', false FROM (${sql}) s RETURNING recipient_id
           )
           INSERT INTO user_msg_unread (uid, sys) SELECT recipient_id, COUNT(*) FROM ins GROUP BY recipient_id
           ON CONFLICT (uid) DO UPDATE SET sys = user_msg_unread.sys + EXCLUDED.sys`,
          [...params, notice.id],
        );
        await em.update(AdminSysNotice, { id: notice.id }, { state: true });
      }
      return pending.length;
    });
    if (pushed) {
      await this.counters.stampAll();
      this.logger.log(`pushed ${pushed} notice(s)`);
    }
    return pushed;
  }

  /** GET /api/msg/sys and /api/msg/mine: the user's messages of that box, newest first; the page shown is marked read. */
  async sysMessages(uid: string, query: { currentPage?: number; limit?: number }, type: SysBox = 'Sys'): Promise<Page<SysMessage>> {
    const req = pageRequest(query);
    return this.dataSource.transaction(async (em) => {
      const qb = em
        .createQueryBuilder(UserSysNotice, 'm')
        .innerJoin(AdminSysNotice, 'n', 'n.id = m.sys_notice_id')
        .select(['m.id AS id', 'n.title AS title', 'n.content AS content', 'n.admin_id AS "adminId"', 'm.type AS type'])
        .addSelect(['n.msg_code AS "msgCode"', 'n.msg_params AS "msgParams"'])
        .addSelect(['m.state AS state', 'm.gmt_create AS "gmtCreate"'])
        .where('m.recipient_id = :uid', { uid })
        .andWhere('m.type = :type', { type })
        .orderBy('m.gmt_create', 'DESC')
        .addOrderBy('m.id', 'DESC');
      const [records, total] = await Promise.all([qb.clone().offset(req.skip).limit(req.size).getRawMany<SysMessage>(), qb.getCount()]);
      const unread = records.filter((r) => !r.state).map((r) => r.id);
      if (unread.length) {
        const changed = firstResult(
          await em.query('UPDATE user_sys_notice SET state = true WHERE id = ANY($1) AND state = false RETURNING id', [unread]),
        );
        await this.counters.adjust(em, [{ uid, box: type === 'Sys' ? 'sys' : 'mine', delta: -changed.length }]);
      }
      return toPage(records, total, req);
    });
  }

  /** DELETE /api/msg/clean for the Sys and Mine boxes: one message or the whole box. */
  async clean(uid: string, type: SysBox, id?: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rows = firstResult(
        id === undefined
          ? await em.query(
              'DELETE FROM user_sys_notice WHERE recipient_id = $1 AND type = $2 RETURNING recipient_id, type AS kind, state',
              [uid, type],
            )
          : await em.query(
              'DELETE FROM user_sys_notice WHERE recipient_id = $1 AND type = $2 AND id = $3 RETURNING recipient_id, type AS kind, state',
              [uid, type, id],
            ),
      );
      await this.counters.adjust(em, UnreadCounterService.unreadRows(rows));
    });
  }

  /**
   * A message in one user's "mine" box about their own action (a report handled, ...): stored as a
   * 'Single' notice, already pushed, and its delivery row. It keeps its code and fields (clients render
   * them in the reader's language) and the English text (what HOJ's clients show).
   */
  async sendMine<C extends MineMessageCode>(
    em: EntityManager,
    recipientId: string,
    code: C,
    params: MineMessageParams<C>,
    adminId: string | null,
  ): Promise<void> {
    // One code at a time: the union of every code's params is narrowed by C, which TypeScript cannot see here.
    const texts = MINE_MESSAGES[code] as unknown as { title: () => string; content: (p: MineMessageParams<C>) => string };
    const notice = await em.save(
      em.create(AdminSysNotice, {
        title: texts.title(),
        content: texts.content(params),
        msgCode: code,
        msgParams: params as Record<string, string | number | null>,
        type: SINGLE_NOTICE as NoticeRecipient,
        recipientId,
        adminId,
        state: true,
      }),
    );
    await em.insert(UserSysNotice, { sysNoticeId: notice.id, recipientId, type: 'Mine', state: false });
    await this.counters.adjust(em, [{ uid: recipientId, box: 'mine', delta: 1 }]);
  }
}

export type SysBox = 'Sys' | 'Mine';
/** Notice type of the one-user messages behind the "mine" box. */
export const SINGLE_NOTICE = 'Single';
