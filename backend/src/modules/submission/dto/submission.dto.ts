import { ERR, LIMITS, TEST_JUDGE_INPUT_MAX } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1';

/** POST /api/submit-problem-judge (HOJ SubmitJudgeDTO). `pid` is the problem's display ID. */
export class SubmitJudgeDto {
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString()
  @IsNotEmpty()
  pid: string;

  @IsString() @IsNotEmpty() language: string;

  @IsString({ message: ERR.codeEmpty })
  @IsNotEmpty({ message: ERR.codeEmpty })
  @MaxLength(LIMITS.codeMaxChars, { message: ERR.codeTooLong })
  code: string;

  @IsOptional() @IsInt() @Min(0) cid?: number;
  /** An exam submission: `pid` is the exam display id and the exam rules apply. */
  @IsOptional() @IsInt() @Min(0) eid?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) tid?: number | null;
  @IsOptional() @IsInt() gid?: number | null;
  @IsOptional() @IsBoolean() isRemote?: boolean;
}

export class SubmissionListQueryDto extends PageQueryDto {
  @IsOptional() @Transform(toBool) @IsBoolean() onlyMine?: boolean;
  /** Problem display ID. */
  @IsOptional() @IsString() @MaxLength(100) problemID?: string;
  @IsOptional() @Type(() => Number) @IsInt() status?: number;
  @IsOptional() @IsString() @MaxLength(100) username?: string;
  @IsOptional() @Transform(toBool) @IsBoolean() completeProblemID?: boolean;
  @IsOptional() @Type(() => Number) @IsInt() gid?: number;
}

export class SubmitIdQueryDto {
  @Type(() => Number) @IsInt() @Min(1) submitId: number;
}

/** get-submission-detail: with a cid or an eid (not in HOJ; core/auth/lockdown.ts) only a submission of that scope. */
export class SubmissionDetailQueryDto extends SubmitIdQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) cid?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) eid?: number;
}

export class ShareSubmissionDto {
  @IsInt() @Min(1) submitId: number;
  @IsBoolean() share: boolean;
  // The HOJ client sends the whole submission back; only submitId and share are read.
  @Allow() pid?: unknown;
  @Allow() displayPid?: unknown;
  @Allow() uid?: unknown;
  @Allow() username?: unknown;
  @Allow() submitTime?: unknown;
  @Allow() status?: unknown;
  @Allow() errorMessage?: unknown;
  @Allow() time?: unknown;
  @Allow() memory?: unknown;
  @Allow() score?: unknown;
  @Allow() length?: unknown;
  @Allow() code?: unknown;
  @Allow() language?: unknown;
  @Allow() gid?: unknown;
  @Allow() cid?: unknown;
  @Allow() cpid?: unknown;
  @Allow() tid?: unknown;
  @Allow() judger?: unknown;
  @Allow() ip?: unknown;
  @Allow() version?: unknown;
  @Allow() oiRankScore?: unknown;
  @Allow() isManual?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
  @Allow() vjudgeUsername?: unknown;
  @Allow() vjudgeSubmitId?: unknown;
  @Allow() vjudgePassword?: unknown;
}

export class CheckSubmissionsStatusDto {
  @IsArray() @ArrayMaxSize(200) @IsInt({ each: true }) submitIds: number[];
  @IsOptional() @IsInt() cid?: number;
  @IsOptional() @IsInt() eid?: number;
}

/** POST /api/submit-problem-test-judge (HOJ TestJudgeDTO). */
export class TestJudgeDto {
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString()
  @IsNotEmpty()
  pid: string;

  @IsString() @IsNotEmpty() language: string;

  @IsString({ message: ERR.codeEmpty })
  @IsNotEmpty({ message: ERR.codeEmpty })
  @MaxLength(LIMITS.codeMaxChars, { message: ERR.codeTooLong })
  code: string;

  @IsString() @MaxLength(TEST_JUDGE_INPUT_MAX) userInput: string;
  @IsOptional() @IsString() @MaxLength(TEST_JUDGE_INPUT_MAX) expectedOutput?: string | null;
  @IsOptional() @IsString() type?: string;
  @IsOptional() @IsBoolean() isRemoteJudge?: boolean;
  @IsOptional() @IsInt() cid?: number;
  @IsOptional() @IsInt() gid?: number | null;
  @IsOptional() @IsString() mode?: string;
}

export class TestJudgeKeyQueryDto {
  @IsString() @IsNotEmpty() @MaxLength(64) testJudgeKey: string;
}

/** GET /api/get-last-ac-code (HOJ: pid, optional cid). */
export class LastAcCodeQueryDto {
  @IsInt() @Min(1) pid: number;
  @IsOptional() @IsInt() @Min(0) cid?: number;
}

/** GET /api/get-last-week-submission-statistics. */
export class SubmissionStatisticsQueryDto {
  @IsOptional() @IsBoolean() forceRefresh?: boolean;
}
