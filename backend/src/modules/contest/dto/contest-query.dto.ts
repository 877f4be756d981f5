import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTEST_ERR, LIMITS, MAX_PAGE_SIZE } from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from '../../../core/http/bool-query';

/** How many other contests one board may merge (externalCidList). */
export const MERGED_CONTESTS_MAX = 10;

/** `?cid=` */
export class CidQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  cid: number;
}

/**
 * GET /api/get-contest-problem. HOJ's clients add `containsEnd` (count submissions after the end). Contests here
 * take no submissions after their end, so there is nothing more to count: accepted, with no effect.
 */
export class ContestProblemQueryDto extends CidQueryDto {
  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  containsEnd?: boolean;
}

export class RegisterContestDto {
  @ApiProperty()
  @IsInt()
  cid: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.accessPasswordMax)
  password?: string;
}

export class ContestProblemDetailsQueryDto extends CidQueryDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: CONTEST_ERR.displayIdRequired })
  displayId: string;
}

/** POST /api/get-contest-rank (HOJ ContestRankDto names). */
export class ContestRankDto {
  @ApiProperty()
  @IsInt()
  cid: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  currentPage?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @IsOptional()
  @IsBoolean()
  removeStar?: boolean;

  @ApiPropertyOptional({
    type: [String],
    description: 'Followed users (uids): copies of their rows head page 1 (HOJ); with onlyConcerned, only their rows show',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  concernedList?: string[];

  @ApiPropertyOptional({ description: 'Only the followed users (concernedList) are listed (not in HOJ)' })
  @IsOptional()
  @IsBoolean()
  onlyConcerned?: boolean;

  @ApiPropertyOptional({ description: 'Admins: recompute the board from the database' })
  @IsOptional()
  @IsBoolean()
  forceRefresh?: boolean;

  /** HOJ: results after the end. Contests here take no submissions after their end: accepted, no effect. */
  @IsOptional()
  @IsBoolean()
  containsEnd?: boolean;

  @ApiPropertyOptional({ type: [Number], description: 'Other contests ranked together with this one (HOJ externalCidList)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MERGED_CONTESTS_MAX)
  @IsInt({ each: true })
  externalCidList?: number[];
}

/**
 * POST /api/get-contest-outside-scoreboard: HOJ's ContestRankDTO (paged like get-contest-rank), and `cidList`, this
 * platform's older name for `externalCidList`.
 */
export class OutsideScoreboardDto extends ContestRankDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MERGED_CONTESTS_MAX)
  @IsInt({ each: true })
  cidList?: number[];
}

/**
 * GET /api/contest-submissions. HOJ's clients name the filters `contestID`, `problemID`, `status` and
 * `username`; this platform's contest remote `cid`, `displayId`, `searchStatus` and `searchUsername`.
 * Both are accepted (`contestSubmissionFilter` picks one); a contest id is required either way.
 */
export class ContestSubmissionsQueryDto extends PageQueryDto {
  @ValidateIf((q: ContestSubmissionsQueryDto) => q.contestID === undefined)
  @Type(() => Number)
  @IsInt()
  cid?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  contestID?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  displayId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  problemID?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  searchStatus?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  status?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  searchUsername?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  username?: string;

  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  onlyMine?: boolean;

  /** HOJ: true lists the submissions made before the start (admins trying a scheduled contest), false those from the start on. */
  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  beforeContestSubmit?: boolean;

  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  completeProblemID?: boolean;
}

/** The filters of a contest-submissions query, whichever names the client used. */
export interface ContestSubmissionFilter {
  cid: number;
  displayId?: string;
  status?: number;
  username?: string;
  onlyMine: boolean;
  beforeContestSubmit?: boolean;
}

export function contestSubmissionFilter(q: ContestSubmissionsQueryDto): ContestSubmissionFilter {
  return {
    cid: (q.cid ?? q.contestID)!,
    displayId: q.displayId || q.problemID || undefined,
    status: q.searchStatus ?? q.status,
    username: q.searchUsername || q.username || undefined,
    onlyMine: !!q.onlyMine,
    beforeContestSubmit: q.beforeContestSubmit,
  };
}

export class CheckContestSubmissionsDto {
  @IsInt()
  cid: number;

  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsInt({ each: true })
  submitIds: number[];
}

export class NotReadAnnouncementDto {
  @IsInt()
  cid: number;

  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  readAnnouncementList?: number[];
}

/** `read-contest-announcement`: announcements the user acknowledged (kept per user on the server). */
export class ReadAnnouncementDto {
  @IsInt()
  cid: number;

  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  announcementIds: number[];
}

export class ContestAnnouncementQueryDto extends PageQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;
}

export class SubmitPrintTextDto {
  @IsInt()
  cid: number;

  @IsString({ message: CONTEST_ERR.printEmpty })
  @IsNotEmpty({ message: CONTEST_ERR.printEmpty })
  @MinLength(LIMITS.printContentMin, { message: CONTEST_ERR.printTooShort })
  @MaxLength(LIMITS.codeMaxChars)
  content: string;
}

export class ContestPrintQueryDto extends PageQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class CheckPrintDto {
  @Type(() => Number)
  @IsInt()
  id: number;

  @Type(() => Number)
  @IsInt()
  cid: number;
}

export class ContestAcInfoQueryDto extends PageQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;
}

export class CheckAcInfoDto {
  /** Submission id of the accepted submission. */
  @IsInt()
  id: number;

  @IsInt()
  cid: number;

  @IsBoolean()
  checked: boolean;
}

export class RejudgeContestProblemQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  @Type(() => Number)
  @IsInt()
  pid: number;
}

/** GET get-full-screen-problem-list (HOJ: tid or cid). */
export class FullScreenProblemListQueryDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  cid?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  tid?: number;
}
