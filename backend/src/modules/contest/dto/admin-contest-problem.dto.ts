import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { ProblemDto } from '../../problem/dto/problem.dto';
import { BalloonColor, ContestDisplayId, ContestDisplayTitle } from './contest-link.decorators';

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

  @ContestDisplayId()
  displayId: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}

/** PUT /api/admin/contest/problem: the bank editor's ProblemDto; contest fields change the link when given. */
export class UpdateContestProblemFormDto extends ProblemDto {
  @ApiPropertyOptional({ description: 'Contest id; without it, a contest of the caller that has the problem' })
  @IsOptional()
  @IsInt()
  cid?: number;

  @ContestDisplayId(true)
  displayId?: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}
