import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ContestAuth, ContestStatus, EXAM_LIMITS, QuestionType } from '@oj/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from '../../../core/http/bool-query';

const values = <T extends object>(o: T) => Object.values(o) as T[keyof T][];

/** `?eid=` */
export class EidQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  eid: number;
}

/** GET /api/get-exam-list (and the admin list). */
export class ExamListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: values(ContestStatus) })
  @IsOptional()
  @Type(() => Number)
  @IsIn(values(ContestStatus))
  status?: ContestStatus;

  @ApiPropertyOptional({ enum: values(ContestAuth) })
  @IsOptional()
  @Type(() => Number)
  @IsIn(values(ContestAuth))
  auth?: ContestAuth;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(255)
  keyword?: string;
}

/** POST hand-in-exam (not in HOJ). */
export class EidBodyDto {
  @ApiProperty()
  @IsInt()
  eid: number;
}

export class RegisterExamDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(EXAM_LIMITS.passwordMax)
  password?: string;
}

export class ExamProblemDetailsQueryDto extends EidQueryDto {
  @ApiProperty({ description: 'the exam display id' })
  @IsString()
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId: string;
}

export class ExamQuestionListQueryDto extends EidQueryDto {
  @ApiPropertyOptional({ enum: values(QuestionType), description: '1 choice, 2 judge, 3 blank, 4 answer; all when absent' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(values(QuestionType))
  type?: QuestionType;
}

/** `?eid=&questionId=` (questionId: the question's primary key). */
export class ExamQuestionQueryDto extends EidQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  questionId: number;
}

export class QuestionIdQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  questionId: number;
}

export class ExamSubmissionQueryDto extends PageQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  eid: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  searchStatus?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  searchUsername?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  onlyMine?: boolean;
}

export class SubmitQuestionDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty()
  @IsInt()
  questionId: number;

  @ApiProperty({ description: 'choice: letters ("AC"); judge: "true"/"false"; blank: JSON array of strings; answer: text' })
  @IsString()
  @MaxLength(EXAM_LIMITS.answerMax)
  answer: string;
}

export class RejudgeQuestionDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty()
  @IsInt()
  questionId: number;
}

export class ExamPaperListQueryDto extends PageQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  eid: number;

  @ApiPropertyOptional({ description: "one candidate's paper (exam admins)" })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  uid?: string;
}

export class QuestionScoreDto {
  @ApiProperty()
  @IsInt()
  questionId: number;

  @ApiProperty()
  @IsInt()
  @Min(0)
  score: number;
}

export class ProblemScoreDto {
  @ApiProperty()
  @IsInt()
  pid: number;

  @ApiProperty({ nullable: true, description: 'null returns to the judged points' })
  @IsOptional()
  @IsInt()
  @Min(0)
  score: number | null;
}

export class SubmitExamPaperScoreDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty()
  @IsString()
  @MaxLength(32)
  uid: string;

  @ApiPropertyOptional({ type: [QuestionScoreDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => QuestionScoreDto)
  questionScores?: QuestionScoreDto[];

  @ApiPropertyOptional({ type: [ProblemScoreDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ProblemScoreDto)
  problemScores?: ProblemScoreDto[];
}

export class CheckExamSubmissionsDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  submitIds: number[];
}

/** GET /api/admin/judge/rejudge-exam-problem: every submission of one problem (bank pid) of the exam. */
export class RejudgeExamProblemQueryDto extends EidQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  pid: number;
}
