import { TRAINING_ERR, TRAINING_LIMITS, TrainingAuth } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1';

/** The training part of HOJ's TrainingDTO. Fields the server owns (author, times) are accepted and ignored. */
export class AdminTrainingFieldsDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;

  @IsString({ message: TRAINING_ERR.titleRequired })
  @IsNotEmpty({ message: TRAINING_ERR.titleRequired })
  @MaxLength(TRAINING_LIMITS.titleMax)
  title: string;

  @IsOptional() @IsString() @MaxLength(TRAINING_LIMITS.descriptionMax) description?: string;

  @IsIn(Object.values(TrainingAuth), { message: TRAINING_ERR.authInvalid }) auth: TrainingAuth;

  @IsOptional() @IsString() @MaxLength(TRAINING_LIMITS.passwordMax) privatePwd?: string | null;

  @IsOptional() @Transform(toBool) @IsBoolean() status?: boolean;

  @IsOptional() @Type(() => Number) @IsInt() rank?: number;

  @Allow() author?: unknown;
  @Allow() uid?: unknown;
  @Allow() isGroup?: unknown;
  @Allow() gid?: unknown;
  @Allow() categoryId?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
}

/** The category part of TrainingDTO: only its id is read (categories are edited on their own screen). */
export class TrainingCategoryRefDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
  @Allow() name?: unknown;
  @Allow() color?: unknown;
  @Allow() gid?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
}

/** POST and PUT /api/admin/training (HOJ TrainingDTO: `{ training, trainingCategory }`). */
export class AdminTrainingDto {
  @ValidateNested()
  @Type(() => AdminTrainingFieldsDto)
  @IsNotEmpty({ message: TRAINING_ERR.titleRequired })
  training: AdminTrainingFieldsDto;
  @IsOptional() @ValidateNested() @Type(() => TrainingCategoryRefDto) trainingCategory?: TrainingCategoryRefDto | null;
}

export class AdminTrainingListQueryDto extends PageQueryDto {
  @IsOptional() @IsString() @MaxLength(200) keyword?: string;
}

/** PUT /api/admin/training/change-training-status (query: tid, author, status). */
export class ChangeTrainingStatusDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
  @IsOptional() @IsString() author?: string;
  @Transform(toBool) @IsBoolean() status: boolean;
}

/** GET /api/admin/training/get-problem-list (HOJ: limit, currentPage, keyword, queryExisted, tid). */
export class AdminTrainingProblemListQueryDto extends PageQueryDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
  @IsOptional() @IsString() @MaxLength(200) keyword?: string;
  @IsOptional() @Transform(toBool) @IsBoolean() queryExisted?: boolean;
}

/** POST /api/admin/training/add-problem-from-public (HOJ TrainingProblemDTO). */
export class AddTrainingProblemDto {
  @Type(() => Number) @IsInt() @Min(1) pid: number;
  @Type(() => Number) @IsInt() @Min(1) tid: number;
  @IsString({ message: TRAINING_ERR.displayIdRequired })
  @IsNotEmpty({ message: TRAINING_ERR.displayIdRequired })
  @MaxLength(TRAINING_LIMITS.displayIdMax)
  displayId: string;
}

/** PUT /api/admin/training/problem (HOJ TrainingProblem): display id and order of one training problem. */
export class UpdateTrainingProblemDto {
  @Type(() => Number) @IsInt() @Min(1) id: number;
  @IsOptional() @Type(() => Number) @IsInt() tid?: number;
  @IsOptional() @Type(() => Number) @IsInt() pid?: number;
  @IsOptional()
  @IsString({ message: TRAINING_ERR.displayIdRequired })
  @IsNotEmpty({ message: TRAINING_ERR.displayIdRequired })
  @MaxLength(TRAINING_LIMITS.displayIdMax)
  displayId?: string;
  @IsOptional() @Type(() => Number) @IsInt() rank?: number;
  @Allow() total?: unknown;
  @Allow() ac?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
}

/** DELETE /api/admin/training/problem (pid, tid): removes the problem from the training (the bank keeps it). */
export class RemoveTrainingProblemDto {
  @Type(() => Number) @IsInt() @Min(1) pid: number;
  @Type(() => Number) @IsInt() @Min(1) tid: number;
}

/** POST and PUT /api/admin/training/category (HOJ TrainingCategory). */
export class TrainingCategoryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
  @IsString({ message: TRAINING_ERR.categoryNameRequired })
  @IsNotEmpty({ message: TRAINING_ERR.categoryNameRequired })
  @MaxLength(TRAINING_LIMITS.categoryNameMax)
  name: string;
  @IsOptional() @IsString() @MaxLength(32) color?: string;
  @Allow() gid?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
}

export class CategoryIdQueryDto {
  @Type(() => Number) @IsInt() @Min(1) cid: number;
}
