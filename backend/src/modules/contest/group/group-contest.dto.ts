import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { UpdateContestProblemDto } from '../dto/admin-contest.dto';
import { BalloonColor, ContestDisplayId, ContestDisplayTitle } from '../dto/contest-link.decorators';
import { ProblemDto } from '../../problem/dto/problem.dto';

/** contest-problem GET / DELETE (HOJ: pid, cid). */
export class GroupContestProblemRefDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) pid: number;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) cid: number;
}

/** add-contest-problem-from-group (HOJ @RequestParam problemId, cid, displayId). */
export class AddContestProblemFromGroupDto {
  @ApiProperty() @IsString() @MaxLength(100) problemId: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) cid: number;
  @ContestDisplayId() displayId: string;
}

/** contest-announcement DELETE (HOJ: aid, cid). */
export class GroupContestAnnouncementRefDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) aid: number;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) cid: number;
}

/**
 * POST /api/group/contest-problem: HOJ's ProblemDTO with `problem.gid`, a problem written for the group's
 * contests. HOJ links it afterwards (PUT contest-problem without an id); `cid` with a `displayId` (ours) links it
 * at once.
 */
export class GroupContestProblemCreateDto extends ProblemDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  cid?: number;

  @ValidateIf((d: GroupContestProblemCreateDto) => d.cid !== undefined)
  @ContestDisplayId()
  displayId?: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}

/**
 * PUT /api/group/contest-problem: the contest_problem row (HOJ ContestProblem, saved with MyBatis' saveOrUpdate):
 * with its `id` an edit; without one, `cid` and `pid` name the link, made when it is not there yet (HOJ's client
 * links a problem it has just created this way).
 */
export class GroupContestProblemSaveDto extends OmitType(UpdateContestProblemDto, ['id'] as const) {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  id?: number;
}
