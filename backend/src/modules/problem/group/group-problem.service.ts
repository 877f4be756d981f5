import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ApplyPublicProgress, ERR, GROUP_CONTENT_ERR, JudgeMode, Page } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { ProblemDto } from '../dto/problem.dto';
import { Problem } from '../entities/problem.entity';
import { ProblemFormService } from '../problem-form.service';
import { ProblemService, PublicProblemRow } from '../problem.service';
import { GroupScopeService } from '../../group/scope/group-scope.service';

/**
 * A group's problem bank (HOJ GroupProblemManager): problems of the site's bank with `isGroup` and the group's
 * `gid`, saved, judged and stored by the problem module. Members list the public ones; admins (4–5) create;
 * the author, level 5 and root change and delete.
 */
@Injectable()
export class GroupProblemService {
  constructor(
    @InjectRepository(Problem) private readonly problems: Repository<Problem>,
    private readonly bank: ProblemService,
    private readonly form: ProblemFormService,
    private readonly scope: GroupScopeService,
  ) {}

  async list(gid: number, q: { currentPage?: number; limit?: number }, user: AuthUser): Promise<Page<PublicProblemRow>> {
    await this.scope.member(gid, user);
    return this.bank.groupList(gid, q);
  }

  async adminList(gid: number, q: { currentPage?: number; limit?: number; keyword?: string }, user: AuthUser): Promise<Page<Problem>> {
    await this.scope.admin(gid, user);
    const req = pageRequest(q);
    const qb = this.problems.createQueryBuilder('p').where('p.gid = :gid', { gid }).orderBy('p.id', 'DESC');
    if (q.keyword) qb.andWhere('(p.title ILIKE :kw OR p.problemId ILIKE :kw)', { kw: `%${escapeLike(q.keyword)}%` });
    const [records, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    return toPage(records, total, req);
  }

  /** A problem of some group the caller manages (404 for a site problem and for non-members). */
  async managed(pid: number, user: AuthUser): Promise<Problem> {
    const problem = await this.problems.findOne({ where: { id: pid } });
    if (!problem || problem.gid === null) throw new NotFoundError(ERR.notFound);
    await this.scope.manager(problem.gid, problem.author === user.username, user);
    return problem;
  }

  async detail(pid: number, user: AuthUser) {
    await this.managed(pid, user);
    return this.bank.adminDetail(pid);
  }

  /** HOJ's ProblemDTO with `problem.gid`: saved by the bank's form, then marked as the group's in the same transaction. */
  async create(dto: ProblemDto, user: AuthUser) {
    const gid = Number(dto.problem?.gid);
    if (!Number.isInteger(gid) || gid < 1) throw new BadRequestError(GROUP_CONTENT_ERR.gidRequired);
    await this.scope.admin(gid, user);
    const saved = await this.form.create(dto, user, async (em, problem) => {
      // The author is the creator (the manager rule reads it), whatever the body says.
      await em.getRepository(Problem).update({ id: problem.id }, { isGroup: true, gid, author: user.username });
    });
    return this.bank.adminDetail(saved.id);
  }

  /** The group stays the problem's own (the form never moves `gid` or `isGroup`). */
  async update(dto: ProblemDto, user: AuthUser) {
    await this.managed(dto.problem?.id ?? 0, user);
    const saved = await this.form.update(dto, user);
    return this.bank.adminDetail(saved.id);
  }

  async remove(pid: number, user: AuthUser): Promise<void> {
    await this.managed(pid, user);
    await this.bank.remove(pid);
  }

  /** HOJ getAllProblemTagsList: the group's admins (4–5) and root, for the group's problem editor. */
  async allTags(gid: number, user: AuthUser) {
    await this.scope.admin(gid, user);
    return this.bank.groupTags(gid);
  }

  async cases(pid: number, user: AuthUser) {
    await this.managed(pid, user);
    return this.bank.casesOf(pid);
  }

  async compile(gid: number, mode: JudgeMode, code: { code: string; language: string }, user: AuthUser): Promise<void> {
    await this.scope.admin(gid, user);
    await this.bank.assertCheckerCompiles(mode, code.language, code.code);
  }

  async changeAuth(pid: number, auth: number, user: AuthUser): Promise<void> {
    await this.managed(pid, user);
    await this.bank.changeAuth(pid, auth, user);
  }

  /**
   * HOJ apply-public: the group's root (level 5) or site root proposes a problem for the public bank (progress 1)
   * or withdraws the proposal (null). A problem already public stays public.
   */
  async applyPublic(pid: number, isApplied: boolean, user: AuthUser): Promise<void> {
    const problem = await this.problems.findOne({ where: { id: pid } });
    if (!problem || problem.gid === null) throw new NotFoundError(ERR.notFound);
    // Level 5 or root (HOJ isGroupRoot): `manager` with no author rule; outsiders 404.
    await this.scope.manager(problem.gid, false, user);
    if (problem.applyPublicProgress === ApplyPublicProgress.Public) throw new BadRequestError(GROUP_CONTENT_ERR.alreadyPublic);
    await this.problems.update({ id: pid }, { applyPublicProgress: isApplied ? ApplyPublicProgress.Applying : null, isGroup: true });
  }
}
