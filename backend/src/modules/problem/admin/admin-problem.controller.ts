import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ERR, JudgeMode, Role, PERMISSION } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { BadRequestError } from '../../../core/http/api.exception';
import { ChangeProblemAuthDto, CompileCodeDto, ProblemDto, TagClassificationDto, TagDto } from '../dto/problem.dto';
import { AdminProblemListQueryDto, PidQueryDto, ProblemTagsQueryDto } from '../dto/problem-query.dto';
import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { ProblemFormService } from '../problem-form.service';
import { ProblemService } from '../problem.service';
import { TagService } from '../tag.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadProblem, loadTag, loadTagClassification, problemIdOfBody, resultId } from '../problem-audit';

class TidQueryDto {
  @Type(() => Number) @IsInt() @Min(1) tid: number;
}

class TcidQueryDto {
  @Type(() => Number) @IsInt() @Min(1) tcid: number;
}

/** /api/admin/problem: HOJ's admin problem routes, for problem admins and admins. */
@ApiTags('admin problem')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.problemAdmin)
@Controller('admin')
export class AdminProblemController {
  constructor(
    private readonly problems: ProblemService,
    private readonly form: ProblemFormService,
    private readonly tags: TagService,
  ) {}

  @Get('problem/get-problem-list')
  list(@Query() q: AdminProblemListQueryDto) {
    return this.problems.adminList(q);
  }

  // Every route taking a pid reaches a group's problem only as root (ProblemService.findForSiteRoute): the group's own.
  @Get('problem')
  async get(@Query() q: PidQueryDto, @CurrentUser() user: AuthUser) {
    await this.problems.findForSiteRoute(q.pid, user);
    return this.problems.adminDetail(q.pid);
  }

  @Post('problem')
  @Audited('problem.create', { target: 'problem', idFromResult: resultId, load: loadProblem })
  async create(@Body() dto: ProblemDto, @CurrentUser() user: AuthUser) {
    const p = await this.form.create(dto, user);
    return this.problems.adminDetail(p.id);
  }

  @Put('problem')
  @Audited('problem.update', { target: 'problem', id: problemIdOfBody, load: loadProblem })
  async update(@Body() dto: ProblemDto, @CurrentUser() user: AuthUser) {
    if (!dto.problem.id) throw new BadRequestError(ERR.badRequest);
    await this.problems.findForSiteRoute(dto.problem.id, user);
    const p = await this.form.update(dto, user);
    return this.problems.adminDetail(p.id);
  }

  @Delete('problem')
  @Audited('problem.delete', { target: 'problem', id: fromQuery('pid'), load: loadProblem })
  async remove(@Query() q: PidQueryDto, @CurrentUser() user: AuthUser) {
    await this.problems.findForSiteRoute(q.pid, user);
    await this.problems.remove(q.pid);
    return null;
  }

  @Get('problem/get-problem-cases')
  async cases(@Query() q: PidQueryDto, @CurrentUser() user: AuthUser) {
    await this.problems.findForSiteRoute(q.pid, user);
    return this.problems.casesOf(q.pid);
  }

  @Post('problem/compile-spj')
  async compileSpj(@Body() dto: CompileCodeDto) {
    await this.problems.assertCheckerCompiles(JudgeMode.Special, dto.language, dto.code);
    return null;
  }

  @Post('problem/compile-interactive')
  async compileInteractive(@Body() dto: CompileCodeDto) {
    await this.problems.assertCheckerCompiles(JudgeMode.Interactive, dto.language, dto.code);
    return null;
  }

  @Put('problem/change-problem-auth')
  @Audited('problem.visibility', { target: 'problem', id: fromBody('id'), load: loadProblem })
  async changeAuth(@Body() dto: ChangeProblemAuthDto, @CurrentUser() user: AuthUser) {
    await this.problems.findForSiteRoute(dto.id, user);
    await this.problems.changeAuth(dto.id, dto.auth, user);
    return null;
  }

  @Post('tag')
  @Audited('tag.create', { target: 'tag', idFromResult: resultId, load: loadTag })
  createTag(@Body() dto: TagDto) {
    return this.tags.create(dto);
  }

  @Put('tag')
  @Audited('tag.update', { target: 'tag', id: fromBody('id'), load: loadTag })
  updateTag(@Body() dto: TagDto) {
    return this.tags.update(dto);
  }

  @Delete('tag')
  @Audited('tag.delete', { target: 'tag', id: fromQuery('tid'), load: loadTag })
  async removeTag(@Query() q: TidQueryDto) {
    await this.tags.remove(q.tid);
    return null;
  }

  @Get('tag/classification')
  classifications(@Query() q: ProblemTagsQueryDto) {
    return this.tags.classifications(q.oj);
  }

  @Post('tag/classification')
  @Audited('tag-classification.create', { target: 'tag-classification', idFromResult: resultId, load: loadTagClassification })
  createClassification(@Body() dto: TagClassificationDto) {
    return this.tags.createClassification(dto);
  }

  @Put('tag/classification')
  @Audited('tag-classification.update', { target: 'tag-classification', id: fromBody('id'), load: loadTagClassification })
  updateClassification(@Body() dto: TagClassificationDto) {
    return this.tags.updateClassification(dto);
  }

  @Delete('tag/classification')
  @Audited('tag-classification.delete', { target: 'tag-classification', id: fromQuery('tcid'), load: loadTagClassification })
  async removeClassification(@Query() q: TcidQueryDto) {
    await this.tags.removeClassification(q.tcid);
    return null;
  }
}
