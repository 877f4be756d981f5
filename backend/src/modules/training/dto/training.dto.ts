import { TRAINING_LIMITS, TrainingAuth } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

/** HOJ's client sends empty filters as ''; read them as absent. */
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

/** GET /api/get-training-list (HOJ: currentPage, limit, keyword, categoryId, auth). */
export class TrainingListQueryDto extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(200) keyword?: string;
  @IsOptional() @Transform(emptyToUndefined) @Type(() => Number) @IsInt() @Min(1) categoryId?: number;
  @IsOptional() @Transform(emptyToUndefined) @IsIn(Object.values(TrainingAuth)) auth?: TrainingAuth;
}

export class TidQueryDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
}

/** POST /api/register-training (HOJ RegisterTrainingDTO). */
export class RegisterTrainingDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
  @IsString() @MaxLength(TRAINING_LIMITS.passwordMax) password: string;
}

/** GET /api/get-training-rank (HOJ: tid, limit, currentPage, keyword). */
export class TrainingRankQueryDto extends PageQueryDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
  @IsOptional() @IsString() @MaxLength(200) keyword?: string;
}

/**
 * GET /api/get-training-problem-details: the training's display id and the training id. HOJ's client names
 * the training `cid` in this call (api.js getTrainingProblem(displayId, cid)); `tid` is read first.
 */
export class TrainingProblemDetailsQueryDto {
  @IsString() @IsNotEmpty() @MaxLength(TRAINING_LIMITS.displayIdMax) displayId: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) tid?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) cid?: number;
}

/** POST /api/update-rank-list, /api/update-problem-count: `tid` in the body (or the query string). */
export class TidBodyDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) tid?: number;
}
