import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTEST_ERR } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { ProblemDto } from '../../problem/dto/problem.dto';

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** GET|DELETE /api/admin/contest/problem query (HOJ: pid, cid). */
export class ContestProblemPidQueryDto {
  @ApiProperty({ description: 'Problem primary key (problem.id)' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  pid: number;

  @ApiPropertyOptional({ description: 'Contest id; without it, a contest of the caller that has the problem' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  cid?: number;
}

/**
 * POST /api/admin/contest/problem: the bank editor's ProblemDto plus the contest and the problem's
 * display id, title and balloon colour in it. The problem is created with contest visibility (auth 3).
 */
export class CreateContestProblemDto extends ProblemDto {
  @ApiProperty()
  @IsInt()
  cid: number;

  @ApiProperty()
  @IsDefined({ message: CONTEST_ERR.displayIdRequired })
  @IsString({ message: CONTEST_ERR.displayIdRequired })
  @IsNotEmpty({ message: CONTEST_ERR.displayIdRequired })
  @MaxLength(100)
  displayId: string;

  @ApiPropertyOptional({ description: 'Defaults to the problem title' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayTitle?: string;

  @ApiPropertyOptional({ description: 'Balloon colour, #rgb or #rrggbb' })
  @IsOptional()
  @Matches(COLOR)
  color?: string | null;
}

/** PUT /api/admin/contest/problem: the bank editor's ProblemDto; contest fields change the link when given. */
export class UpdateContestProblemFormDto extends ProblemDto {
  @ApiPropertyOptional({ description: 'Contest id; without it, a contest of the caller that has the problem' })
  @IsOptional()
  @IsInt()
  cid?: number;

  @IsOptional()
  @IsString({ message: CONTEST_ERR.displayIdRequired })
  @IsNotEmpty({ message: CONTEST_ERR.displayIdRequired })
  @MaxLength(100)
  displayId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  displayTitle?: string;

  @IsOptional()
  @Matches(COLOR)
  color?: string | null;
}
