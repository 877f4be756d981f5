import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Announcement, Page, Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../../core/auth/decorators';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { AnnouncementService } from '../announcement.service';
import { AnnouncementIdQuery, CreateAnnouncementDto, UpdateAnnouncementDto } from '../dto/announcement.dto';
import { AnnouncementEntity } from '../entities/announcement.entity';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadAnnouncement, resultId } from '../site-audit';

/** Admin → Announcement (super admin only, product §6). */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/announcement')
export class AdminAnnouncementController {
  constructor(private readonly announcements: AnnouncementService) {}

  @Get()
  list(@Query() query: PageQueryDto): Promise<Page<Announcement>> {
    return this.announcements.list(query, false);
  }

  @Post()
  @Audited('announcement.create', { target: 'announcement', idFromResult: resultId, load: loadAnnouncement })
  create(@Body() dto: CreateAnnouncementDto, @CurrentUser() user: AuthUser): Promise<AnnouncementEntity> {
    return this.announcements.create(dto, user.uid);
  }

  @Put()
  @Audited('announcement.update', { target: 'announcement', id: fromBody('id'), load: loadAnnouncement })
  update(@Body() dto: UpdateAnnouncementDto): Promise<AnnouncementEntity> {
    return this.announcements.update(dto);
  }

  @Delete()
  @Audited('announcement.delete', { target: 'announcement', id: fromQuery('aid'), load: loadAnnouncement })
  async remove(@Query() query: AnnouncementIdQuery): Promise<null> {
    await this.announcements.remove(query.aid);
    return null;
  }
}
