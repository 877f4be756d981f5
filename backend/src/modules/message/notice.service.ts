import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { ADMIN_ROLES, AdminNotice, ERR, Page, SysMessage, TIMINGS, UnreadCounts } from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { UserRole } from '../user/entities/user-role.entity';
import { User } from '../user/entities/user.entity';
import { UserService } from '../user/user.service';
import { CreateNoticeDto, NoticeListQuery, UpdateNoticeDto } from './dto/notice.dto';
import { AdminSysNotice, NoticeRecipient, UserSysNotice } from './entities/notice.entity';

/**
 * Admin notices (Admin → Notice) and their delivery: an hourly job (spec §9) copies each notice not
 * yet pushed into its recipients' "sys" box. Several replicas may run the job: rows are claimed
 * with SKIP LOCKED, so each notice is pushed once.
 */
@Injectable()
export class NoticeService {
  private readonly logger = new Logger(NoticeService.name);

  constructor(
    @InjectRepository(AdminSysNotice) private readonly notices: Repository<AdminSysNotice>,
    @InjectRepository(UserSysNotice) private readonly inbox: Repository<UserSysNotice>,
    private readonly users: UserService,
    private readonly dataSource: DataSource,
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
    if (query.type) qb.where('n.type = :type', { type: query.type });
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
      await em.delete(UserSysNotice, { sysNoticeId: id });
    });
  }

  /** Delivers every notice not yet pushed; answers how many notices were pushed. */
  @Cron(TIMINGS.noticePushCron, { name: 'push-admin-notices' })
  async pushPending(): Promise<number> {
    const pushed = await this.dataSource.transaction(async (em) => {
      const pending = await em
        .createQueryBuilder(AdminSysNotice, 'n')
        .where('n.state = false')
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const notice of pending) {
        const select = em.createQueryBuilder().select('u.uid', 'recipient_id').from(User, 'u');
        if (notice.type === NoticeRecipient.User) select.where('u.uid = :uid', { uid: notice.recipientId });
        if (notice.type === NoticeRecipient.Admin) {
          select.innerJoin(UserRole, 'r', 'r.uid = u.uid').where('r.role_id IN (:...roles)', { roles: [...ADMIN_ROLES] });
        }
        const [sql, params] = select.getQueryAndParameters();
        await em.query(
          `INSERT INTO user_sys_notice (sys_notice_id, recipient_id, type, state) SELECT $${params.length + 1}, s.recipient_id, 'Sys', false FROM (${sql}) s`,
          [...params, notice.id],
        );
        await em.update(AdminSysNotice, { id: notice.id }, { state: true });
      }
      return pending.length;
    });
    if (pushed) this.logger.log(`pushed ${pushed} notice(s)`);
    return pushed;
  }

  /** GET /api/msg/sys: the user's system messages, newest first; the page shown is marked read. */
  async sysMessages(uid: string, query: { currentPage?: number; limit?: number }): Promise<Page<SysMessage>> {
    const req = pageRequest(query);
    const qb = this.inbox
      .createQueryBuilder('m')
      .innerJoin(AdminSysNotice, 'n', 'n.id = m.sys_notice_id')
      .select(['m.id AS id', 'n.title AS title', 'n.content AS content', 'm.state AS state', 'm.gmt_create AS "gmtCreate"'])
      .where('m.recipient_id = :uid', { uid })
      .andWhere(`m.type = 'Sys'`)
      .orderBy('m.gmt_create', 'DESC')
      .addOrderBy('m.id', 'DESC');
    const [records, total] = await Promise.all([qb.clone().offset(req.skip).limit(req.size).getRawMany<SysMessage>(), qb.getCount()]);
    const unread = records.filter((r) => !r.state).map((r) => r.id);
    if (unread.length) await this.inbox.createQueryBuilder().update().set({ state: true }).whereInIds(unread).execute();
    return toPage(records, total, req);
  }

  /** Unread system messages of the user (the "sys" and "mine" badges). */
  async unreadCounts(uid: string): Promise<Pick<UnreadCounts, 'sys' | 'mine'>> {
    const rows = await this.inbox
      .createQueryBuilder('m')
      .select('m.type', 'type')
      .addSelect('COUNT(*)::int', 'count')
      .where('m.recipient_id = :uid AND m.state = false', { uid })
      .groupBy('m.type')
      .getRawMany<{ type: string; count: number }>();
    const count = (type: string) => rows.find((r) => r.type === type)?.count ?? 0;
    return { sys: count('Sys'), mine: count('Mine') };
  }
}
