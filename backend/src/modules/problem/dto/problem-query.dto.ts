import { Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1';

/** GET /api/get-problem-list query (HOJ names). */
export class ProblemListQueryDto extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) keyword?: string;
  /** Tag ids; HOJ sends tagId=1&tagId=2. */
  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : (Array.isArray(value) ? value : [value]).map(Number)))
  @IsArray()
  @IsInt({ each: true })
  tagId?: number[];
  @IsOptional() @Type(() => Number) @IsInt() difficulty?: number;
  @IsOptional() @IsString() oj?: string;
}

export class AdminProblemListQueryDto extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(100) keyword?: string;
  @IsOptional() @Type(() => Number) @IsInt() auth?: number;
  @IsOptional() @IsString() oj?: string;
}

export class PidQueryDto {
  @Type(() => Number) @IsInt() @Min(1) pid: number;
}

export class ProblemDetailQueryDto {
  @IsString() problemId: string;
  @IsOptional() @Type(() => Number) @IsInt() gid?: number;
}

export class ProblemTagsQueryDto {
  @IsOptional() @IsString() oj?: string;
}

export class LanguagesQueryDto {
  @IsOptional() @Transform(toBool) @IsBoolean() all?: boolean;
  @IsOptional() @Type(() => Number) @IsInt() pid?: number;
}

export class UserProblemStatusDto {
  @IsArray() @IsInt({ each: true }) pidList: number[];
  @IsOptional() @IsBoolean() isContestProblemList?: boolean;
  @IsOptional() @IsBoolean() isExamProblemList?: boolean;
  @IsOptional() @IsInt() cid?: number;
  @IsOptional() @IsInt() eid?: number;
  @IsOptional() @IsInt() gid?: number;
}
