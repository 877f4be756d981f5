import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ANNOUNCEMENT_VISIBLE, Announcement, ERR, GroupMemberStatus, Page } from '@oj/contracts';
import { Not, IsNull, Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { AnnouncementService } from '../announcement.service';
import { UpdateAnnouncementDto } from '../dto/announcement.dto';
import { AnnouncementEntity } from '../entities/announcement.entity';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { GroupService } from '../../group/group.service';
import { CreateGroupAnnouncementDto } from './group-announcement.dto';

/**
 * A group's announcements (HOJ GroupAnnouncementManager): the site's announcement rows with the group's gid.
 * Members read the visible ones; group admins list all and post; the author, the group's owner and root edit
 * and delete.
 */
@Injectable()
export class GroupAnnouncementService {
  constructor(
    @InjectRepository(AnnouncementEntity) private readonly announcements: Repository<AnnouncementEntity>,
    private readonly site: AnnouncementService,
    private readonly groups: GroupService,
    private readonly access: GroupAccessService,
  ) {}

  async list(gid: number, q: { currentPage?: number; limit?: number }, user: AuthUser): Promise<Page<Announcement>> {
    await this.groups.findActive(gid, user);
    if (!(await this.access.isMember(gid, user))) throw new ForbiddenError(ERR.noPermission);
    return this.site.list(q, true, gid);
  }

  async adminList(gid: number, q: { currentPage?: number; limit?: number }, user: AuthUser): Promise<Page<Announcement>> {
    await this.groups.findActive(gid, user);
    if (!(await this.access.isGroupAdmin(gid, user))) throw new ForbiddenError(ERR.noPermission);
    return this.site.list(q, false, gid);
  }

  async create(dto: CreateGroupAnnouncementDto, user: AuthUser): Promise<void> {
    await this.groups.findActive(dto.gid, user);
    if (!user.isRoot && (await this.access.level(dto.gid, user.uid, true)) < GroupMemberStatus.Admin)
      throw new ForbiddenError(ERR.noPermission);
    await this.announcements.insert({
      title: dto.title,
      content: dto.content,
      status: dto.status ?? ANNOUNCEMENT_VISIBLE,
      uid: user.uid,
      gid: dto.gid,
    });
  }

  /** The row moves with nothing but its title, content and status (never to another group). */
  async update(dto: UpdateAnnouncementDto, user: AuthUser): Promise<void> {
    const row = await this.managed(dto.id, user);
    await this.announcements.update(
      { id: row.id },
      { title: dto.title ?? row.title, content: dto.content ?? row.content, status: dto.status ?? row.status },
    );
  }

  async remove(aid: number, user: AuthUser): Promise<void> {
    const row = await this.managed(aid, user);
    await this.announcements.delete({ id: row.id });
  }

  /** A group's announcement (a site one is not found here) that the caller may change. */
  private async managed(id: number, user: AuthUser): Promise<AnnouncementEntity> {
    const row = await this.announcements.findOne({ where: { id, gid: Not(IsNull()) } });
    if (!row || row.gid === null) throw new NotFoundError(ERR.notFound);
    await this.groups.findActive(row.gid, user);
    const allowed = user.isRoot || row.uid === user.uid || (await this.access.level(row.gid, user.uid, true)) >= GroupMemberStatus.Root;
    if (!allowed) throw new ForbiddenError(ERR.noPermission);
    return row;
  }
}
