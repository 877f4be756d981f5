import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminNotice, Page, Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../../core/auth/decorators';
import { CreateNoticeDto, NoticeIdBody, NoticeIdQuery, NoticeListQuery, UpdateNoticeDto } from '../dto/notice.dto';
import { AdminSysNotice } from '../entities/notice.entity';
import { NoticeService } from '../notice.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadNotice, resultId } from '../notice-audit';

/** Admin → Notice (super admin only, product §6). */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/msg/notice')
export class AdminNoticeController {
  constructor(private readonly notices: NoticeService) {}

  @Get()
  list(@Query() query: NoticeListQuery): Promise<Page<AdminNotice>> {
    return this.notices.list(query);
  }

  @Post()
  @Audited('notice.create', { target: 'notice', idFromResult: resultId, load: loadNotice })
  create(@Body() dto: CreateNoticeDto, @CurrentUser() user: AuthUser): Promise<AdminSysNotice> {
    return this.notices.create(dto, user.uid);
  }

  @Put()
  @Audited('notice.update', { target: 'notice', id: fromBody('id'), load: loadNotice })
  update(@Body() dto: UpdateNoticeDto): Promise<AdminSysNotice> {
    return this.notices.update(dto);
  }

  /** Push now (not in HOJ): the notice reaches its recipients at once instead of at the next hourly push. */
  @Post('push')
  @Audited('notice.push', { target: 'notice', id: fromBody('id'), load: loadNotice })
  @HttpCode(200)
  push(@Body() dto: NoticeIdBody): Promise<AdminSysNotice> {
    return this.notices.pushNow(dto.id);
  }

  @Delete()
  @Audited('notice.delete', { target: 'notice', id: fromQuery('id'), load: loadNotice })
  async remove(@Query() query: NoticeIdQuery): Promise<null> {
    await this.notices.remove(query.id);
    return null;
  }
}
