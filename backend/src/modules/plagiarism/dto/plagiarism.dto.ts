import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  PLAGIARISM_LIMITS,
  PlagiarismPairStatus,
  PlagiarismScope,
  ReviewPlagiarismPairBody,
  StartPlagiarismCheckBody,
} from '@oj/contracts';

const SCOPES = Object.values(PlagiarismScope);
const PAIR_STATUSES = Object.values(PlagiarismPairStatus);

export class StartPlagiarismCheckDto implements StartPlagiarismCheckBody {
  @IsIn(SCOPES) scope: PlagiarismScope;
  @Type(() => Number) @IsInt() @Min(1) id: number;
  @IsOptional() @IsBoolean() onlyAccepted?: boolean;
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(PLAGIARISM_LIMITS.minThreshold)
  @Max(PLAGIARISM_LIMITS.maxThreshold)
  threshold?: number;
}

export class PlagiarismIdQueryDto {
  @Type(() => Number) @IsInt() @Min(1) id: number;
}

export class PlagiarismChecksQueryDto {
  @IsIn(SCOPES) scope: PlagiarismScope;
  @Type(() => Number) @IsInt() @Min(1) id: number;
}

export class PlagiarismPairsQueryDto {
  @Type(() => Number) @IsInt() @Min(1) checkId: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) currentPage?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) limit?: number;
  @IsOptional() @IsIn(PAIR_STATUSES) status?: PlagiarismPairStatus;
}

export class ReviewPlagiarismPairDto implements ReviewPlagiarismPairBody {
  @Type(() => Number) @IsInt() @Min(1) id: number;
  @IsIn(PAIR_STATUSES) status: PlagiarismPairStatus;
  @IsOptional() @IsArray() @ArrayMaxSize(2) @IsString({ each: true }) @MaxLength(100, { each: true }) excludeFromRank?: string[];
}
