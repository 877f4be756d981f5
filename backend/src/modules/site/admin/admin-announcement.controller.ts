import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Announcement, Page, Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../../core/auth/decorators';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { AnnouncementService } from '../announcement.service';
import { AnnouncementIdQuery, CreateAnnouncementDto, UpdateAnnouncementDto } from '../dto/announcement.dto';
import { AnnouncementEntity } from '../entities/announcement.entity';

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
  create(@Body() dto: CreateAnnouncementDto, @CurrentUser() user: AuthUser): Promise<AnnouncementEntity> {
    return this.announcements.create(dto, user.uid);
  }

  @Put()
  update(@Body() dto: UpdateAnnouncementDto): Promise<AnnouncementEntity> {
    return this.announcements.update(dto);
  }

  @Delete()
  async remove(@Query() query: AnnouncementIdQuery): Promise<null> {
    await this.announcements.remove(query.aid);
    return null;
  }
}
