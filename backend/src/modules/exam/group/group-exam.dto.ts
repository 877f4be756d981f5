import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, MaxLength, Min } from 'class-validator';
import { BoolQuery } from '../../../core/http/bool-query';

/** PUT group/change-exam-visible (as change-contest-visible: eid, visible in the query). */
export class GroupExamVisibleDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) eid: number;
  @ApiProperty() @BoolQuery() @IsBoolean() visible: boolean;
}

/** add-exam-problem-from-group (as the contest's: problemId, eid, displayId, score in the query). */
export class AddExamProblemFromGroupDto {
  @ApiProperty() @IsString() @MaxLength(100) problemId: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) eid: number;
  @ApiProperty() @IsString() @MaxLength(100) displayId: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(0) score: number;
}
