import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTEST_ERR, LIMITS, MAX_PAGE_SIZE } from '@oj/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from './bool-query';

/** `?cid=` */
export class CidQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  cid: number;
}

export class RegisterContestDto {
  @ApiProperty()
  @IsInt()
  cid: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
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

  @ApiPropertyOptional({ type: [String], description: 'Followed users (uids): only their rows' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  concernedList?: string[];

  @ApiPropertyOptional({ description: 'Admins: recompute the board from the database' })
  @IsOptional()
  @IsBoolean()
  forceRefresh?: boolean;
}

/** POST /api/get-contest-outside-scoreboard: one or several contests merged. */
export class OutsideScoreboardDto {
  @IsInt()
  cid: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsInt({ each: true })
  cidList?: number[];

  @IsOptional()
  @IsBoolean()
  removeStar?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsString({ each: true })
  concernedList?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class ContestSubmissionsQueryDto extends PageQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  displayId?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  searchStatus?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  searchUsername?: string;

  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  onlyMine?: boolean;

  /** Admins: include submissions made before the seal? (HOJ: beforeContestSubmit) */
  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  beforeContestSubmit?: boolean;

  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  completeProblemID?: boolean;
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
