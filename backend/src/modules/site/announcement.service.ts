import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ANNOUNCEMENT_VISIBLE, Announcement, Page } from '@oj/contracts';
import { IsNull, Repository } from 'typeorm';
import { NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { User } from '../../core/auth/entities/user.entity';
import { CreateAnnouncementDto, UpdateAnnouncementDto } from './dto/announcement.dto';
import { AnnouncementEntity } from './entities/announcement.entity';

/**
 * Site announcements: the public list shows visible ones only, newest first. A group's announcements (`gid`)
 * share the table and the list; the site's routes only ever see and change those without a gid.
 */
@Injectable()
export class AnnouncementService {
  constructor(@InjectRepository(AnnouncementEntity) private readonly announcements: Repository<AnnouncementEntity>) {}

  /** Whether any row exists (the demo content is made only on an empty site). */
  async hasAny(): Promise<boolean> {
    return (await this.announcements.count({ take: 1 })) > 0;
  }

  async list(
    query: { currentPage?: number; limit?: number },
    visibleOnly: boolean,
    gid: number | null = null,
  ): Promise<Page<Announcement>> {
    const req = pageRequest(query);
    const qb = this.announcements
      .createQueryBuilder('a')
      .leftJoin(User, 'u', 'u.uid = a.uid')
      .select(['a.id AS id', 'a.title AS title', 'a.content AS content', 'a.status AS status', 'a.uid AS uid'])
      .addSelect(['u.username AS username', 'a.gid AS gid', 'a.gmt_create AS "gmtCreate"', 'a.gmt_modified AS "gmtModified"'])
      .where(gid === null ? 'a.gid IS NULL' : 'a.gid = :gid', { gid })
      .orderBy('a.gmt_create', 'DESC')
      .addOrderBy('a.id', 'DESC');
    if (visibleOnly) qb.andWhere('a.status = :status', { status: ANNOUNCEMENT_VISIBLE });
    const [records, total] = await Promise.all([qb.clone().offset(req.skip).limit(req.size).getRawMany<Announcement>(), qb.getCount()]);
    return toPage(records, total, req);
  }

  async create(dto: CreateAnnouncementDto, uid: string): Promise<AnnouncementEntity> {
    return this.announcements.save(
      this.announcements.create({ title: dto.title, content: dto.content, status: dto.status ?? ANNOUNCEMENT_VISIBLE, uid, gid: null }),
    );
  }

  async update(dto: UpdateAnnouncementDto): Promise<AnnouncementEntity> {
    const row = await this.announcements.findOne({ where: { id: dto.id, gid: IsNull() } });
    if (!row) throw new NotFoundError();
    if (dto.title !== undefined) row.title = dto.title;
    if (dto.content !== undefined) row.content = dto.content;
    if (dto.status !== undefined) row.status = dto.status;
    return this.announcements.save(row);
  }

  async remove(id: number): Promise<void> {
    const result = await this.announcements.delete({ id, gid: IsNull() });
    if (!result.affected) throw new NotFoundError();
  }
}
