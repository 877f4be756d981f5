import { Controller, Get, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import { ERR, Role } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../core/auth/decorators';
import { ForbiddenError } from '../../core/http/api.exception';
import { ContestAccessService } from '../contest/contest-access.service';
import { SubmitIdQueryDto } from '../submission/dto/submission.dto';
import { RejudgeService } from './rejudge.service';

/**
 * GET /api/admin/judge/rejudge (spec §7): admins put a judged submission back in the queue. A contest
 * submission only by that contest's admins (its author, root), as rejudge-contest-problem.
 */
@ApiTags('admin judge')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Controller('admin/judge')
export class AdminJudgeController {
  constructor(
    private readonly rejudges: RejudgeService,
    private readonly contests: ContestAccessService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Get('rejudge')
  async rejudge(@Query() q: SubmitIdQueryDto, @CurrentUser() user: AuthUser) {
    const rows: { cid: number }[] = await this.db.query('SELECT cid FROM judge WHERE submit_id = $1', [q.submitId]);
    if (rows[0]?.cid) {
      const contest = await this.contests.contest(rows[0].cid);
      if (!contest || !this.contests.isContestAdmin(contest, user)) throw new ForbiddenError(ERR.noPermission);
    }
    return this.rejudges.rejudge(q.submitId);
  }
}
