import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AfterEndSeal,
  CONTEST_ERR,
  ContestAuth,
  ContestStatus,
  ContestType,
  LIMITS,
  OiScoreType,
  RankShowName,
  SealMode,
  parseHojAccountLimitRule,
} from '@oj/contracts';
import { plainToInstance, Transform, Type } from 'class-transformer';
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
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { IpRangesField, LockModeField } from '../../timed-event/timed-lockdown';

const values = <T extends object>(o: T) => Object.values(o) as T[keyof T][];
const INT_MAX = 2_147_483_647;

/**
 * HOJ's admin page sends the rule as one string (`""` with the limit off, else its tagged form): read into the
 * rule object, or left as it is for the rules to refuse (400) when it is not that form.
 */
function hojAccountLimitRule(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return null;
  const rule = parseHojAccountLimitRule(value);
  return rule ? plainToInstance(AccountLimitRuleDto, rule) : value;
}

export class AccountLimitRuleDto {
  @IsString()
  @MaxLength(50)
  prefix: string;

  @IsString()
  @MaxLength(50)
  suffix: string;

  @IsInt()
  @Min(0)
  @Max(INT_MAX)
  start: number;

  @IsInt()
  @Min(0)
  @Max(INT_MAX)
  end: number;

  @IsArray()
  @IsString({ each: true })
  extra: string[];
}

/** Admin create/edit of a contest (product §3 Contest, §5 contest rules). Times are ISO strings. */
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
  @MaxLength(LIMITS.accessPasswordMax)
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

  @ApiPropertyOptional({
    type: AccountLimitRuleDto,
    description: "or HOJ's string <prefix>..</prefix><suffix>..</suffix><start>..</start><end>..</end><extra>..</extra>",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => hojAccountLimitRule(value))
  @ValidateNested()
  @Type(() => AccountLimitRuleDto)
  accountLimitRule?: AccountLimitRuleDto | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  visible?: boolean;

  @ApiPropertyOptional({ description: 'Virtual participation once the contest has ended (default true).' })
  @IsOptional()
  @IsBoolean()
  allowVirtual?: boolean;

  /** Issue 36 (not in HOJ): allowed client address ranges; absent on an edit keeps the stored ones. */
  @IpRangesField()
  ipRanges?: string[];

  /** Issue 36 (not in HOJ): lock mode; absent on an edit keeps the stored switch. */
  @LockModeField()
  lockMode?: boolean;

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
