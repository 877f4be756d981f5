import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AfterEndSeal, CONTEST_ERR, ContestAuth, ContestStatus, ContestType, OiScoreType, RankShowName, SealMode } from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

const values = <T extends object>(o: T) => Object.values(o) as T[keyof T][];

export class AccountLimitRuleDto {
  @IsString()
  @MaxLength(50)
  prefix: string;

  @IsString()
  @MaxLength(50)
  suffix: string;

  @IsInt()
  @Min(0)
  start: number;

  @IsInt()
  @Min(0)
  end: number;

  @IsArray()
  @IsString({ each: true })
  extra: string[];
}

/** Admin create/edit of a contest (spec §3 Contest, §5 contest rules). Times are ISO strings. */
export class ContestBodyDto {
  @ApiProperty()
  @IsString({ message: CONTEST_ERR.titleRequired })
  @IsNotEmpty({ message: CONTEST_ERR.titleRequired })
  @MaxLength(255)
  title: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  description?: string;

  @ApiProperty({ enum: values(ContestType) })
  @IsIn(values(ContestType))
  type: ContestType;

  @ApiProperty({ enum: values(ContestAuth) })
  @IsIn(values(ContestAuth))
  auth: ContestAuth;

  @ApiPropertyOptional({ description: 'Needed when auth is private or protected' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  pwd?: string | null;

  @ApiProperty()
  @IsDateString()
  startTime: string;

  @ApiProperty()
  @IsDateString()
  endTime: string;

  @ApiPropertyOptional({ description: 'Seconds; must equal endTime - startTime when sent' })
  @IsOptional()
  @IsInt()
  duration?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  sealRank?: boolean;

  @ApiPropertyOptional({ enum: values(SealMode) })
  @IsOptional()
  @IsIn(values(SealMode))
  sealMode?: SealMode;

  @ApiPropertyOptional({ description: 'Seal moment for sealMode untilEnd' })
  @IsOptional()
  @IsDateString()
  sealRankTime?: string | null;

  @ApiPropertyOptional({ enum: values(AfterEndSeal) })
  @IsOptional()
  @IsIn(values(AfterEndSeal))
  afterEndSeal?: AfterEndSeal;

  @ApiPropertyOptional({ description: 'Release a board whose afterEndSeal is unseal' })
  @IsOptional()
  @IsBoolean()
  rankUnsealed?: boolean;

  @ApiPropertyOptional({ enum: values(OiScoreType) })
  @IsOptional()
  @IsIn(values(OiScoreType))
  oiRankScoreType?: OiScoreType;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayUnique({ message: CONTEST_ERR.duplicateStarUsers })
  starAccount?: string[];

  @ApiPropertyOptional({ enum: values(RankShowName) })
  @IsOptional()
  @IsIn(values(RankShowName))
  rankShowName?: RankShowName;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  openPrint?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  openAccountLimit?: boolean;

  @ApiPropertyOptional({ type: AccountLimitRuleDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AccountLimitRuleDto)
  accountLimitRule?: AccountLimitRuleDto | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  visible?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  gid?: number | null;
}

export class UpdateContestDto extends ContestBodyDto {
  @ApiProperty()
  @IsInt()
  id: number;
}

export class ContestListQueryDto extends PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsIn(values(ContestStatus))
  status?: number;

  @IsOptional()
  @Type(() => Number)
  @IsIn(values(ContestType))
  type?: number;

  @IsOptional()
  @Type(() => Number)
  @IsIn(values(ContestAuth))
  auth?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}
