import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CONTEST_ERR, ERR, ProblemAuth } from '@oj/contracts';
import { EntityManager, QueryFailedError, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { ProblemDto } from '../problem/dto/problem.dto';
import type { Problem } from '../problem/entities/problem.entity';
import { ProblemFormService } from '../problem/problem-form.service';
import { ProblemService } from '../problem/problem.service';
import { ContestAccessService } from './contest-access.service';
import { CreateContestProblemDto, UpdateContestProblemFormDto } from './dto/admin-contest-problem.dto';
import { ContestProblem } from './entities/contest-problem.entity';
import { ScoreboardService } from './scoreboard/scoreboard.service';

/** A unique index of contest_problem refused the row: the display id was taken meanwhile. */
function isDisplayIdClash(e: unknown): boolean {
  const driver = (e as QueryFailedError & { driverError?: { code?: string; table?: string } }).driverError;
  return e instanceof QueryFailedError && driver?.code === '23505' && driver.table === 'contest_problem';
}

/**
 * Problems written from inside a contest (HOJ's /api/admin/contest/problem): created with contest
 * visibility and linked in the same transaction, edited with the bank editor's rules, unlinked or
 * deleted. Validation and storage are the problem module's (ProblemFormService, ProblemService);
 * every call needs a contest the caller manages (author or root, product §6).
 */
@Injectable()
export class AdminContestProblemService {
  constructor(
    @InjectRepository(ContestProblem) private readonly links: Repository<ContestProblem>,
    private readonly problems: ProblemService,
    private readonly form: ProblemFormService,
    private readonly access: ContestAccessService,
    private readonly scoreboard: ScoreboardService,
  ) {}

  private async assertManages(cid: number, user: AuthUser): Promise<void> {
    this.access.assertCanManage(await this.access.access(cid, user));
  }

  /**
   * The problem's link in a contest the caller manages: in `cid` when given (404 when the problem is not
   * in it), otherwise the first contest having the problem that the caller manages (403 when none).
   */
  async managedLink(pid: number, user: AuthUser, cid?: number): Promise<ContestProblem> {
    if (cid !== undefined) {
      await this.assertManages(cid, user);
      const cp = await this.links.findOneBy({ cid, pid });
      if (!cp) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
      return cp;
    }
    await this.problems.findById(pid);
    const links = await this.links.find({ where: { pid }, order: { id: 'ASC' } });
    if (!links.length) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    for (const cp of links) {
      const contest = await this.access.contest(cp.cid);
      if (contest && (await this.access.isContestAdmin(contest, user))) return cp;
    }
    throw new ForbiddenError(ERR.noPermission);
  }

  /** GET: the problem as the bank editor reads it (tags, languages, templates), its cases and its contest link. */
  async detail(cp: ContestProblem) {
    const [problem, problemCases] = await Promise.all([this.problems.adminDetail(cp.pid), this.problems.casesOf(cp.pid)]);
    return { ...problem, problemCases, contestProblem: cp };
  }

  private async assertDisplayIdFree(cid: number, displayId: string): Promise<void> {
    if (!displayId) throw new BadRequestError(CONTEST_ERR.displayIdRequired);
    if (await this.links.existsBy({ cid, displayId })) throw new BadRequestError(CONTEST_ERR.displayIdExists);
  }

  /** POST: a contest-only problem (auth 3) and its link, all or nothing. */
  async create(dto: CreateContestProblemDto, user: AuthUser): Promise<ContestProblem> {
    await this.assertManages(dto.cid, user);
    return (await this.createLinked(dto, user, dto)).link!;
  }

  /**
   * A problem made for contests (auth 3) with the bank editor's rules and, when `link` is given, its link in that
   * contest, in one transaction; `mark` adds the caller's own writes to it (a group's problem). The caller checked
   * who may write where.
   */
  async createLinked(
    dto: ProblemDto,
    user: AuthUser,
    link: { cid: number; displayId: string; displayTitle?: string; color?: string | null } | null,
    mark?: (em: EntityManager, problem: Problem) => Promise<void>,
  ): Promise<{ problem: Problem; link: ContestProblem | null }> {
    const displayId = link?.displayId.trim() ?? '';
    if (link) await this.assertDisplayIdFree(link.cid, displayId);
    dto.problem.auth = ProblemAuth.Contest;
    let saved: ContestProblem | null = null;
    let problem: Problem;
    try {
      problem = await this.form.create(dto, user, async (em: EntityManager, created) => {
        await mark?.(em, created);
        if (!link) return;
        const repo = em.getRepository(ContestProblem);
        saved = await repo.save(
          repo.create({
            cid: link.cid,
            pid: created.id,
            displayId,
            displayTitle: link.displayTitle?.trim() || created.title,
            color: link.color ?? null,
          }),
        );
      });
    } catch (e) {
      if (isDisplayIdClash(e)) throw new BadRequestError(CONTEST_ERR.displayIdExists);
      throw e;
    }
    if (link) await this.scoreboard.invalidate(link.cid);
    return { problem, link: saved };
  }

  /**
   * PUT: the bank editor's rules on a problem of a contest the caller manages. Its visibility stays as it
   * is (bank problems in the contest remain bank problems); display id, title and colour change when given.
   */
  async update(dto: UpdateContestProblemFormDto, user: AuthUser): Promise<ContestProblem> {
    if (!dto.problem.id) throw new BadRequestError(ERR.badRequest);
    const cp = await this.managedLink(dto.problem.id, user, dto.cid);
    const existing = await this.problems.findById(cp.pid);
    dto.problem.auth = existing.auth;
    const next = {
      displayId: dto.displayId !== undefined ? dto.displayId.trim() : cp.displayId,
      displayTitle: dto.displayTitle?.trim() || cp.displayTitle,
      color: dto.color === undefined ? cp.color : dto.color,
    };
    if (next.displayId !== cp.displayId) await this.assertDisplayIdFree(cp.cid, next.displayId);
    const linkChanged = next.displayId !== cp.displayId || next.displayTitle !== cp.displayTitle || next.color !== cp.color;
    try {
      await this.form.update(dto, user, async (em) => {
        if (linkChanged) await em.getRepository(ContestProblem).update({ id: cp.id }, next);
      });
    } catch (e) {
      if (isDisplayIdClash(e)) throw new BadRequestError(CONTEST_ERR.displayIdExists);
      throw e;
    }
    if (linkChanged) await this.scoreboard.invalidate(cp.cid);
    return { ...cp, ...next };
  }

  /**
   * DELETE, HOJ's two cases: with `cid` the problem leaves that contest (the problem stays); without it
   * a contest-only problem (auth 3) is deleted with its links, when the caller manages every contest
   * that has it. Bank problems are deleted from the bank (DELETE /api/admin/problem).
   */
  async remove(pid: number, user: AuthUser, cid?: number): Promise<void> {
    if (cid !== undefined) {
      const cp = await this.managedLink(pid, user, cid);
      await this.links.delete({ id: cp.id });
      await this.scoreboard.invalidate(cp.cid);
      return;
    }
    const problem = await this.problems.findById(pid);
    const links = await this.links.find({ where: { pid } });
    if (!links.length) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    for (const cp of links) {
      const contest = await this.access.contest(cp.cid);
      if (!contest || !(await this.access.isContestAdmin(contest, user))) throw new ForbiddenError(ERR.noPermission);
    }
    if (problem.auth !== ProblemAuth.Contest) throw new ForbiddenError(ERR.noPermission);
    await this.problems.remove(pid, async (em) => {
      await em.getRepository(ContestProblem).delete({ pid });
    });
    for (const cid of new Set(links.map((l) => l.cid))) await this.scoreboard.invalidate(cid);
  }
}
