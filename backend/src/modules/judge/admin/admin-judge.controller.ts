import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import { ERR, Role, PERMISSION } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { Audited, fromQuery } from '../../../core/audit/audited.decorator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { ForbiddenError } from '../../../core/http/api.exception';
import { ContestAccessService } from '../../contest/contest-access.service';
import { SubmitIdQueryDto } from '../../submission/dto/submission.dto';
import { ManualJudgeService } from './manual-judge.service';
import { RejudgeService } from '../rejudge.service';
import { loadVerdict } from './judge-audit';

/** GET admin/judge/manual-judge (HOJ: submitId, status, optional score). */
class ManualJudgeQueryDto extends SubmitIdQueryDto {
  @IsInt() status: number;
  @IsOptional() @IsInt() score?: number;
}

/** GET admin/judge/rejudge-problem (not in HOJ). */
class PidQueryDto {
  @Type(() => Number) @IsInt() @Min(1) pid: number;
}

/**
 * /api/admin/judge (product §7, HOJ AdminJudgeController): rejudge, manual verdicts and cancelling. A contest
 * submission's verdict is changed only by that contest's admins (its author, root), as rejudge-contest-problem.
 */
@ApiTags('admin judge')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.problemAdmin)
@Controller('admin/judge')
export class AdminJudgeController {
  constructor(
    private readonly rejudges: RejudgeService,
    private readonly manual: ManualJudgeService,
    private readonly contests: ContestAccessService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Get('rejudge')
  @Audited('judge.rejudge', { target: 'judge', id: fromQuery('submitId'), load: loadVerdict })
  async rejudge(@Query() q: SubmitIdQueryDto, @CurrentUser() user: AuthUser) {
    await this.assertCanJudge(q.submitId, user);
    return this.rejudges.rejudge(q.submitId);
  }

  /** Every practice submission of one problem; site admins only (a problem admin rejudges one by one). */
  @Get('rejudge-problem')
  @Roles(Role.Root, Role.Admin)
  @Audited('problem.rejudge', { target: 'problem', id: fromQuery('pid'), after: (_req, result) => result })
  rejudgeProblem(@Query() q: PidQueryDto) {
    return this.rejudges.rejudgePracticeProblem(q.pid);
  }

  @Get('manual-judge')
  @Audited('judge.manual-verdict', { target: 'judge', id: fromQuery('submitId'), load: loadVerdict })
  async manualJudge(@Query() q: ManualJudgeQueryDto, @CurrentUser() admin: AuthUser) {
    await this.assertCanJudge(q.submitId, admin);
    return this.manual.judge(q.submitId, q.status, q.score, admin);
  }

  @Get('cancel-judge')
  @Audited('judge.cancel', { target: 'judge', id: fromQuery('submitId'), load: loadVerdict })
  async cancel(@Query() q: SubmitIdQueryDto, @CurrentUser() admin: AuthUser) {
    await this.assertCanJudge(q.submitId, admin);
    return this.manual.cancel(q.submitId, admin);
  }

  /** A contest submission's verdict is changed only by that contest's admins (its author, root). */
  private async assertCanJudge(submitId: number, user: AuthUser): Promise<void> {
    const rows: { cid: number }[] = await this.db.query('SELECT cid FROM judge WHERE submit_id = $1', [submitId]);
    if (!rows[0]?.cid) return;
    const contest = await this.contests.contest(rows[0].cid);
    if (!contest || !(await this.contests.isContestAdmin(contest, user))) throw new ForbiddenError(ERR.noPermission);
  }
}
