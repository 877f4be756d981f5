import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { AnnouncementIdQuery, UpdateAnnouncementDto } from '../dto/announcement.dto';
import { GroupPageQueryDto } from '../../group/dto/group.dto';
import { CreateGroupAnnouncementDto } from './group-announcement.dto';
import { GroupAnnouncementService } from './group-announcement.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadAnnouncement } from '../site-audit';

/** A group's announcements (HOJ GroupAnnouncementController); every call needs a login. */
@ApiTags('group')
@Controller('group')
export class GroupAnnouncementController {
  constructor(private readonly announcements: GroupAnnouncementService) {}

  @Get('get-announcement-list')
  list(@Query() q: GroupPageQueryDto, @CurrentUser() user: AuthUser) {
    return this.announcements.list(q.gid, q, user);
  }

  @Get('get-admin-announcement-list')
  adminList(@Query() q: GroupPageQueryDto, @CurrentUser() user: AuthUser) {
    return this.announcements.adminList(q.gid, q, user);
  }

  @Post('announcement')
  @Audited('group.announcement.create', { target: 'announcement', after: (req) => req.body })
  @HttpCode(200)
  async create(@Body() dto: CreateGroupAnnouncementDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.announcements.create(dto, user);
    return null;
  }

  @Put('announcement')
  @Audited('group.announcement.update', { target: 'announcement', id: fromBody('id'), load: loadAnnouncement })
  async update(@Body() dto: UpdateAnnouncementDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.announcements.update(dto, user);
    return null;
  }

  @Delete('announcement')
  @Audited('group.announcement.delete', { target: 'announcement', id: fromQuery('aid'), load: loadAnnouncement })
  async remove(@Query() q: AnnouncementIdQuery, @CurrentUser() user: AuthUser): Promise<null> {
    await this.announcements.remove(q.aid, user);
    return null;
  }
}
