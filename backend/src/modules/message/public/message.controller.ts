import { Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Page, SysMessage, UnreadCounts, UserMsgVO } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { HotAnswer, HotCall, HotRoute } from '../../../core/http/hot-path';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { CleanMsgQuery } from '../dto/clean-msg.dto';
import { NoticeService } from '../notice.service';
import { UnreadCounterService } from '../unread-counter.service';
import { UserMessageService, parseCleanType } from '../user-message.service';

/** Product §7 Messages: the five boxes of the message centre and their unread counts. */
@ApiTags('message')
@Controller('msg')
export class MessageController {
  constructor(
    private readonly notices: NoticeService,
    private readonly messages: UserMessageService,
    private readonly counters: UnreadCounterService,
  ) {}

  @Get('unread')
  @ApiOperation({ summary: 'Unread counts of the five boxes (one counter row; polled every 120 s)' })
  @HotRoute('unreadHot')
  unread(@CurrentUser() user: AuthUser): Promise<UnreadCounts> {
    return this.counters.get(user.uid);
  }

  /**
   * `unread` on core's hot path (core/http/hot-path.ts): every signed-in browser polls it, and the answer is the
   * caller's counters from one Redis round trip. The call takes no parameters: anything else is for `unread`.
   */
  async unreadHot({ user, query }: HotCall): Promise<HotAnswer> {
    if (query.size) return undefined;
    return [Buffer.from(JSON.stringify(await this.unread(user)))];
  }

  @Get('comment')
  @ApiOperation({ summary: 'Comments on my discussions, unread first (the page shown is marked read)' })
  comment(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<Page<UserMsgVO>> {
    return this.messages.list(user.uid, 'Discuss', query);
  }

  @Get('reply')
  @ApiOperation({ summary: 'Replies to me, unread first (the page shown is marked read)' })
  reply(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<Page<UserMsgVO>> {
    return this.messages.list(user.uid, 'Reply', query);
  }

  @Get('like')
  @ApiOperation({ summary: 'Likes of my discussions and comments, unread first (the page shown is marked read)' })
  like(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<Page<UserMsgVO>> {
    return this.messages.list(user.uid, 'Like', query);
  }

  @Get('sys')
  @ApiOperation({ summary: 'System messages of the caller, newest first (the page shown is marked read)' })
  sys(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<Page<SysMessage>> {
    return this.notices.sysMessages(user.uid, query, 'Sys');
  }

  @Get('mine')
  @ApiOperation({ summary: 'Outcomes of my own actions (reports handled), newest first (the page shown is marked read)' })
  mine(@CurrentUser() user: AuthUser, @Query() query: PageQueryDto): Promise<Page<SysMessage>> {
    return this.notices.sysMessages(user.uid, query, 'Mine');
  }

  @Delete('clean')
  @ApiOperation({ summary: 'Deletes one message (id) or the whole box of type Discuss, Reply, Like, Sys or Mine' })
  async clean(@CurrentUser() user: AuthUser, @Query() query: CleanMsgQuery): Promise<null> {
    const type = parseCleanType(query.type);
    if (type === 'Sys' || type === 'Mine') await this.notices.clean(user.uid, type, query.id);
    else await this.messages.clean(user.uid, type, query.id);
    return null;
  }
}
