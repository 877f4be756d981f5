import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DISCUSSION_ERR, DISCUSSION_LIMITS } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

export class AdminDiscussionListQuery extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) keyword?: string;
}

/** PUT /api/admin/discussion: pin and hide (HOJ's Discussion body with id, topPriority, status). */
export class AdminUpdateDiscussionDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() topPriority?: boolean;
  @ApiPropertyOptional({ enum: [0, 1] }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) status?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) categoryId?: number;
}

export class CategoryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;

  @ApiProperty()
  @IsString({ message: DISCUSSION_ERR.categoryNameRequired })
  @IsNotEmpty({ message: DISCUSSION_ERR.categoryNameRequired })
  @MaxLength(DISCUSSION_LIMITS.categoryNameMax)
  name: string;
}

export class CategoryIdQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
}

/** PUT /api/admin/discussion-report: mark handled (HOJ's DiscussionReport body). */
export class UpdateReportDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() status?: boolean;
}
