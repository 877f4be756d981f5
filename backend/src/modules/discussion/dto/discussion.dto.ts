import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DISCUSSION_ERR, DISCUSSION_LIMITS } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

/** Query booleans arrive as 'true' / 'false'. */
export const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** GET /api/get-discussion-list (HOJ names: `cid` is the category). */
export class DiscussionListQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Category id' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) cid?: number;
  @ApiPropertyOptional({ description: 'Problem id' }) @IsOptional() @IsString() @MaxLength(255) pid?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(toBool) @IsBoolean() onlyMine?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) keyword?: string;
  @ApiPropertyOptional({ description: 'Admins: hidden posts too' }) @IsOptional() @Transform(toBool) @IsBoolean() admin?: boolean;
}

export class DidQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) did: number;
}

export class DiscussionLikeQuery extends DidQuery {
  @ApiProperty() @Transform(toBool) @IsBoolean() toLike: boolean;
}

/** POST /api/discussion (HOJ's Discussion body; author fields come from the token). */
export class CreateDiscussionDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) categoryId: number;

  @ApiProperty()
  @IsString({ message: DISCUSSION_ERR.titleRequired })
  @IsNotEmpty({ message: DISCUSSION_ERR.titleRequired })
  @MaxLength(DISCUSSION_LIMITS.titleMax, { message: DISCUSSION_ERR.titleTooLong })
  title: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(DISCUSSION_LIMITS.descriptionMax, { message: DISCUSSION_ERR.descriptionTooLong })
  description?: string;

  @ApiProperty()
  @IsString({ message: DISCUSSION_ERR.contentRequired })
  @IsNotEmpty({ message: DISCUSSION_ERR.contentRequired })
  @MaxLength(DISCUSSION_LIMITS.contentMax, { message: DISCUSSION_ERR.contentTooLong })
  content: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) pid?: string | null;
  @ApiPropertyOptional({ description: 'Admins only' }) @IsOptional() @IsBoolean() topPriority?: boolean;
}

/** PUT /api/discussion: the same fields, each optional, and the id. */
export class UpdateDiscussionDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) categoryId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: DISCUSSION_ERR.titleRequired })
  @IsNotEmpty({ message: DISCUSSION_ERR.titleRequired })
  @MaxLength(DISCUSSION_LIMITS.titleMax, { message: DISCUSSION_ERR.titleTooLong })
  title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(DISCUSSION_LIMITS.descriptionMax, { message: DISCUSSION_ERR.descriptionTooLong })
  description?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: DISCUSSION_ERR.contentRequired })
  @IsNotEmpty({ message: DISCUSSION_ERR.contentRequired })
  @MaxLength(DISCUSSION_LIMITS.contentMax, { message: DISCUSSION_ERR.contentTooLong })
  content?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) pid?: string | null;
  @ApiPropertyOptional({ description: 'Admins only' }) @IsOptional() @IsBoolean() topPriority?: boolean;
}

/** POST /api/discussion-report: HOJ sends `content`; this client may send `label` and `reason`. */
export class DiscussionReportDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) did: number;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(DISCUSSION_LIMITS.reportMax, { message: DISCUSSION_ERR.reportTooLong })
  content?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100, { message: DISCUSSION_ERR.reportTooLong }) label?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(DISCUSSION_LIMITS.reportMax, { message: DISCUSSION_ERR.reportTooLong })
  reason?: string;
  @ApiPropertyOptional({ description: 'Ignored: the reporter is the caller' }) @IsOptional() @IsString() reporter?: string;
}
