import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ContestAuth, ContestType, EXAM_ERR, EXAM_LIMITS, OiScoreType, QuestionAuth, QuestionType, RankShowName } from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from '../../../core/http/bool-query';
import { IpRangesField, LockModeField } from '../../timed-event/timed-lockdown';

const values = <T extends object>(o: T) => Object.values(o) as T[keyof T][];

/** POST /api/admin/exam (PUT with `id`): product §3 Exam. Times ISO. */
export class ExamBodyDto {
  @ApiProperty()
  @IsString({ message: EXAM_ERR.titleRequired })
  @IsNotEmpty({ message: EXAM_ERR.titleRequired })
  @MaxLength(EXAM_LIMITS.titleMax)
  title: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(EXAM_LIMITS.descriptionMax)
  description?: string;

  @ApiPropertyOptional({
    enum: values(ContestType),
    description: 'how programming problems count: 1 OI partial points (default), 0 ACM all or nothing',
  })
  @IsOptional()
  @IsIn(values(ContestType))
  type?: ContestType;

  @ApiProperty({ enum: values(ContestAuth) })
  @IsIn(values(ContestAuth))
  auth: ContestAuth;

  @ApiPropertyOptional({ description: 'needed when auth is private or protected' })
  @IsOptional()
  @IsString()
  @MaxLength(EXAM_LIMITS.passwordMax)
  pwd?: string | null;

  @ApiProperty()
  @IsDateString()
  startTime: string;

  @ApiProperty()
  @IsDateString()
  endTime: string;

  @ApiPropertyOptional({ description: 'seconds; endTime - startTime when absent' })
  @IsOptional()
  @IsInt()
  duration?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  realScore?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  autoRealScore?: boolean;

  @ApiPropertyOptional({ enum: values(OiScoreType) })
  @IsOptional()
  @IsIn(values(OiScoreType))
  rankScoreType?: OiScoreType;

  @ApiPropertyOptional({ enum: values(RankShowName) })
  @IsOptional()
  @IsIn(values(RankShowName))
  rankShowName?: RankShowName;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  visible?: boolean;

  /** Issue 36 (not in HOJ): allowed client address ranges; absent on an edit keeps the stored ones. */
  @IpRangesField()
  ipRanges?: string[];

  /** Issue 36 (not in HOJ): lock mode; absent on an edit keeps the stored switch. */
  @LockModeField()
  lockMode?: boolean;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsInt()
  gid?: number | null;
}

export class UpdateExamDto extends ExamBodyDto {
  @ApiProperty()
  @IsInt()
  id: number;
}

export class ChangeExamVisibleDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty()
  @IsBoolean()
  visible: boolean;
}

export class AddExamProblemDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty({ description: 'bank problem primary key' })
  @IsInt()
  pid: number;

  @ApiProperty()
  @IsString({ message: EXAM_ERR.displayIdRequired })
  @IsNotEmpty({ message: EXAM_ERR.displayIdRequired })
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayTitle?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  color?: string | null;

  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(EXAM_LIMITS.scoreMax)
  score: number;
}

export class UpdateExamProblemDto {
  @ApiProperty({ description: 'exam problem link id' })
  @IsInt()
  id: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: EXAM_ERR.displayIdRequired })
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayTitle?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  color?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(EXAM_LIMITS.scoreMax)
  score?: number;
}

/** `?id=` */
export class IdQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  id: number;
}

/** `?qid=` (bank question primary key). */
export class QidQueryDto {
  @ApiProperty()
  @Type(() => Number)
  @IsInt()
  qid: number;
}

export class AddExamQuestionDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty({ description: 'bank question primary key' })
  @IsInt()
  questionId: number;

  @ApiProperty()
  @IsString({ message: EXAM_ERR.displayIdRequired })
  @IsNotEmpty({ message: EXAM_ERR.displayIdRequired })
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId: string;

  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(EXAM_LIMITS.scoreMax)
  score: number;
}

export class ChoiceDto {
  @ApiProperty()
  @IsString()
  @MaxLength(EXAM_LIMITS.choiceContentMax)
  content: string;

  @ApiProperty({ description: 'true marks a correct choice' })
  @IsBoolean()
  status: boolean;
}

/** POST /api/admin/question (PUT with `id`): product §3 Question. */
export class QuestionBodyDto {
  @ApiProperty()
  @IsString({ message: EXAM_ERR.displayIdRequired })
  @IsNotEmpty({ message: EXAM_ERR.displayIdRequired })
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId: string;

  @ApiProperty({ enum: values(QuestionType), description: '1 choice, 2 judge, 3 blank, 4 answer' })
  @IsIn(values(QuestionType), { message: EXAM_ERR.typeInvalid })
  type: QuestionType;

  @ApiPropertyOptional({ description: 'choice: indefinite multiple' })
  @IsOptional()
  @IsBoolean()
  multiple?: boolean;

  @ApiProperty({ description: 'Markdown' })
  @IsString({ message: EXAM_ERR.descriptionRequired })
  @IsNotEmpty({ message: EXAM_ERR.descriptionRequired })
  @MaxLength(EXAM_LIMITS.descriptionMax)
  description: string;

  @ApiPropertyOptional({ type: [ChoiceDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EXAM_LIMITS.choicesMax)
  @ValidateNested({ each: true })
  @Type(() => ChoiceDto)
  choices?: ChoiceDto[];

  @ApiPropertyOptional({ nullable: true, description: 'judge "true"/"false"; blank JSON [[alternatives]...]; answer: reference text' })
  @IsOptional()
  @IsString()
  @MaxLength(EXAM_LIMITS.rightAnswerMax)
  rightAnswer?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  answerShare?: boolean;

  @ApiPropertyOptional({ enum: values(QuestionAuth), description: '1 public, 2 private, 3 exam only' })
  @IsOptional()
  @IsIn(values(QuestionAuth))
  auth?: QuestionAuth;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EXAM_LIMITS.tagsMax)
  @IsString({ each: true })
  @MaxLength(EXAM_LIMITS.tagMax, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsInt()
  gid?: number | null;
}

export class UpdateQuestionDto extends QuestionBodyDto {
  @ApiProperty()
  @IsInt()
  id: number;
}

export class CreateExamQuestionDto {
  @ApiProperty()
  @IsInt()
  eid: number;

  @ApiProperty()
  @IsString({ message: EXAM_ERR.displayIdRequired })
  @IsNotEmpty({ message: EXAM_ERR.displayIdRequired })
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId: string;

  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(EXAM_LIMITS.scoreMax)
  score: number;

  @ApiProperty({ type: QuestionBodyDto })
  @ValidateNested()
  @Type(() => QuestionBodyDto)
  question: QuestionBodyDto;
}

export class UpdateExamQuestionDto {
  @ApiProperty({ description: 'exam question link id' })
  @IsInt()
  id: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: EXAM_ERR.displayIdRequired })
  @MaxLength(EXAM_LIMITS.displayIdMax)
  displayId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(EXAM_LIMITS.scoreMax)
  score?: number;
}

export class AdminQuestionListQueryDto extends PageQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(255)
  keyword?: string;

  @ApiPropertyOptional({ enum: values(QuestionType) })
  @IsOptional()
  @Type(() => Number)
  @IsIn(values(QuestionType))
  type?: QuestionType;

  @ApiPropertyOptional({ enum: values(QuestionAuth) })
  @IsOptional()
  @Type(() => Number)
  @IsIn(values(QuestionAuth))
  auth?: QuestionAuth;

  @ApiPropertyOptional({ description: 'only questions not in this exam (the picker)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  eid?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @BoolQuery()
  @IsBoolean()
  onlyMine?: boolean;
}
