import { Body, Controller, Delete, Get, Ip, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DiscussionCategory, DiscussionVO, Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth, Public, RequireSwitch, Roles } from '../../../core/auth/decorators';
import { HotAnswer, HotCall, HotRoute, positiveIntQuery } from '../../../core/http/hot-path';
import { sendSerialised, sendSerialisedParts } from '../../../core/http/send-serialised';
import { AdminDiscussionService } from '../admin/admin-discussion.service';
import {
  CreateDiscussionDto,
  DidQuery,
  DiscussionLikeQuery,
  DiscussionListQuery,
  DiscussionReportDto,
  UpdateDiscussionDto,
} from '../dto/discussion.dto';
import { DiscussionService } from './discussion.service';

/** Product §7 Discussion (HOJ's DiscussionController); the whole area closes with openPublicDiscussion (root passes). */
@ApiTags('discussion')
@RequireSwitch('openPublicDiscussion')
@Controller()
export class DiscussionController {
  constructor(
    private readonly discussions: DiscussionService,
    private readonly admin: AdminDiscussionService,
  ) {}

  @Public()
  @Get('discussion-category')
  categories(): Promise<DiscussionCategory[]> {
    return this.discussions.categories();
  }

  /** HOJ's root-only save of the whole category list (the admin screens use /api/admin/discussion-category). */
  @Roles(Role.Root)
  @Post('discussion-category')
  upsertCategories(@Body() body: unknown): Promise<DiscussionCategory[]> {
    return this.admin.upsertCategories(body);
  }

  @OptionalAuth()
  @Get('get-discussion-list')
  @ApiOperation({ summary: 'Discussions, pinned first; cid = category, pid = problem, onlyMine, keyword' })
  async list(@Query() q: DiscussionListQuery, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    // Page<DiscussionVO>, answered from the page cache (see the module README).
    sendSerialised(res, await this.discussions.listJson(q, user));
  }

  @OptionalAuth()
  @Get('get-discussion-detail')
  @ApiOperation({ summary: 'One discussion; a view counts once per viewer per hour' })
  @HotRoute('detailHot')
  async detail(@Query() q: DidQuery, @Ip() ip: string, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    // DiscussionVO, the post from the page cache with the caller's like and the views (see the module README).
    sendSerialisedParts(res, await this.discussions.detailJson(q.did, user, ip));
  }

  /**
   * `detail` on core's hot path (core/http/hot-path.ts; the web app asks for it with the first comment page for
   * every post it opens), after the hot path checked this class's switch. Other parameters are left to `detail`.
   */
  async detailHot({ query, user }: HotCall): Promise<HotAnswer> {
    const q = positiveIntQuery(query, ['did'], 'did');
    // The viewer is the user (the client's address only counts views of anonymous readers, who go the framework's way).
    return q && this.discussions.detailJson(q.did!, user, undefined);
  }

  @Post('discussion')
  create(@Body() dto: CreateDiscussionDto, @CurrentUser() user: AuthUser): Promise<DiscussionVO> {
    return this.discussions.create(dto, user);
  }

  @Put('discussion')
  async update(@Body() dto: UpdateDiscussionDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.discussions.update(dto, user);
    return null;
  }

  @Delete('discussion')
  async remove(@Query() q: DidQuery, @CurrentUser() user: AuthUser): Promise<null> {
    await this.discussions.remove(q.did, user);
    return null;
  }

  @Get('discussion-like')
  async like(@Query() q: DiscussionLikeQuery, @CurrentUser() user: AuthUser): Promise<null> {
    await this.discussions.like(q.did, q.toLike, user);
    return null;
  }

  @Post('discussion-report')
  async report(@Body() dto: DiscussionReportDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.discussions.report(dto, user);
    return null;
  }
}
