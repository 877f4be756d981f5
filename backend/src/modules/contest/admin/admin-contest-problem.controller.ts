import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role, PERMISSION } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { AdminContestProblemService } from '../admin-contest-problem.service';
import { ContestProblemPidQueryDto, CreateContestProblemDto, UpdateContestProblemFormDto } from '../dto/admin-contest-problem.dto';
import { Audited, fromQuery } from '../../../core/audit/audited.decorator';
import { loadProblem, problemIdOfBody, resultId } from '../contest-audit';

/**
 * /api/admin/contest/problem (HOJ's names): problems created and edited from inside a contest, with the
 * bank editor's body. Admin-type roles at the door; then the contest's admins only (author, root).
 */
@ApiTags('admin contest')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.contestAdmin)
@Controller('admin')
export class AdminContestProblemController {
  constructor(private readonly service: AdminContestProblemService) {}

  @Get('contest/problem')
  async get(@Query() q: ContestProblemPidQueryDto, @CurrentUser() user: AuthUser) {
    return this.service.detail(await this.service.managedLink(q.pid, user, q.cid));
  }

  @Post('contest/problem')
  @Audited('contest.problem.create', { target: 'problem', idFromResult: resultId, load: loadProblem })
  @HttpCode(200)
  async create(@Body() dto: CreateContestProblemDto, @CurrentUser() user: AuthUser) {
    return this.service.detail(await this.service.create(dto, user));
  }

  @Put('contest/problem')
  @Audited('problem.update', { target: 'problem', id: problemIdOfBody, load: loadProblem })
  async update(@Body() dto: UpdateContestProblemFormDto, @CurrentUser() user: AuthUser) {
    return this.service.detail(await this.service.update(dto, user));
  }

  @Delete('contest/problem')
  @Audited('contest.problem.delete', { target: 'problem', id: fromQuery('pid'), load: loadProblem })
  async remove(@Query() q: ContestProblemPidQueryDto, @CurrentUser() user: AuthUser) {
    await this.service.remove(q.pid, user, q.cid);
    return null;
  }
}
