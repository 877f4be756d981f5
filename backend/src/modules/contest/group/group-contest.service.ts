import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CONTEST_ERR, ERR, GROUP_CONTENT_ERR, ProblemAuth } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { AdminContestProblemService } from '../admin-contest-problem.service';
import { AdminContestService } from '../admin-contest.service';
import { ContestService } from '../contest.service';
import {
  AddContestProblemDto,
  announcementInput,
  ContestAnnouncementBodyDto,
  UpdateContestAnnouncementDto,
  UpdateContestProblemDto,
} from '../dto/admin-contest.dto';
import { ContestBodyDto } from '../dto/contest.dto';
import { Contest } from '../entities/contest.entity';
import { ProblemService } from '../../problem/problem.service';
import { GroupScopeService } from '../../group/scope/group-scope.service';
import { GroupContestProblemCreateDto, GroupContestProblemSaveDto } from './group-contest.dto';

type PageQuery = { currentPage?: number; limit?: number; keyword?: string };

/**
 * A group's contests (HOJ GroupContestManager, GroupContestProblemManager, GroupContestAnnouncementManager):
 * contests with the group's `gid`, run by the contest module. Members list the visible ones; group admins
 * (4–5) create and list all; the author, level 5 and root manage one (the contest module's admin rule).
 */
@Injectable()
export class GroupContestService {
  constructor(
    @InjectRepository(Contest) private readonly contests: Repository<Contest>,
    private readonly bank: ProblemService,
    private readonly admin: AdminContestService,
    private readonly contestProblems: AdminContestProblemService,
    private readonly site: ContestService,
    private readonly scope: GroupScopeService,
  ) {}

  async list(gid: number, q: PageQuery, user: AuthUser) {
    await this.scope.member(gid, user);
    return this.site.list({ currentPage: q.currentPage, limit: q.limit }, new Date(), gid);
  }

  async adminList(gid: number, q: PageQuery, user: AuthUser) {
    await this.scope.admin(gid, user);
    return this.admin.list(user, q, gid);
  }

  /** A group's contest the caller manages; a site contest or a non-member answers 404. */
  async managed(cid: number, user: AuthUser): Promise<Contest> {
    const contest = await this.contests.findOneBy({ id: cid });
    if (!contest) throw new NotFoundError(ERR.notFound);
    await this.scope.manager(contest.gid, contest.uid === user.uid, user);
    return contest;
  }

  async get(cid: number, user: AuthUser) {
    await this.managed(cid, user);
    return this.admin.get(cid);
  }

  async create(body: ContestBodyDto, user: AuthUser) {
    if (!body.gid) throw new BadRequestError(GROUP_CONTENT_ERR.gidRequired);
    await this.scope.admin(body.gid, user);
    return this.admin.create(user, body, body.gid);
  }

  async update(body: ContestBodyDto & { id: number }, user: AuthUser) {
    const { id, ...rest } = body;
    return this.admin.update(await this.managed(id, user), rest);
  }

  async remove(cid: number, user: AuthUser): Promise<void> {
    await this.admin.remove(await this.managed(cid, user));
  }

  async setVisible(cid: number, visible: boolean, user: AuthUser): Promise<void> {
    await this.admin.setVisible(await this.managed(cid, user), visible);
  }

  async problemList(q: PageQuery & { cid: number; problemType?: number; oj?: string }, user: AuthUser) {
    await this.managed(q.cid, user);
    if (q.problemType !== undefined) return this.admin.pickerPage(q.cid, { ...q, problemType: q.problemType });
    return this.admin.problemPage(q.cid, q);
  }

  async getProblem(pid: number, cid: number, user: AuthUser) {
    await this.managed(cid, user);
    return this.admin.getProblemByRef({ cid, pid });
  }

  /**
   * PUT contest-problem: with an `id`, an edit of that link; without one (HOJ's saveOrUpdate), the link of `cid` and
   * `pid`, edited when it exists and made when not, for a problem that may join the contest: one of its group's
   * own, or a public problem of the site's bank (as add-contest-problem-from-group / -from-public).
   */
  async saveProblem(dto: GroupContestProblemSaveDto, user: AuthUser) {
    if (dto.id !== undefined) return this.updateProblem({ ...dto, id: dto.id }, user);
    if (dto.cid === undefined || dto.pid === undefined) throw new BadRequestError(ERR.badRequest);
    const contest = await this.managed(dto.cid, user);
    const existing = await this.admin.getProblemByRef({ cid: dto.cid, pid: dto.pid }).catch(() => null);
    if (existing) return this.admin.updateProblem(existing, { ...dto, id: existing.id });
    const problem = await this.bank.findRow({ pid: dto.pid });
    const mayJoin = problem && (problem.gid === contest.gid || (!problem.isGroup && problem.auth === ProblemAuth.Public));
    if (!mayJoin) throw new NotFoundError(ERR.notFound);
    if (dto.displayId === undefined) throw new BadRequestError(CONTEST_ERR.displayIdRequired);
    return this.admin.addProblem({
      cid: dto.cid,
      pid: dto.pid,
      displayId: dto.displayId,
      displayTitle: dto.displayTitle,
      color: dto.color,
    });
  }

  async updateProblem(dto: UpdateContestProblemDto, user: AuthUser) {
    const cp = await this.admin.getProblemById(dto.id);
    await this.managed(cp.cid, user);
    return this.admin.updateProblem(cp, dto);
  }

  /**
   * POST contest-problem (HOJ GroupContestProblemManager.addProblem): a problem of the group written for its
   * contests (auth 3), by the group's admins (4–5) and root; with `cid` and `displayId` (ours) it joins that contest
   * of the group in the same transaction. Answers HOJ's `{pid}`.
   */
  async createProblem(dto: GroupContestProblemCreateDto, user: AuthUser): Promise<{ pid: number }> {
    const gid = Number(dto.problem?.gid);
    if (!Number.isInteger(gid) || gid < 1) throw new BadRequestError(GROUP_CONTENT_ERR.gidRequired);
    await this.scope.admin(gid, user);
    if (dto.cid !== undefined && (await this.managed(dto.cid, user)).gid !== gid) throw new NotFoundError(ERR.notFound);
    const link =
      dto.cid !== undefined ? { cid: dto.cid, displayId: dto.displayId ?? '', displayTitle: dto.displayTitle, color: dto.color } : null;
    const { problem } = await this.contestProblems.createLinked(dto, user, link, async (em, created) => {
      await this.bank.makeGroupProblem(em, created.id, gid, user.username);
    });
    return { pid: problem.id };
  }

  async removeProblem(pid: number, cid: number, user: AuthUser): Promise<void> {
    await this.managed(cid, user);
    await this.admin.removeProblem(await this.admin.getProblemByRef({ cid, pid }));
  }

  /** A public problem of the site's bank (HOJ: not a group's, not private). */
  async addFromPublic(dto: AddContestProblemDto, user: AuthUser) {
    await this.managed(dto.cid, user);
    const problem = await this.bank.findRow({ pid: dto.pid });
    if (!problem || problem.isGroup || problem.auth === ProblemAuth.Private) throw new NotFoundError(ERR.notFound);
    return this.admin.addProblem(dto);
  }

  /** One of the contest's own group's problems, by its display ID (HOJ problemId). */
  async addFromGroup(dto: { problemId: string; cid: number; displayId: string }, user: AuthUser) {
    const contest = await this.managed(dto.cid, user);
    const problem = await this.bank.findRow({ problemId: dto.problemId.trim() });
    if (!problem || problem.gid !== contest.gid) throw new BadRequestError(GROUP_CONTENT_ERR.notGroupProblem);
    return this.admin.addProblem({ cid: dto.cid, pid: problem.id, displayId: dto.displayId });
  }

  async announcements(cid: number, q: PageQuery, user: AuthUser) {
    await this.managed(cid, user);
    return this.admin.announcementPage(cid, q);
  }

  async addAnnouncement(dto: ContestAnnouncementBodyDto, user: AuthUser) {
    await this.managed(dto.cid, user);
    return this.admin.addAnnouncement(user, dto.cid, announcementInput(dto));
  }

  async updateAnnouncement(dto: UpdateContestAnnouncementDto, user: AuthUser) {
    const input = announcementInput(dto);
    const a = await this.admin.getAnnouncement(input.id ?? 0);
    await this.managed(a.cid, user);
    return this.admin.updateAnnouncement(a, input);
  }

  async removeAnnouncement(aid: number, cid: number, user: AuthUser): Promise<void> {
    const a = await this.admin.getAnnouncement(aid);
    if (a.cid !== cid) throw new NotFoundError(ERR.notFound);
    await this.managed(a.cid, user);
    await this.admin.removeAnnouncement(a);
  }
}
