import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  CONTEST_ERR,
  ContestMyLatestSubmission,
  ContestStatus,
  ContestType,
  JudgeStatus,
  Page,
  contestSealTime,
  contestStatusAt,
} from '@oj/contracts';
import { Brackets, DataSource, In, Repository } from 'typeorm';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { NotFoundError } from '../../core/http/api.exception';
import { ProblemService } from '../problem/problem.service';
import { loadTimedProblem, TimedProblem, timedProblemView } from '../problem/timed-problem';
import { STATISTIC_VERDICTS, StatisticColumn } from '../judge-queue/judge-statistics';
import { CONTEST_CACHE_MS, CONTEST_REFRESH_MS, ContestAccess } from './contest-access.service';
import { notContestAdmin } from './contest-admins.sql';
import { ContestListQueryDto } from './dto/contest.dto';
import { announcementViews, ContestAnnouncementView } from './announcement-view';
import { ContestAnnouncement } from './entities/contest-announcement.entity';
import { ContestAnnouncementRead } from './entities/contest-announcement-read.entity';
import { ContestProblem } from './entities/contest-problem.entity';
import { Contest } from './entities/contest.entity';
import { ScoreboardService } from './scoreboard/scoreboard.service';
import { ContestVirtual } from './entities/contest-virtual.entity';
import { ownVirtualRunId } from './virtual/own-virtual-run';
import { RowCache } from '../../core/cache/row-cache';

/** A contest's problem list with the accepted and total counts (get-contest-problem), as cached per replica. */
type ProblemListRow = ContestProblem & { ac: number; total: number };

/** HOJ's ProblemCountVO of a contest problem: its tries in the contest by verdict (get-contest-problem-details). */
export type ContestProblemCount = { pid: number; total: number } & Record<StatisticColumn, number>;

/** The problem list and each problem's counts by verdict (by contest_problem id), read together. */
interface ProblemListWithCounts {
  rows: ProblemListRow[];
  counts: Map<number, ContestProblemCount>;
}

/**
 * How long a replica reuses a contest's problem list (with its counts) and its problem pages, re-read in the
 * background from CONTEST_REFRESH_MS: in a contest's opening minute every contestant loads them at once
 * (issue 20's surge, 3,000 in 10 s), and each read was two to four queries. Edits through this replica drop
 * them at once (`forget`); other replicas follow within this time, as with the contest row.
 */
export const CONTEST_PAGES_CACHE_MS = CONTEST_CACHE_MS;

/** A contest as answers show it: every field but the password, the status from the clock, and `now`. */
/** Without the password and the allowed address ranges (a school's network plan is the admins' business). */
export type ContestView = Omit<Contest, 'pwd' | 'ipRanges'> & { now: string; sealRankTime: Date | null };

export function contestView(c: Contest, now = new Date()): ContestView {
  const { pwd: _pwd, ipRanges: _ipRanges, ...rest } = c;
  void _pwd;
  void _ipRanges;
  return {
    ...rest,
    status: contestStatusAt(c.startTime, c.endTime, now),
    sealRankTime: contestSealTime(c),
    now: now.toISOString(),
  };
}

/** Public contest reads: list, info, problems, announcements (product §7 contest calls). */
@Injectable()
export class ContestService {
  /** Keyed `cid:until`: the counts up to the seal (non-admins of a sealed board) or the end. */
  private readonly problemLists: RowCache<ProblemListWithCounts, string>;
  /** Keyed `cid:displayId`: the link row and the bank problem's page, or null when there is no such problem. */
  private readonly problemPages: RowCache<{ cp: ContestProblem; loaded: TimedProblem | null }, string>;

  constructor(
    @InjectRepository(Contest) private readonly contests: Repository<Contest>,
    @InjectRepository(ContestProblem) private readonly problems: Repository<ContestProblem>,
    @InjectRepository(ContestAnnouncement) private readonly announcements: Repository<ContestAnnouncement>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly scoreboard: ScoreboardService,
    private readonly bank: ProblemService,
  ) {
    const [cid, until, owner, gid] = [0, 1, 2, 3];
    this.problemLists = new RowCache(
      (key) => {
        const k = key.split(':');
        return this.readProblemList(Number(k[cid]), new Date(Number(k[until])), k[owner], k[gid] === '' ? null : Number(k[gid]));
      },
      CONTEST_PAGES_CACHE_MS,
      CONTEST_REFRESH_MS,
    );
    this.problemPages = new RowCache(
      async (key) => {
        const at = key.indexOf(':');
        const cp = await this.problems.findOneBy({ cid: Number(key.slice(0, at)), displayId: key.slice(at + 1) });
        return cp && { cp, loaded: await loadTimedProblem(this.db, this.bank, cp.pid) };
      },
      CONTEST_PAGES_CACHE_MS,
      CONTEST_REFRESH_MS,
    );
    scoreboard.onInvalidate((id) => this.forget(id));
  }

  /** Drops this replica's problem list and pages of a contest after an edit of its problems. */
  forget(cid: number): void {
    const prefix = `${cid}:`;
    this.problemLists.forgetWhere((k) => k.startsWith(prefix));
    this.problemPages.forgetWhere((k) => k.startsWith(prefix));
  }

  /** `get-contest-list`: visible contests, filtered by clock status, type, auth and keyword, with their entrant counts. */
  async list(q: ContestListQueryDto, now = new Date(), gid?: number): Promise<Page<ContestView & { count: number }>> {
    // `gid`: a group's list (group/get-contest-list; the group module checked membership).
    const qb = this.contests.createQueryBuilder('c').where('c.visible = true');
    if (gid === undefined) qb.andWhere('c.gid IS NULL');
    else qb.andWhere('c.gid = :gid', { gid });
    if (q.type !== undefined) qb.andWhere('c.type = :type', { type: q.type });
    if (q.auth !== undefined) qb.andWhere('c.auth = :auth', { auth: q.auth });
    if (q.keyword) qb.andWhere('c.title ILIKE :kw', { kw: `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%` });
    if (q.status === ContestStatus.Scheduled) qb.andWhere('c.startTime > :now', { now });
    if (q.status === ContestStatus.Running) qb.andWhere('c.startTime <= :now AND c.endTime > :now', { now });
    if (q.status === ContestStatus.Ended) qb.andWhere('c.endTime <= :now', { now });
    const req = pageRequest(q);
    const [rows, total] = await qb
      .orderBy(`CASE WHEN c.startTime <= :now AND c.endTime > :now THEN 0 WHEN c.startTime > :now THEN 1 ELSE 2 END`)
      .addOrderBy('c.startTime', 'DESC')
      .setParameter('now', now)
      .skip(req.skip)
      .take(req.size)
      .getManyAndCount();
    // HOJ ContestVO.count: how many entered (registered) each contest.
    const counts: { cid: number; n: string }[] = rows.length
      ? await this.db.query('SELECT cid, COUNT(*) AS n FROM contest_register WHERE cid = ANY($1) GROUP BY cid', [rows.map((c) => c.id)])
      : [];
    const byCid = new Map(counts.map((r) => [r.cid, Number(r.n)]));
    return toPage(
      rows.map((c) => ({ ...contestView(c, now), count: byCid.get(c.id) ?? 0 })),
      total,
      req,
    );
  }

  /** The contest's problems with their accepted and total counts (non-admins: only up to the seal while sealed). */
  async problemList(a: ContestAccess): Promise<ProblemListRow[]> {
    // Shared by the requests of the next second: copied so that no caller changes it for the others.
    return (await this.countedProblems(a)).rows.map((r) => ({ ...r }));
  }

  /** The contest's problems and their counts as the caller may see them (up to the seal while sealed, admins aside). */
  private async countedProblems(a: ContestAccess): Promise<ProblemListWithCounts> {
    const sealed = this.scoreboard.viewFor(a.contest, a.isAdmin) === 'sealed';
    const until = (sealed ? contestSealTime(a.contest) : a.contest.endTime) ?? a.contest.endTime;
    const c = a.contest;
    return (await this.problemLists.get(`${c.id}:${until.getTime()}:${c.uid}:${c.gid ?? ''}`)) ?? { rows: [], counts: new Map() };
  }

  private async readProblemList(cid: number, until: Date, owner: string, gid: number | null): Promise<ProblemListWithCounts> {
    const rows: ({ id: number; total: string } & Record<StatisticColumn, string>)[] = await this.db.query(
      `SELECT cp.id,
              ${STATISTIC_VERDICTS.map((v) => `COUNT(j.submit_id) FILTER (WHERE j.status = ${v.status}) AS ${v.column}`).join(', ')},
              COUNT(j.submit_id) AS total
         FROM contest_problem cp
         LEFT JOIN judge j ON j.cid = cp.cid AND j.pid = cp.pid AND j.submit_time < $2 AND ${notContestAdmin('j.uid', '$3', gid)}
        WHERE cp.cid = $1
        GROUP BY cp.id`,
      [cid, until, owner],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const problems = await this.problems.find({ where: { cid }, order: { displayId: 'ASC' } });
    const counts = new Map<number, ContestProblemCount>();
    for (const p of problems) {
      const r = byId.get(p.id);
      const count = { pid: p.pid, total: Number(r?.total ?? 0) } as ContestProblemCount;
      for (const { column } of STATISTIC_VERDICTS) count[column] = Number(r?.[column] ?? 0);
      counts.set(p.id, count);
    }
    return { rows: problems.map((p) => ({ ...p, ac: counts.get(p.id)!.ac, total: counts.get(p.id)!.total })), counts };
  }

  /**
   * `get-full-screen-problem-list` with a cid (HOJ ProblemFullScreenListVO): the contest's problems under their
   * display id and title, with the caller's own status and score there (null when never tried).
   */
  async fullScreenProblems(a: ContestAccess, uid: string) {
    const problems = await this.problems.find({ where: { cid: a.contest.id }, order: { displayId: 'ASC' } });
    const mine = await this.bank.userStatus(uid, { pidList: problems.map((p) => p.pid), isContestProblemList: true, cid: a.contest.id });
    return problems.map((p) => {
      const s = mine[p.pid];
      const tried = s && s.status !== JudgeStatus.NotSubmitted;
      return {
        pid: p.pid,
        problemId: p.displayId,
        title: p.displayTitle,
        status: tried ? s.status : null,
        score: tried ? (s.score ?? null) : null,
      };
    });
  }

  async findProblem(cid: number, displayId: string): Promise<ContestProblem> {
    const cp = await this.problems.findOneBy({ cid, displayId });
    if (!cp) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    return cp;
  }

  /**
   * `get-contest-problem-details` (HOJ ProblemInfoVO: `{problem, tags, languages, problemCount, codeTemplate}`): the
   * bank problem under its contest display id and title, with its languages and templates, its tags, and its tries
   * in the contest by verdict (`problemCount`, counted as get-contest-problem counts: admins' tries left out, up to
   * the seal for non-admins while sealed). `contestProblem` and `now` are ours.
   */
  async problemDetails(a: ContestAccess, displayId: string): Promise<Record<string, unknown>> {
    const page = await this.problemPages.get(`${a.contest.id}:${displayId}`);
    if (!page) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    if (!page.loaded) throw new NotFoundError();
    // HOJ: where the problem comes from, who wrote it and how hard it is are hints, shown once the contest is over.
    const hideHints = !a.isAdmin && a.status !== ContestStatus.Ended;
    const details = timedProblemView(page.loaded, page.cp, hideHints);
    const counted = await this.countedProblems(a);
    // The tags are hints too. HOJ's comment says so, but its code fills them in only while the contest is NOT over
    // (the test is inverted); here they follow the comment, as source, author and difficulty do.
    return {
      ...details,
      tags: hideHints ? [] : page.loaded.tags,
      problemCount: counted.counts.get(page.cp.id) ?? null,
      contestProblem: page.cp,
      myLatestSubmission: a.user ? await this.myLatestSubmission(a, page.cp.pid, a.user.uid) : null,
    };
  }

  /**
   * The caller's latest try of a contest problem (ContestMyLatestSubmission), in their virtual run too: their own, so nothing of it is sealed;
   * the score only under the OI rule (an ACM contest's points mean nothing, as in its submission list).
   */
  private async myLatestSubmission(a: ContestAccess, pid: number, uid: string): Promise<ContestMyLatestSubmission | null> {
    const [row]: { submitId: number; status: number; score: number | null; submitTime: Date }[] = await this.db.query(
      `SELECT submit_id AS "submitId", status, score, submit_time AS "submitTime"
         FROM judge WHERE (cid = $1 OR vid = $4) AND pid = $2 AND uid = $3 ORDER BY submit_id DESC LIMIT 1`,
      [a.contest.id, pid, uid, (await ownVirtualRunId(this.db.getRepository(ContestVirtual), a)) ?? -1],
    );
    if (!row) return null;
    const oi = a.contest.type === ContestType.OI;
    return { submitId: row.submitId, status: row.status, score: oi ? row.score : null, submitTime: new Date(row.submitTime).toISOString() };
  }

  /** `get-contest-announcement`: visible announcements, newest first. */
  async announcementPage(cid: number, q: { currentPage?: number; limit?: number }): Promise<Page<ContestAnnouncementView>> {
    const req = pageRequest(q);
    const [records, total] = await this.announcements.findAndCount({
      where: { cid, visible: true },
      order: { gmtCreate: 'DESC', id: 'DESC' },
      skip: req.skip,
      take: req.size,
    });
    return toPage(await announcementViews(this.db, records), total, req);
  }

  /**
   * `get-contest-not-read-announcement`: visible announcements whose ids the client has not read, nor the user
   * acknowledged on the server (`read-contest-announcement`, any browser).
   */
  async notReadAnnouncements(cid: number, clientRead: number[] = [], uid?: string): Promise<ContestAnnouncementView[]> {
    const acknowledged = uid
      ? (await this.db.getRepository(ContestAnnouncementRead).find({ select: ['announcementId'], where: { uid, cid } })).map(
          (r) => r.announcementId,
        )
      : [];
    const read = [...new Set([...clientRead, ...acknowledged])];
    const qb = this.announcements
      .createQueryBuilder('a')
      .where('a.cid = :cid AND a.visible = true', { cid })
      .orderBy('a.gmtCreate', 'DESC');
    if (read.length) qb.andWhere(new Brackets((w) => w.where('a.id NOT IN (:...read)', { read })));
    return announcementViews(this.db, await qb.getMany());
  }

  /** `read-contest-announcement`: the user acknowledged these announcements of the contest (others' ids are ignored). */
  async acknowledgeAnnouncements(cid: number, uid: string, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const own = await this.announcements.find({ select: ['id'], where: { cid, id: In(ids) } });
    if (!own.length) return;
    await this.db
      .getRepository(ContestAnnouncementRead)
      .createQueryBuilder()
      .insert()
      .values(own.map((a) => ({ uid, cid, announcementId: a.id })))
      .orIgnore()
      .execute();
  }
}
