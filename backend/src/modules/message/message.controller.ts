import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Page, SysMessage, UnreadCounts } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/decorators';
import { PageQueryDto } from '../../core/pagination/pagination';
import { NoticeService } from './notice.service';

/** The system-message part of spec §7 Messages. */
@ApiTags('message')
@Controller('msg')
export class MessageController {
  constructor(private readonly notices: NoticeService) {}

  @Get('sys')
  @ApiOperation({ summary: 'System messages of the caller, newest first (the page shown is marked read)' })
  sys(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<Page<SysMessage>> {
    return this.notices.sysMessages(user.uid, query);
  }

  @Get('unread')
  @ApiOperation({ summary: 'Unread counts; comment, reply and like stay 0 until discussions exist' })
  async unread(@CurrentUser() user: AuthUser): Promise<UnreadCounts> {
    return { comment: 0, reply: 0, like: 0, ...(await this.notices.unreadCounts(user.uid)) };
  }
}
