import { ApiProperty } from '@nestjs/swagger';
import { CONTEST_ERR } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from './bool-query';
import { BalloonColor, ContestDisplayId, ContestDisplayTitle } from './contest-link.decorators';

export class AdminContestListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

/** Add a bank problem to a contest (spec §5: problem ID and display ID required). */
export class AddContestProblemDto {
  @ApiProperty()
  @IsInt()
  cid: number;

  @ApiProperty({ description: 'Problem primary key (problem.id)' })
  @IsDefined({ message: CONTEST_ERR.problemIdRequired })
  @IsInt({ message: CONTEST_ERR.problemIdRequired })
  pid: number;

  @ContestDisplayId()
  displayId: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}

/** HOJ sends the whole contest_problem row back (ContestProblem): its cid and pid, when given, must be the row's. */
export class UpdateContestProblemDto {
  @IsInt()
  id: number;

  @IsOptional()
  @IsInt()
  cid?: number;

  @IsOptional()
  @IsInt()
  pid?: number;

  @ContestDisplayId(true)
  displayId?: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}

export class ContestProblemListQueryDto extends PageQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  /** get-problem-list (HOJ): display id, display title, bank problem id or title contains it. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

/** GET admin/contest/contest-problem: by the link's id, or by contest and problem as HOJ asks (`cid`, `pid`). */
export class ContestProblemRefQueryDto {
  @ValidateIf((q: ContestProblemRefQueryDto) => q.cid === undefined || q.pid === undefined)
  @Type(() => Number)
  @IsInt()
  id?: number;

  @ValidateIf((q: ContestProblemRefQueryDto) => q.id === undefined)
  @Type(() => Number)
  @IsInt()
  cid?: number;

  @ValidateIf((q: ContestProblemRefQueryDto) => q.id === undefined)
  @Type(() => Number)
  @IsInt()
  pid?: number;
}

export class IdQueryDto {
  @Type(() => Number)
  @IsInt()
  id: number;
}

export class ChangeContestVisibleDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  @BoolQuery()
  @IsBoolean()
  visible: boolean;
}

export class ContestAnnouncementBodyDto {
  @IsInt()
  cid: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title: string;

  @IsString()
  @IsNotEmpty()
  content: string;

  @IsOptional()
  @IsBoolean()
  visible?: boolean;
}

export class UpdateContestAnnouncementDto extends ContestAnnouncementBodyDto {
  @IsInt()
  id: number;
}
