import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DISCUSSION_ERR, DISCUSSION_LIMITS } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { toBool } from './discussion.dto';

/** GET /api/comments: `did` for a discussion or `cid` for a contest. */
export class CommentsQuery extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) did?: number;
  @ApiPropertyOptional({ description: 'Contest id' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) cid?: number;
}

const commentText = () => [
  IsString({ message: DISCUSSION_ERR.commentRequired }),
  IsNotEmpty({ message: DISCUSSION_ERR.commentRequired }),
  MaxLength(DISCUSSION_LIMITS.commentMax, { message: DISCUSSION_ERR.commentTooLong }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

/** POST /api/comment (HOJ's Comment body). */
export class CreateCommentDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) did?: number;
  @ApiPropertyOptional({ description: 'Contest id' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) cid?: number;
  @ApiProperty() @apply(commentText()) content: string;
}

/** DELETE /api/comment (HOJ sends the Comment in the body). */
export class DeleteCommentDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
}

/** GET /api/comment-like: `cid` is the comment id (HOJ); the source is read from the comment. */
export class CommentLikeQuery {
  @ApiProperty({ description: 'Comment id' }) @Type(() => Number) @IsInt() @Min(1) cid: number;
  @ApiProperty() @Transform(toBool) @IsBoolean() toLike: boolean;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() sourceId?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) sourceType?: string;
}

export class ReplyBody {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) commentId?: number;
  @ApiPropertyOptional() @IsOptional() @apply(commentText()) content?: string;
  @ApiPropertyOptional({ description: 'Ignored: the addressee is the quoted author' }) @IsOptional() @IsString() toUid?: string;
}

/** POST and DELETE /api/reply (HOJ's ReplyDTO). */
export class ReplyDto {
  @ApiProperty({ type: ReplyBody }) @IsDefined() @ValidateNested() @Type(() => ReplyBody) reply: ReplyBody;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() did?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() cid?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() quoteId?: number;
  @ApiPropertyOptional({ enum: ['Comment', 'Reply'] }) @IsOptional() @IsIn(['Comment', 'Reply']) quoteType?: 'Comment' | 'Reply';
}

/** GET /api/reply: every reply of a comment. */
export class ReplyListQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) commentId: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() cid?: number;
}
