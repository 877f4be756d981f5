import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHECKER_PROTOCOLS,
  CheckerProtocol,
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  JUDGING_ERR,
  JudgeMode,
  ProblemAuth,
  ProblemType,
  SUBTASK_RULES,
  SubtaskRule,
} from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** The `problem` part of HOJ's ProblemDTO. Unknown HOJ fields the client echoes back are allowed and ignored. */
export class ProblemFieldsDto {
  @ApiPropertyOptional({ description: 'Primary key, required for PUT' })
  @IsOptional()
  @IsInt()
  id?: number;

  @ApiProperty({ example: '1001' })
  @IsString({ message: JUDGING_ERR.problemIdRequired })
  @IsNotEmpty({ message: JUDGING_ERR.problemIdRequired })
  @MaxLength(100)
  problemId: string;

  @ApiProperty()
  @IsString({ message: JUDGING_ERR.titleRequired })
  @IsNotEmpty({ message: JUDGING_ERR.titleRequired })
  @MaxLength(255)
  title: string;

  @IsOptional() @IsString() @MaxLength(100) author?: string | null;
  @IsOptional() @IsIn(Object.values(ProblemType)) type?: number;
  @IsOptional() @IsIn(Object.values(JudgeMode)) judgeMode?: string;
  @IsOptional() @IsInt() @Min(1) timeLimit?: number;
  @IsOptional() @IsInt() @Min(1) memoryLimit?: number;
  @IsOptional() @IsInt() @Min(1) stackLimit?: number;
  @IsOptional() @IsString() description?: string;
  @IsOptional() @IsString() input?: string;
  @IsOptional() @IsString() output?: string;
  /** HOJ string `<input>..</input><output>..</output>` or an array of {input, output}. */
  @IsOptional() @Allow() examples?: string | { input: string; output: string }[];
  @IsOptional() @IsString() source?: string;
  @IsOptional() @IsInt() @Min(DIFFICULTY_MIN) difficulty?: number;
  @IsOptional() @IsString() hint?: string;
  @IsOptional() @IsIn(Object.values(ProblemAuth)) auth?: number;
  @IsOptional() @IsBoolean() codeShare?: boolean;
  @IsOptional() @IsString() spjCode?: string | null;
  @IsOptional() @IsString() spjLanguage?: string | null;
  @IsOptional() @Allow() userExtraFile?: Record<string, string> | string | null;
  @IsOptional() @Allow() judgeExtraFile?: Record<string, string> | string | null;
  @IsOptional() @IsBoolean() isRemoveEndBlank?: boolean;
  /** Default mode: absolute / relative tolerance of numbers in the output (null: exact comparison). */
  @IsOptional() @IsNumber() @Min(0) floatAbsTolerance?: number | null;
  @IsOptional() @IsNumber() @Min(0) floatRelTolerance?: number | null;
  /** OI test groups (subtasks); null removes them (not in HOJ: HOJ clients send judgeCaseMode with grouped cases). */
  @ApiPropertyOptional({ type: () => [CaseGroupDto], nullable: true })
  @IsOptional()
  @IsArray({ message: JUDGING_ERR.caseGroupsInvalid })
  @ValidateNested({ each: true })
  @Type(() => CaseGroupDto)
  caseGroups?: CaseGroupDto[] | null;
  /** Special judge / interactor convention: testlib (default) or domjudge (Kattis: exit 42 / 43). Not in HOJ. */
  @ApiPropertyOptional({ enum: CHECKER_PROTOCOLS })
  @IsOptional()
  @IsIn(CHECKER_PROTOCOLS as CheckerProtocol[])
  checkerProtocol?: CheckerProtocol;
  @IsOptional() @IsBoolean() openCaseResult?: boolean;
  @IsOptional() @IsBoolean() isUploadCase?: boolean;
  @IsOptional() @IsBoolean() isFileIO?: boolean;
  @IsOptional() @IsString() ioReadFileName?: string | null;
  @IsOptional() @IsString() ioWriteFileName?: string | null;
  // Echoed by HOJ clients, not stored from input.
  @Allow() isRemote?: unknown;
  @Allow() caseVersion?: unknown;
  @Allow() modifiedUser?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
  @Allow() ioScore?: unknown;
  @Allow() isGroup?: unknown;
  @Allow() gid?: unknown;
  @Allow() applyPublicProgress?: unknown;
  /** HOJ's case mode: subtask_lowest / subtask_average with grouped cases and no caseGroups make min / sum groups. */
  @IsOptional() @IsString() judgeCaseMode?: string;
  @Allow() remoteOj?: unknown;
}
// Difficulty above the maximum is clamped by the service rather than refused (HOJ clients send 0..2 or 0..6).
export const PROBLEM_DIFFICULTY_MAX = DIFFICULTY_MAX;

export class CaseDto {
  /** Manual cases: the text; uploaded cases: the file name inside uploadTestcaseDir. */
  @IsString() input: string;
  @IsString() output: string;
  @IsOptional() @IsInt({ message: JUDGING_ERR.scoreInvalid }) @Min(0, { message: JUDGING_ERR.scoreInvalid }) score?: number;
  @Allow() id?: unknown;
  @Allow() pid?: unknown;
  @Allow() status?: unknown;
  /** HOJ's test group of the case (subtask); null or absent: ungrouped. */
  @IsOptional()
  @IsInt({ message: JUDGING_ERR.caseGroupsInvalid })
  @Min(1, { message: JUDGING_ERR.caseGroupsInvalid })
  groupNum?: number | null;
  @Allow() caseId?: unknown;
}

/** A test group (subtask) of an OI problem: its number, score and rule. */
export class CaseGroupDto {
  @IsInt({ message: JUDGING_ERR.caseGroupsInvalid }) @Min(1, { message: JUDGING_ERR.caseGroupsInvalid }) groupNum: number;
  @IsInt({ message: JUDGING_ERR.caseGroupsInvalid }) @Min(0, { message: JUDGING_ERR.caseGroupsInvalid }) score: number;
  @ApiProperty({ enum: SUBTASK_RULES })
  @IsIn(SUBTASK_RULES as SubtaskRule[], { message: JUDGING_ERR.caseGroupsInvalid })
  rule: SubtaskRule;
}

export class TagRefDto {
  @IsOptional() @IsInt() id?: number;
  @IsString() @IsNotEmpty() @MaxLength(100) name: string;
  @IsOptional() @IsString() color?: string | null;
  @IsOptional() @IsString() oj?: string;
  @Allow() gid?: unknown;
  @Allow() gmtCreate?: unknown;
  @Allow() gmtModified?: unknown;
}

export class CodeTemplateDto {
  @IsString() @IsNotEmpty() language: string;
  @IsString() code: string;
  @IsOptional() @IsBoolean() status?: boolean;
  @Allow() id?: unknown;
  @Allow() pid?: unknown;
  @Allow() lid?: unknown;
}

/** POST/PUT /api/admin/problem body (HOJ ProblemDTO). */
export class ProblemDto {
  @ApiProperty({ type: ProblemFieldsDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ProblemFieldsDto)
  problem: ProblemFieldsDto;

  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => CaseDto) samples?: CaseDto[];
  @IsOptional() @IsBoolean() isUploadTestCase?: boolean;
  @IsOptional() @IsString() uploadTestcaseDir?: string;
  /** Language names, or HOJ Language objects with a name. */
  @IsOptional() @IsArray() languages?: (string | { name: string })[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => TagRefDto) tags?: TagRefDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => CodeTemplateDto) codeTemplates?: CodeTemplateDto[];
  @Allow() judgeMode?: unknown;
  @Allow() changeModeCode?: unknown;
  @Allow() changeJudgeCaseMode?: unknown;
}

export class ChangeProblemAuthDto {
  @IsInt() id: number;
  @IsIn(Object.values(ProblemAuth)) auth: number;
  @Allow() problemId?: unknown;
}

export class CompileCodeDto {
  @IsString() @IsNotEmpty() code: string;
  @IsString() @IsNotEmpty() language: string;
  @Allow() extraFiles?: unknown;
}

export class TagDto {
  @IsOptional() @IsInt() id?: number;
  @IsString() @IsNotEmpty() @MaxLength(100) name: string;
  @IsOptional() @IsString() color?: string | null;
  @IsOptional() @IsString() oj?: string;
  /** Tag classification id; null takes the tag out of its class. */
  @IsOptional() @IsInt() tcid?: number | null;
}

/** POST|PUT /api/admin/tag/classification (HOJ TagClassification). */
export class TagClassificationDto {
  @IsOptional() @IsInt() id?: number;
  @IsString() @IsNotEmpty() @MaxLength(100) name: string;
  @IsOptional() @IsString() @MaxLength(20) oj?: string;
  @IsOptional() @IsInt() rank?: number;
}
