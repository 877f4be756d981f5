import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role, PERMISSION } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { AdminContestService } from '../admin-contest.service';
import { ContestAccessService } from '../contest-access.service';
import { ContestRejudgeService } from '../submissions/contest-rejudge.service';
import { ScoreboardService } from '../scoreboard/scoreboard.service';
import {
  AddContestProblemDto,
  AdminContestListQueryDto,
  ChangeContestVisibleDto,
  AnnouncementIdQueryDto,
  announcementInput,
  ContestAnnouncementBodyDto,
  ContestProblemListQueryDto,
  ContestProblemRefQueryDto,
  IdQueryDto,
  UpdateContestAnnouncementDto,
  UpdateContestProblemDto,
} from '../dto/admin-contest.dto';
import { CidQueryDto, ContestAnnouncementQueryDto, RejudgeContestProblemQueryDto } from '../dto/contest-query.dto';
import { ContestBodyDto, UpdateContestDto } from '../dto/contest.dto';
import { Audited, fromBody, fromQuery, fromQueryOrBody } from '../../../core/audit/audited.decorator';
import {
  announcementId,
  loadContest,
  loadContestAnnouncement,
  loadContestProblemLink,
  loadContestProblems,
  resultId,
} from '../contest-audit';

/**
 * /api/admin/contest...: admin-type roles at the door; each contest only by its admins (author, root).
 */
@ApiTags('admin contest')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.contestAdmin)
@Controller('admin')
export class AdminContestController {
  constructor(
    private readonly admin: AdminContestService,
    private readonly access: ContestAccessService,
    private readonly rejudges: ContestRejudgeService,
    private readonly scoreboard: ScoreboardService,
  ) {}

  private async managed(cid: number, user: AuthUser) {
    const a = await this.access.access(cid, user);
    this.access.assertCanManage(a);
    return a.contest;
  }

  @Get('contest/get-contest-list')
  list(@Query() q: AdminContestListQueryDto, @CurrentUser() user: AuthUser) {
    return this.admin.list(user, q);
  }

  /** The award ceremony's resolver (issue 35): the sealed and final cells of every team of an ended, sealed ACM contest. */
  @Get('contest/resolver')
  async resolver(@Query() q: CidQueryDto, @CurrentUser() user: AuthUser) {
    return this.scoreboard.resolverData(await this.managed(q.cid, user));
  }

  @Get('contest')
  async get(@Query() q: CidQueryDto, @CurrentUser() user: AuthUser) {
    await this.managed(q.cid, user);
    return this.admin.get(q.cid);
  }

  @Post('contest')
  @Audited('contest.create', { target: 'contest', idFromResult: resultId, load: loadContest })
  @HttpCode(200)
  create(@Body() body: ContestBodyDto, @CurrentUser() user: AuthUser) {
    return this.admin.create(user, body);
  }

  @Put('contest')
  @Audited('contest.update', { target: 'contest', id: fromBody('id'), load: loadContest })
  async update(@Body() body: UpdateContestDto, @CurrentUser() user: AuthUser) {
    const { id, ...rest } = body;
    return this.admin.update(await this.managed(id, user), rest);
  }

  @Delete('contest')
  @Audited('contest.delete', { target: 'contest', id: fromQuery('cid'), load: loadContest })
  async remove(@Query() q: CidQueryDto, @CurrentUser() user: AuthUser) {
    await this.admin.remove(await this.managed(q.cid, user));
    return null;
  }

  @Put('contest/change-contest-visible')
  @Audited('contest.visibility', { target: 'contest', id: fromQuery('cid'), load: loadContest })
  async changeVisible(@Query() q: ChangeContestVisibleDto, @CurrentUser() user: AuthUser) {
    await this.admin.setVisible(await this.managed(q.cid, user), q.visible);
    return null;
  }

  @Get('contest/get-problem-list')
  async problems(@Query() q: ContestProblemListQueryDto, @CurrentUser() user: AuthUser) {
    await this.managed(q.cid, user);
    if (q.problemType !== undefined) return this.admin.pickerPage(q.cid, { ...q, problemType: q.problemType });
    return this.admin.problemPage(q.cid, q);
  }

  @Get('contest/contest-problem')
  async problem(@Query() q: ContestProblemRefQueryDto, @CurrentUser() user: AuthUser) {
    const cp = await this.admin.getProblemByRef(q);
    await this.managed(cp.cid, user);
    return cp;
  }

  @Post('contest/add-problem-from-public')
  @Audited('contest.problem.add', { target: 'contest', id: fromBody('cid'), load: loadContestProblems })
  @HttpCode(200)
  async addProblem(@Body() dto: AddContestProblemDto, @CurrentUser() user: AuthUser) {
    await this.managed(dto.cid, user);
    return this.admin.addProblem(dto);
  }

  @Put('contest/contest-problem')
  @Audited('contest.problem.update', { target: 'contest-problem', id: fromBody('id'), load: loadContestProblemLink })
  async updateProblem(@Body() dto: UpdateContestProblemDto, @CurrentUser() user: AuthUser) {
    const cp = await this.admin.getProblemById(dto.id);
    await this.managed(cp.cid, user);
    return this.admin.updateProblem(cp, dto);
  }

  @Delete('contest/contest-problem')
  @Audited('contest.problem.remove', { target: 'contest-problem', id: fromQuery('id'), load: loadContestProblemLink })
  async removeProblem(@Query() q: IdQueryDto, @CurrentUser() user: AuthUser) {
    const cp = await this.admin.getProblemById(q.id);
    await this.managed(cp.cid, user);
    await this.admin.removeProblem(cp);
    return null;
  }

  @Get('contest/announcement')
  async announcements(@Query() q: ContestAnnouncementQueryDto, @CurrentUser() user: AuthUser) {
    await this.managed(q.cid, user);
    return this.admin.announcementPage(q.cid, q);
  }

  @Post('contest/announcement')
  @Audited('contest.announcement.create', { target: 'contest-announcement', idFromResult: resultId, load: loadContestAnnouncement })
  @HttpCode(200)
  async addAnnouncement(@Body() dto: ContestAnnouncementBodyDto, @CurrentUser() user: AuthUser) {
    await this.managed(dto.cid, user);
    return this.admin.addAnnouncement(user, dto.cid, announcementInput(dto));
  }

  @Put('contest/announcement')
  @Audited('contest.announcement.update', { target: 'contest-announcement', id: announcementId, load: loadContestAnnouncement })
  async updateAnnouncement(@Body() dto: UpdateContestAnnouncementDto, @CurrentUser() user: AuthUser) {
    const input = announcementInput(dto);
    const a = await this.admin.getAnnouncement(input.id ?? 0);
    await this.managed(a.cid, user);
    return this.admin.updateAnnouncement(a, input);
  }

  @Delete('contest/announcement')
  @Audited('contest.announcement.delete', {
    target: 'contest-announcement',
    id: (req) => fromQuery('aid')(req) ?? fromQueryOrBody('id')(req),
    load: loadContestAnnouncement,
  })
  async removeAnnouncement(@Query() q: AnnouncementIdQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.admin.getAnnouncement(q.aid ?? q.id ?? 0);
    await this.managed(a.cid, user);
    await this.admin.removeAnnouncement(a);
    return null;
  }

  /** Root only (product §6): every judged submission of the problem in the contest goes back to the queue. */
  @Roles(Role.Root)
  @Get('judge/rejudge-contest-problem')
  @Audited('contest.rejudge', { target: 'contest', id: fromQuery('cid'), after: (req, result) => ({ pid: req.query.pid, result }) })
  async rejudge(@Query() q: RejudgeContestProblemQueryDto, @CurrentUser() user: AuthUser) {
    await this.managed(q.cid, user);
    return this.rejudges.rejudgeProblem(q.cid, q.pid);
  }
}
