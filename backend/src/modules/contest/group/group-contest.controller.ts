import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import {
  AddContestProblemDto,
  ChangeContestVisibleDto,
  ContestAnnouncementBodyDto,
  ContestProblemListQueryDto,
  UpdateContestAnnouncementDto,
} from '../dto/admin-contest.dto';
import { CidQueryDto, ContestAnnouncementQueryDto } from '../dto/contest-query.dto';
import { ContestBodyDto, UpdateContestDto } from '../dto/contest.dto';
import { GroupItemListQueryDto } from '../../group/dto/group.dto';
import {
  AddContestProblemFromGroupDto,
  GroupContestAnnouncementRefDto,
  GroupContestProblemCreateDto,
  GroupContestProblemRefDto,
  GroupContestProblemSaveDto,
} from './group-contest.dto';
import { GroupContestService } from './group-contest.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { announcementId, loadContest, loadContestAnnouncement, loadContestProblems, loadProblem, resultId } from '../contest-audit';

/** A group's contests, their problems and announcements (HOJ GroupContestController); login required. */
@ApiTags('group')
@Controller('group')
export class GroupContestController {
  constructor(private readonly contests: GroupContestService) {}

  @Get('get-contest-list')
  list(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.contests.list(q.gid, q, user);
  }

  @Get('get-admin-contest-list')
  adminList(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.contests.adminList(q.gid, q, user);
  }

  @Get('contest')
  get(@Query() q: CidQueryDto, @CurrentUser() user: AuthUser) {
    return this.contests.get(q.cid, user);
  }

  @Post('contest')
  @Audited('contest.create', { target: 'contest', idFromResult: resultId, load: loadContest })
  @HttpCode(200)
  create(@Body() body: ContestBodyDto, @CurrentUser() user: AuthUser) {
    return this.contests.create(body, user);
  }

  @Put('contest')
  @Audited('contest.update', { target: 'contest', id: fromBody('id'), load: loadContest })
  update(@Body() body: UpdateContestDto, @CurrentUser() user: AuthUser) {
    return this.contests.update(body, user);
  }

  @Delete('contest')
  @Audited('contest.delete', { target: 'contest', id: fromQuery('cid'), load: loadContest })
  async remove(@Query() q: CidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.contests.remove(q.cid, user);
    return null;
  }

  @Put('change-contest-visible')
  @Audited('contest.visibility', { target: 'contest', id: fromQuery('cid'), load: loadContest })
  async changeVisible(@Query() q: ChangeContestVisibleDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.contests.setVisible(q.cid, q.visible, user);
    return null;
  }

  @Get('get-contest-problem-list')
  problems(@Query() q: ContestProblemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.contests.problemList(q, user);
  }

  @Get('contest-problem')
  problem(@Query() q: GroupContestProblemRefDto, @CurrentUser() user: AuthUser) {
    return this.contests.getProblem(q.pid, q.cid, user);
  }

  /** HOJ's ProblemDTO (`problem.gid`): a problem for the group's contests; answers `{pid}`. */
  @Post('contest-problem')
  @Audited('contest.problem.create', { target: 'problem', idFromResult: resultId, load: loadProblem })
  @HttpCode(200)
  createProblem(@Body() dto: GroupContestProblemCreateDto, @CurrentUser() user: AuthUser) {
    return this.contests.createProblem(dto, user);
  }

  @Put('contest-problem')
  @Audited('contest.problem.update', { target: 'contest', id: fromBody('cid'), load: loadContestProblems })
  saveProblem(@Body() dto: GroupContestProblemSaveDto, @CurrentUser() user: AuthUser) {
    return this.contests.saveProblem(dto, user);
  }

  @Delete('contest-problem')
  @Audited('contest.problem.remove', { target: 'contest', id: fromQuery('cid'), load: loadContestProblems })
  async removeProblem(@Query() q: GroupContestProblemRefDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.contests.removeProblem(q.pid, q.cid, user);
    return null;
  }

  @Post('add-contest-problem-from-public')
  @Audited('contest.problem.add', { target: 'contest', id: fromBody('cid'), load: loadContestProblems })
  @HttpCode(200)
  addFromPublic(@Body() dto: AddContestProblemDto, @CurrentUser() user: AuthUser) {
    return this.contests.addFromPublic(dto, user);
  }

  @Post('add-contest-problem-from-group')
  @Audited('contest.problem.add', { target: 'contest', id: fromQuery('cid'), load: loadContestProblems })
  @HttpCode(200)
  addFromGroup(@Query() q: AddContestProblemFromGroupDto, @CurrentUser() user: AuthUser) {
    return this.contests.addFromGroup(q, user);
  }

  @Get('get-contest-announcement-list')
  announcements(@Query() q: ContestAnnouncementQueryDto, @CurrentUser() user: AuthUser) {
    return this.contests.announcements(q.cid, q, user);
  }

  @Post('contest-announcement')
  @Audited('contest.announcement.create', { target: 'contest-announcement', idFromResult: resultId, load: loadContestAnnouncement })
  @HttpCode(200)
  addAnnouncement(@Body() dto: ContestAnnouncementBodyDto, @CurrentUser() user: AuthUser) {
    return this.contests.addAnnouncement(dto, user);
  }

  @Put('contest-announcement')
  @Audited('contest.announcement.update', { target: 'contest-announcement', id: announcementId, load: loadContestAnnouncement })
  updateAnnouncement(@Body() dto: UpdateContestAnnouncementDto, @CurrentUser() user: AuthUser) {
    return this.contests.updateAnnouncement(dto, user);
  }

  @Delete('contest-announcement')
  @Audited('contest.announcement.delete', { target: 'contest-announcement', id: fromQuery('aid'), load: loadContestAnnouncement })
  async removeAnnouncement(@Query() q: GroupContestAnnouncementRefDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.contests.removeAnnouncement(q.aid, q.cid, user);
    return null;
  }
}
