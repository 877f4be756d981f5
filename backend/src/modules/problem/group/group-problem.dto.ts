import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProblemAuth } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from '../../../core/http/bool-query';

/** PUT group/change-problem-auth: HOJ's @RequestParam pid and auth (query). */
export class GroupProblemAuthDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) pid: number;
  @ApiProperty({ enum: Object.values(ProblemAuth) }) @Type(() => Number) @IsIn(Object.values(ProblemAuth)) auth: number;
}

/** PUT group/apply-public: pid and isApplied (true applies, false cancels). */
export class ApplyPublicDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) pid: number;
  @ApiProperty() @BoolQuery() @IsBoolean() isApplied: boolean;
}

/** get-problem-cases: pid and HOJ's isUpload (all cases here are uploaded ones; read and ignored). */
export class GroupProblemCasesQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) pid: number;
  @ApiPropertyOptional() @IsOptional() @BoolQuery() @IsBoolean() isUpload?: boolean;
}

/** GET /api/admin/group-problem/list (HOJ: currentPage, limit, keyword, gid). */
export class AdminGroupProblemListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) keyword?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) gid?: number;
}

/** PUT /api/admin/group-problem/change-progress (HOJ ChangeGroupProblemProgressDTO). */
export class ChangeGroupProblemProgressDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) pid: number;
  @ApiPropertyOptional() @IsOptional() @IsString() problemId?: string;
  @ApiProperty({ enum: [1, 2, 3] }) @Type(() => Number) @IsInt() progress: number;
}
