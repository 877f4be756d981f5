import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  AfterEndSeal,
  CONTEST_ERR,
  ContestAuth,
  OiScoreType,
  Page,
  RankShowName,
  SealMode,
  contestSealTime,
  formatHojAccountLimitRule,
} from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../core/pagination/pagination';
import { PickerRow, ProblemLookupService } from '../problem/problem-lookup.service';
import { ProblemService } from '../problem/problem.service';
import { AddContestProblemDto, ContestAnnouncementInput, UpdateContestProblemDto } from './dto/admin-contest.dto';
import { ContestBodyDto } from './dto/contest.dto';
import { announcementViews, ContestAnnouncementView } from './announcement-view';
import { ContestAnnouncement } from './entities/contest-announcement.entity';
import { ContestProblem } from './entities/contest-problem.entity';
import { Contest } from './entities/contest.entity';
import { ContestAccessService } from './contest-access.service';
import { lockdownSettings } from '../timed-event/timed-lockdown';
import { ContestView, contestView } from './contest.service';
import { ScoreboardService } from './scoreboard/scoreboard.service';

/** get-problem-list of a contest (HOJ): a page of its bank problems and each one's contest link by bank problem id. */
export interface ContestProblemPage {
  problemList: Page<PickerRow>;
  contestProblemMap: Record<number, ContestProblem>;
}

/** A contest as the admin edit form reads it (HOJ AdminContestVO): with its password and HOJ's account rule string. */
export type AdminContestView = Omit<ContestView, 'accountLimitRule'> & {
  pwd: string | null;
  accountLimitRule: string | null;
  ipRanges: string[];
};

/** The §5 contest rules that span fields: start before end, duration above zero, a password when needed. */
export function validateContestBody(body: ContestBodyDto): { startTime: Date; endTime: Date; duration: number } {
  const startTime = new Date(body.startTime);
  const endTime = new Date(body.endTime);
  const duration = Math.round((endTime.getTime() - startTime.getTime()) / 1000);
  if (endTime.getTime() < startTime.getTime()) throw new BadRequestError(CONTEST_ERR.startBeforeEnd);
  if (duration <= 0 || (body.duration !== undefined && body.duration <= 0)) throw new BadRequestError(CONTEST_ERR.durationPositive);
  if (body.auth !== ContestAuth.Public && !body.pwd) throw new BadRequestError(CONTEST_ERR.passwordRequired);
  if (body.starAccount && new Set(body.starAccount.map((s) => s.trim())).size !== body.starAccount.length)
    throw new BadRequestError(CONTEST_ERR.duplicateStarUsers);
  if (body.sealRank && (body.sealMode ?? SealMode.UntilEnd) === SealMode.UntilEnd && !body.sealRankTime)
    throw new BadRequestError(CONTEST_ERR.sealTimeRequired);
  return { startTime, endTime, duration };
}

/** Admin contest CRUD, problems and announcements (product §7 admin calls). Ownership is checked by the caller. */
@Injectable()
export class AdminContestService {
  constructor(
    @InjectRepository(Contest) private readonly contests: Repository<Contest>,
    @InjectRepository(ContestProblem) private readonly problems: Repository<ContestProblem>,
    @InjectRepository(ContestAnnouncement) private readonly announcements: Repository<ContestAnnouncement>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoreboard: ScoreboardService,
    private readonly access: ContestAccessService,
    private readonly bank: ProblemService,
    private readonly picker: ProblemLookupService,
  ) {}

  /** Whether any contest exists (the demo content is made only on an empty site). */
  async hasAny(): Promise<boolean> {
    return (await this.contests.count({ take: 1 })) > 0;
  }

  /**
   * Admin list: site contests (a group's are listed by the group, as HOJ), for root every one, for others the ones
   * they created (status from the clock, with `now`).
   */
  async list(user: AuthUser, q: { currentPage?: number; limit?: number; keyword?: string }, gid?: number): Promise<Page<ContestView>> {
    const req = pageRequest(q);
    // A group's admin list (`gid`, checked by the group module) holds every contest of the group.
    const qb =
      gid === undefined
        ? this.contests.createQueryBuilder('c').where('c.gid IS NULL')
        : this.contests.createQueryBuilder('c').where('c.gid = :gid', { gid });
    if (!user.isRoot && gid === undefined) qb.andWhere('c.uid = :uid', { uid: user.uid });
    if (q.keyword) qb.andWhere('c.title ILIKE :kw', { kw: `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%` });
    const [records, total] = await qb.orderBy('c.id', 'DESC').skip(req.skip).take(req.size).getManyAndCount();
    const now = new Date();
    return toPage(
      records.map((c) => contestView(c, now)),
      total,
      req,
    );
  }

  /**
   * The contest with its password, for the edit form; like every contest answer, status from the clock and `now`.
   * The account rule is HOJ's AdminContestVO string (its form parses it with a regular expression; our admin form
   * reads it back with parseHojAccountLimitRule); public answers keep the rule object.
   */
  async get(cid: number): Promise<AdminContestView> {
    const c = await this.contests.createQueryBuilder('c').addSelect('c.pwd').where('c.id = :cid', { cid }).getOne();
    if (!c) throw new NotFoundError();
    const rule = c.accountLimitRule;
    return { ...contestView(c), pwd: c.pwd, accountLimitRule: rule ? formatHojAccountLimitRule(rule) : null, ipRanges: c.ipRanges };
  }

  private fields(body: ContestBodyDto) {
    const { startTime, endTime, duration } = validateContestBody(body);
    const sealMode = body.sealMode ?? SealMode.UntilEnd;
    const draft = {
      title: body.title.trim(),
      description: body.description ?? '',
      type: body.type,
      auth: body.auth,
      pwd: body.auth === ContestAuth.Public ? null : (body.pwd ?? null),
      startTime,
      endTime,
      duration,
      sealRank: body.sealRank ?? false,
      sealMode,
      sealRankTime: body.sealRankTime ? new Date(body.sealRankTime) : null,
      afterEndSeal: body.afterEndSeal ?? AfterEndSeal.AutoUnseal,
      rankUnsealed: body.rankUnsealed ?? false,
      oiRankScoreType: body.oiRankScoreType ?? OiScoreType.Recent,
      starAccount: (body.starAccount ?? []).map((s) => s.trim()),
      rankShowName: body.rankShowName ?? RankShowName.Username,
      openPrint: body.openPrint ?? false,
      openAccountLimit: body.openAccountLimit ?? false,
      accountLimitRule: body.accountLimitRule ?? null,
      visible: body.visible ?? true,
      // absent (HOJ's client has no such field): true for a new contest, unchanged on an edit
      allowVirtual: body.allowVirtual,
    };
    // Store the effective seal moment so lists and other readers need not derive it.
    return { ...draft, sealRankTime: contestSealTime(draft) };
  }

  async create(user: AuthUser, body: ContestBodyDto, gid: number | null = null): Promise<AdminContestView> {
    // The admin area makes site contests; a group's contests come through the group's routes (HOJ), which pass
    // the checked `gid`: a body's gid never moves a contest into (or out of) a group.
    const fields = this.fields(body);
    const saved = await this.contests.save(
      this.contests.create({
        ...fields,
        ...lockdownSettings(body),
        allowVirtual: fields.allowVirtual ?? true,
        uid: user.uid,
        author: user.username,
        gid,
      }),
    );
    if (saved.lockMode || saved.ipRanges.length) await this.access.lockdownChanged();
    return this.get(saved.id);
  }

  async update(c: Contest, body: ContestBodyDto): Promise<AdminContestView> {
    const fields = this.fields(body);
    // ipRanges and lockMode absent (HOJ's client has no such fields): unchanged; given: checked as CIDRs.
    const lockdown = lockdownSettings(body, c);
    await this.contests.save({ ...c, ...fields, ...lockdown, allowVirtual: fields.allowVirtual ?? c.allowVirtual, id: c.id });
    this.access.forget(c.id);
    // The window, the lock or the ranges may have changed: every replica re-reads who is held.
    if (lockdown.lockMode || lockdown.ipRanges.length || c.lockMode || c.ipRanges.length) await this.access.lockdownChanged();
    await this.scoreboard.invalidate(c.id);
    return this.get(c.id);
  }

  async remove(c: Pick<Contest, 'id'>): Promise<void> {
    await this.db.transaction(async (m) => {
      for (const table of ['contest_problem', 'contest_register', 'contest_announcement', 'contest_print', 'contest_balloon'])
        await m.query(`DELETE FROM ${table} WHERE cid = $1`, [c.id]);
      await m.delete(Contest, { id: c.id });
    });
    this.access.forget(c.id);
    await this.scoreboard.invalidate(c.id);
    await this.access.lockdownChanged();
  }

  /**
   * Adds users to the contest's unofficial list (`starAccount`, 打星: shown with a star, never ranked or rated), as
   * the plagiarism check's confirmed copies are; answers the list. Row-locked, so two confirmations at once both land.
   */
  async addUnofficial(cid: number, usernames: string[]): Promise<string[]> {
    const list = await this.db.transaction(async (m) => {
      const c = await m.findOne(Contest, { where: { id: cid }, lock: { mode: 'pessimistic_write' } });
      if (!c) throw new NotFoundError();
      const next = [...new Set([...(c.starAccount ?? []), ...usernames.map((u) => u.trim())])];
      if (next.length !== (c.starAccount ?? []).length) await m.update(Contest, { id: cid }, { starAccount: next });
      return next;
    });
    this.access.forget(cid);
    await this.scoreboard.invalidate(cid);
    return list;
  }

  async setVisible(c: Contest, visible: boolean): Promise<void> {
    await this.contests.update({ id: c.id }, { visible });
    this.access.forget(c.id);
  }

  // Problems

  /**
   * The contest's problems (get-problem-list without `problemType`), in HOJ's shape: `problemList` is a page of the
   * bank problems (HOJ's Problem rows, in contest display id order) and `contestProblemMap` maps each bank problem
   * id to its contest link (display id, title, colour) for every problem of the contest, as HOJ answers it. HOJ's
   * `keyword` matches the contest display id or title, or the bank problem id or title.
   */
  async problemPage(cid: number, q: { currentPage?: number; limit?: number; keyword?: string }): Promise<ContestProblemPage> {
    const req = pageRequest(q);
    const qb = this.problems.createQueryBuilder('cp').where('cp.cid = :cid', { cid });
    if (q.keyword?.trim())
      qb.andWhere(
        `(cp.displayId ILIKE :kw OR cp.displayTitle ILIKE :kw
          OR EXISTS (SELECT 1 FROM problem p WHERE p.id = cp.pid AND (p.problem_id ILIKE :kw OR p.title ILIKE :kw)))`,
        { kw: `%${escapeLike(q.keyword.trim())}%` },
      );
    const [[rows, total], links] = await Promise.all([
      qb.orderBy('cp.displayId', 'ASC').skip(req.skip).take(req.size).getManyAndCount(),
      this.problems.find({ where: { cid } }),
    ]);
    const bank = await this.picker.rowsOf(rows.map((r) => r.pid));
    const byId = new Map(bank.map((p) => [p.id, p]));
    return {
      problemList: toPage(
        rows.flatMap((r) => byId.get(r.pid) ?? []),
        total,
        req,
      ),
      contestProblemMap: Object.fromEntries(links.map((l) => [l.pid, l])),
    };
  }

  /**
   * HOJ's picker (get-problem-list with `problemType`): bank problems not yet in the contest that may join it —
   * of the contest's type or remote, not private, not a group's — filtered by `oj` and keyword. HOJ's answer:
   * `{problemList: page, contestProblemMap}` (the map is empty: none of these is in the contest).
   */
  async pickerPage(cid: number, q: { currentPage?: number; limit?: number; keyword?: string; oj?: string; problemType: number }) {
    const linked = await this.problems.find({ select: ['pid'], where: { cid } });
    const problemList = await this.picker.page(
      q,
      { kind: 'contest', problemType: q.problemType },
      linked.map((l) => l.pid),
      'DESC',
    );
    return { problemList, contestProblemMap: {} };
  }

  async getProblemById(id: number): Promise<ContestProblem> {
    const cp = await this.problems.findOneBy({ id });
    if (!cp) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    return cp;
  }

  /** A contest problem by its link id, or by contest and bank problem (HOJ's `cid` and `pid`). */
  async getProblemByRef(ref: { id?: number; cid?: number; pid?: number }): Promise<ContestProblem> {
    if (ref.id !== undefined) return this.getProblemById(ref.id);
    const cp = await this.problems.findOneBy({ cid: ref.cid, pid: ref.pid });
    if (!cp) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    return cp;
  }

  /** Adds a bank problem under a display id (unique per contest), title defaulting to the problem's. */
  async addProblem(dto: AddContestProblemDto): Promise<ContestProblem> {
    const problem = await this.bank.findRow({ pid: dto.pid });
    if (!problem) throw new NotFoundError();
    const displayId = dto.displayId.trim();
    if (await this.problems.existsBy({ cid: dto.cid, pid: dto.pid })) throw new BadRequestError(CONTEST_ERR.problemAlreadyInContest);
    if (await this.problems.existsBy({ cid: dto.cid, displayId })) throw new BadRequestError(CONTEST_ERR.displayIdExists);
    const saved = await this.problems.save(
      this.problems.create({
        cid: dto.cid,
        pid: dto.pid,
        displayId,
        displayTitle: dto.displayTitle?.trim() || problem.title,
        color: dto.color ?? null,
      }),
    );
    await this.scoreboard.invalidate(dto.cid);
    return saved;
  }

  async updateProblem(cp: ContestProblem, dto: UpdateContestProblemDto): Promise<ContestProblem> {
    if ((dto.cid !== undefined && dto.cid !== cp.cid) || (dto.pid !== undefined && dto.pid !== cp.pid))
      throw new BadRequestError(CONTEST_ERR.problemNotInContest);
    const displayId = dto.displayId?.trim() ?? cp.displayId;
    if (displayId !== cp.displayId && (await this.problems.existsBy({ cid: cp.cid, displayId })))
      throw new BadRequestError(CONTEST_ERR.displayIdExists);
    const saved = await this.problems.save({
      ...cp,
      displayId,
      displayTitle: dto.displayTitle?.trim() || cp.displayTitle,
      color: dto.color === undefined ? cp.color : dto.color,
    });
    await this.scoreboard.invalidate(cp.cid);
    return saved;
  }

  async removeProblem(cp: ContestProblem): Promise<void> {
    await this.problems.delete({ id: cp.id });
    await this.scoreboard.invalidate(cp.cid);
  }

  // Announcements

  async announcementPage(cid: number, q: { currentPage?: number; limit?: number }): Promise<Page<ContestAnnouncementView>> {
    const req = pageRequest(q);
    const [records, total] = await this.announcements.findAndCount({
      where: { cid },
      order: { gmtCreate: 'DESC', id: 'DESC' },
      skip: req.skip,
      take: req.size,
    });
    return toPage(await announcementViews(this.db, records), total, req);
  }

  async getAnnouncement(id: number): Promise<ContestAnnouncement> {
    const a = await this.announcements.findOneBy({ id });
    if (!a) throw new NotFoundError();
    return a;
  }

  async addAnnouncement(user: AuthUser, cid: number, dto: ContestAnnouncementInput): Promise<ContestAnnouncement> {
    return this.announcements.save(
      this.announcements.create({
        cid,
        title: dto.title.trim(),
        content: dto.content,
        uid: user.uid,
        visible: dto.visible ?? true,
      }),
    );
  }

  async updateAnnouncement(a: ContestAnnouncement, dto: ContestAnnouncementInput): Promise<ContestAnnouncement> {
    return this.announcements.save({ ...a, title: dto.title.trim(), content: dto.content, visible: dto.visible ?? a.visible });
  }

  async removeAnnouncement(a: ContestAnnouncement): Promise<void> {
    await this.announcements.delete({ id: a.id });
  }
}
