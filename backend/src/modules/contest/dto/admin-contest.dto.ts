import { ApiProperty } from '@nestjs/swagger';
import { CONTEST_ERR } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
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

export class UpdateContestProblemDto {
  @IsInt()
  id: number;

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
