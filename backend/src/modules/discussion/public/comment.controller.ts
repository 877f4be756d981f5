import { Body, Controller, Delete, Get, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CommentVO, DiscussionRules, MAX_PAGE_SIZE, ReplyVO } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth } from '../../../core/auth/decorators';
import { HotAnswer, HotCall, HotRoute, positiveIntQuery } from '../../../core/http/hot-path';
import { sendSerialisedParts } from '../../../core/http/send-serialised';
import { CommentLikeQuery, CommentsQuery, CreateCommentDto, DeleteCommentDto, ReplyDto, ReplyListQuery } from '../dto/comment.dto';
import { DiscussionRulesService } from '../discussion-rules.service';
import { CommentService } from './comment.service';

/**
 * Product §7 comments and replies (HOJ's CommentController). The switch depends on the place (discussion
 * or contest), so the service checks it rather than a decorator.
 */
@ApiTags('discussion')
@Controller()
export class CommentController {
  constructor(
    private readonly comments: CommentService,
    private readonly rules: DiscussionRulesService,
  ) {}

  /** Shown before the forms (site or group discussion, contest comments): not behind one place's switch. */
  @Get('get-discussion-rules')
  @ApiOperation({ summary: 'What posting a discussion and commenting ask of the caller (DiscussionRules; not in HOJ)' })
  async discussionRules(@CurrentUser() user: AuthUser): Promise<DiscussionRules> {
    const [post, comment] = await Promise.all([this.rules.postRules(user), this.rules.commentRules(user)]);
    return { post, comment };
  }

  @OptionalAuth()
  @Get('comments')
  @ApiOperation({ summary: "Comments of a discussion (did) or contest (cid), with replies and the caller's likes" })
  @HotRoute('listHot')
  async list(@Query() q: CommentsQuery, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    // CommentListVO; a post's first pages from the page cache (see the module README).
    sendSerialisedParts(res, await this.comments.listJson(q, user));
  }

  /** `list` of a post's comments on core's hot path (core/http/hot-path.ts); other queries are left to `list`. */
  async listHot({ query, user }: HotCall): Promise<HotAnswer> {
    const q = positiveIntQuery(query, ['did', 'currentPage', 'limit'], 'did');
    if (!q || (q.limit ?? 0) > MAX_PAGE_SIZE) return undefined;
    return this.comments.listJson(q, user);
  }

  @Post('comment')
  create(@Body() dto: CreateCommentDto, @CurrentUser() user: AuthUser): Promise<CommentVO> {
    return this.comments.create(dto, user);
  }

  @Delete('comment')
  async remove(@Body() dto: DeleteCommentDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.comments.remove(dto.id, user);
    return null;
  }

  @Get('comment-like')
  async like(@Query() q: CommentLikeQuery, @CurrentUser() user: AuthUser): Promise<null> {
    await this.comments.like(q.cid, q.toLike, user);
    return null;
  }

  @OptionalAuth()
  @Get('reply')
  replies(@Query() q: ReplyListQuery, @CurrentUser() user?: AuthUser): Promise<ReplyVO[]> {
    return this.comments.replies(q.commentId, user);
  }

  @Post('reply')
  reply(@Body() dto: ReplyDto, @CurrentUser() user: AuthUser): Promise<ReplyVO> {
    return this.comments.reply(dto, user);
  }

  @Delete('reply')
  async removeReply(@Body() dto: ReplyDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.comments.removeReply(dto, user);
    return null;
  }
}
