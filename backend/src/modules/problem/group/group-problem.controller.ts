import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { JudgeMode } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { CompileCodeDto, ProblemDto } from '../dto/problem.dto';
import { PidQueryDto } from '../dto/problem-query.dto';
import { GidQueryDto, GroupItemListQueryDto } from '../../group/dto/group.dto';
import { ApplyPublicDto, GroupProblemAuthDto, GroupProblemCasesQueryDto } from './group-problem.dto';
import { GroupProblemService } from './group-problem.service';
import { Audited, fromQuery } from '../../../core/audit/audited.decorator';
import { loadProblem, problemIdOfBody, resultId } from '../problem-audit';

/** A group's problem bank (HOJ GroupProblemController); every call needs a login. */
@ApiTags('group')
@Controller('group')
export class GroupProblemController {
  constructor(private readonly problems: GroupProblemService) {}

  @Get('get-problem-list')
  list(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.problems.list(q.gid, q, user);
  }

  @Get('get-admin-problem-list')
  adminList(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.problems.adminList(q.gid, q, user);
  }

  @Get('problem')
  get(@Query() q: PidQueryDto, @CurrentUser() user: AuthUser) {
    return this.problems.detail(q.pid, user);
  }

  @Post('problem')
  @Audited('problem.create', { target: 'problem', idFromResult: resultId, load: loadProblem })
  @HttpCode(200)
  create(@Body() dto: ProblemDto, @CurrentUser() user: AuthUser) {
    return this.problems.create(dto, user);
  }

  @Put('problem')
  @Audited('problem.update', { target: 'problem', id: problemIdOfBody, load: loadProblem })
  update(@Body() dto: ProblemDto, @CurrentUser() user: AuthUser) {
    return this.problems.update(dto, user);
  }

  @Delete('problem')
  @Audited('problem.delete', { target: 'problem', id: fromQuery('pid'), load: loadProblem })
  async remove(@Query() q: PidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.problems.remove(q.pid, user);
    return null;
  }

  @Get('get-all-problem-tags')
  allTags(@Query() q: GidQueryDto, @CurrentUser() user: AuthUser) {
    return this.problems.allTags(q.gid, user);
  }

  @Get('get-problem-cases')
  cases(@Query() q: GroupProblemCasesQueryDto, @CurrentUser() user: AuthUser) {
    return this.problems.cases(q.pid, user);
  }

  @Post('compile-spj')
  @HttpCode(200)
  async compileSpj(@Query() q: GidQueryDto, @Body() dto: CompileCodeDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.problems.compile(q.gid, JudgeMode.Special, dto, user);
    return null;
  }

  @Post('compile-interactive')
  @HttpCode(200)
  async compileInteractive(@Query() q: GidQueryDto, @Body() dto: CompileCodeDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.problems.compile(q.gid, JudgeMode.Interactive, dto, user);
    return null;
  }

  /** HOJ sends pid and auth as query parameters (@RequestParam). */
  @Put('change-problem-auth')
  @Audited('problem.visibility', { target: 'problem', id: fromQuery('pid'), load: loadProblem })
  async changeAuth(@Query() q: GroupProblemAuthDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.problems.changeAuth(q.pid, q.auth, user);
    return null;
  }

  @Put('apply-public')
  @Audited('problem.apply-public', { target: 'problem', id: fromQuery('pid'), load: loadProblem })
  async applyPublic(@Query() q: ApplyPublicDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.problems.applyPublic(q.pid, q.isApplied, user);
    return null;
  }
}
