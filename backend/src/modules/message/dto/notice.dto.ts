import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LIMITS, NOTICE_RECIPIENTS, NoticeRecipientType } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

export class CreateNoticeDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) title: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) content: string;

  @ApiProperty({ enum: NOTICE_RECIPIENTS })
  @IsIn(NOTICE_RECIPIENTS)
  type: NoticeRecipientType;

  @ApiPropertyOptional({ description: 'Username of the recipient when type is User' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.usernameMax)
  recipient?: string;
}

export class UpdateNoticeDto {
  @ApiProperty() @IsInt() @Min(1) id: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100_000) content?: string;
  @ApiPropertyOptional({ enum: NOTICE_RECIPIENTS }) @IsOptional() @IsIn(NOTICE_RECIPIENTS) type?: NoticeRecipientType;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(LIMITS.usernameMax) recipient?: string;
}

export class NoticeListQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: NOTICE_RECIPIENTS }) @IsOptional() @IsIn(NOTICE_RECIPIENTS) type?: NoticeRecipientType;
}

/** POST admin/msg/notice/push (not in HOJ). */
export class NoticeIdBody {
  @ApiProperty() @IsInt() @Min(1) id: number;
}

export class NoticeIdQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
}
