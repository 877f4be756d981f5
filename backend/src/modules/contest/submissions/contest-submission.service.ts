import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ContestStatus, ContestSubmissionItem, JudgeStatus, Page, contestSealTime } from '@oj/contracts';
import { JudgeQueueWaitService } from '../../judge-queue/judge-queue-wait.service';
import { DataSource, Repository } from 'typeorm';
import { NotFoundError } from '../../../core/http/api.exception';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { ContestAccess } from '../contest-access.service';
import { notContestAdmin } from '../contest-admins.sql';
import { ContestSubmissionFilter } from '../dto/contest-query.dto';
import { ContestVirtual } from '../entities/contest-virtual.entity';
import { ScoreboardService } from '../scoreboard/scoreboard.service';
import { ownVirtualRunId } from '../virtual/own-virtual-run';

/** A contest submission in lists (contracts' ContestSubmissionItem, before JSON turns the time into a string). */
export type ContestSubmissionRow = Omit<ContestSubmissionItem, 'submitTime'> & { submitTime: Date };

/** One balloon of get-contest-ac-info: the first AC of a user on a problem. */
export interface AcInfoRow {
  id: number;
  uid: string;
  username: string;
  realname: string | null;
  displayId: string;
  color: string | null;
  submitTime: Date;
  time: number;
  isFirstAC: boolean;
  checked: boolean;
}

/**
 * Contest submissions seen from inside the contest: lists with the seal applied (other users' results
 * after the seal show as Submitted Unknown Result to non-admins), and the balloons of admins.
 */
@Injectable()
export class ContestSubmissionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(ContestVirtual) private readonly runs: Repository<ContestVirtual>,
    private readonly scoreboard: ScoreboardService,
    private readonly queueWait: JudgeQueueWaitService,
  ) {}

  /**
   * The queue place and wait of the rows shown as Pending (after the mask: a sealed row tells nothing), one Redis
   * call for the whole page.
   */
  private async withQueueEstimates(rows: ContestSubmissionRow[]): Promise<ContestSubmissionRow[]> {
    const estimates = await this.queueWait.estimates(rows);
    return rows.map((r) => ({ ...r, ...estimates.get(r.submitId)! }));
  }

  /**
   * What non-admins may not see of other users' submissions: while the contest runs, their run time, memory
   * and code length (HOJ: they tell about the code); while the board is sealed, their results from the seal on.
   */
  private mask(a: ContestAccess, rows: ContestSubmissionRow[]): ContestSubmissionRow[] {
    if (a.isAdmin) return rows;
    const running = a.status === ContestStatus.Running;
    const seal = this.scoreboard.viewFor(a.contest, a.isAdmin) === 'sealed' ? contestSealTime(a.contest)!.getTime() : Infinity;
    return rows.map((r) => {
      if (r.uid === a.user?.uid) return r;
      let shown = r;
      if (running) shown = { ...shown, time: null, memory: null, length: null };
      if (new Date(r.submitTime).getTime() >= seal)
        shown = { ...shown, status: JudgeStatus.SubmittedUnknownResult, time: null, memory: null, score: null };
      return shown;
    });
  }

  /**
   * The contest's submissions, and with `vid` the caller's own virtual ones (stored outside the contest, cid 0, so
   * that the official board and the rating never read them; issue 35), marked `isVirtual`.
   */
  private baseQuery(cid: number, vid: number | null = null) {
    const qb = this.db
      .createQueryBuilder()
      .from('judge', 'j')
      .innerJoin('contest_problem', 'cp', 'cp.cid = :cid AND cp.pid = j.pid', { cid })
      .select([
        'j.submit_id AS "submitId"',
        'j.uid AS uid',
        'j.username AS username',
        'j.pid AS pid',
        'cp.display_id AS "displayId"',
        'cp.display_title AS title',
        'j.status AS status',
        'j.time AS time',
        'j.memory AS memory',
        'j.score AS score',
        'j.length AS length',
        'j.language AS language',
        'j.submit_time AS "submitTime"',
        'j.cid AS cid',
        'j.vid IS NOT NULL AND j.vid <> 0 AS "isVirtual"',
      ]);
    return vid ? qb.where('(j.cid = :cid OR j.vid = :vid)', { cid, vid }) : qb.where('j.cid = :cid', { cid });
  }

  /** `contest-submissions`: every contestant's submissions (without code), newest first. */
  async list(
    a: ContestAccess,
    f: ContestSubmissionFilter,
    paging: { currentPage?: number; limit?: number },
  ): Promise<Page<ContestSubmissionRow>> {
    const qb = this.baseQuery(a.contest.id, await ownVirtualRunId(this.runs, a));
    if (f.onlyMine && a.user) qb.andWhere('j.uid = :uid', { uid: a.user.uid });
    if (f.displayId) qb.andWhere('cp.display_id = :displayId', { displayId: f.displayId });
    if (f.username) qb.andWhere('j.username ILIKE :un', { un: `%${f.username.replace(/[%_\\]/g, '\\$&')}%` });
    if (f.beforeContestSubmit !== undefined)
      qb.andWhere(`j.submit_time ${f.beforeContestSubmit ? '<' : '>='} :start`, { start: a.contest.startTime });
    if (f.status !== undefined) {
      qb.andWhere('j.status = :st', { st: f.status });
      // A status filter must not reveal sealed results of others.
      const seal = contestSealTime(a.contest);
      if (seal && this.scoreboard.viewFor(a.contest, a.isAdmin) === 'sealed')
        qb.andWhere('(j.submit_time < :seal OR j.uid = :me)', { seal, me: a.user?.uid ?? '' });
    }
    // The admins' tries stay theirs until the end.
    if (!a.isAdmin && a.status !== ContestStatus.Ended)
      qb.andWhere(notContestAdmin('j.uid', ':author', a.contest.gid), { author: a.contest.uid });
    const req = pageRequest(paging);
    const total = await qb.clone().select('COUNT(*)', 'n').getRawOne<{ n: string }>();
    const rows = await qb.orderBy('j.submit_id', 'DESC').offset(req.skip).limit(req.size).getRawMany<ContestSubmissionRow>();
    return toPage(await this.withQueueEstimates(this.mask(a, rows)), Number(total?.n ?? 0), req);
  }

  /** `check-contest-submissions-status`: the current state of some submissions, seal applied. */
  async statuses(a: ContestAccess, submitIds: number[]): Promise<Record<number, ContestSubmissionRow>> {
    if (!submitIds.length) return {};
    const rows = await this.baseQuery(a.contest.id, await ownVirtualRunId(this.runs, a))
      .andWhere('j.submit_id IN (:...ids)', { ids: submitIds })
      .getRawMany<ContestSubmissionRow>();
    return Object.fromEntries((await this.withQueueEstimates(this.mask(a, rows))).map((r) => [r.submitId, r]));
  }

  /**
   * `get-contest-ac-info`: first ACs per user and problem (balloons), oldest first, first blood marked. Star
   * users get balloons but, as on the board, not first blood: it goes to the first ranked team.
   */
  async acInfo(a: ContestAccess, q: { currentPage?: number; limit?: number }): Promise<Page<AcInfoRow>> {
    const req = pageRequest(q);
    const params = [a.contest.id, JudgeStatus.Accepted, a.contest.startTime, a.contest.endTime, a.contest.uid];
    const firstAcs = `SELECT DISTINCT ON (j.uid, j.pid) j.submit_id, j.uid, j.username, j.pid, j.submit_time
                        FROM judge j
                       WHERE j.cid = $1 AND j.status = $2 AND j.submit_time >= $3 AND j.submit_time < $4 AND ${notContestAdmin('j.uid', '$5', a.contest.gid)}
                       ORDER BY j.uid, j.pid, j.submit_time, j.submit_id`;
    const [{ n }] = await this.db.query(`SELECT COUNT(*) AS n FROM (${firstAcs}) f`, params);
    const rows: AcInfoRow[] = await this.db.query(
      `WITH f AS (${firstAcs}),
            fb AS (SELECT DISTINCT ON (pid) pid, submit_id FROM f WHERE NOT (username = ANY($8::text[]))
                    ORDER BY pid, submit_time, submit_id)
       SELECT f.submit_id AS id, f.uid, f.username, u.realname, cp.display_id AS "displayId", cp.color,
              f.submit_time AS "submitTime",
              FLOOR(EXTRACT(EPOCH FROM (f.submit_time - $3)))::int AS time,
              (fb.submit_id IS NOT NULL) AS "isFirstAC",
              COALESCE(b.checked, false) AS checked
         FROM f
         JOIN contest_problem cp ON cp.cid = $1 AND cp.pid = f.pid
         LEFT JOIN user_info u ON u.uid = f.uid
         LEFT JOIN fb ON fb.submit_id = f.submit_id
         LEFT JOIN contest_balloon b ON b.cid = $1 AND b.submit_id = f.submit_id
        ORDER BY f.submit_time, f.submit_id
        OFFSET $6 LIMIT $7`,
      [...params, req.skip, req.size, a.contest.starAccount ?? []],
    );
    return toPage(rows, Number(n), req);
  }

  /** `check-contest-ac-info`: mark a balloon delivered (or not). */
  async checkAcInfo(cid: number, submitId: number, checked: boolean): Promise<void> {
    const [found] = await this.db.query('SELECT 1 FROM judge WHERE submit_id = $1 AND cid = $2 AND status = $3', [
      submitId,
      cid,
      JudgeStatus.Accepted,
    ]);
    if (!found) throw new NotFoundError();
    await this.db.query(
      `INSERT INTO contest_balloon (cid, submit_id, checked) VALUES ($1, $2, $3)
       ON CONFLICT (cid, submit_id) DO UPDATE SET checked = EXCLUDED.checked, gmt_modified = now()`,
      [cid, submitId, checked],
    );
  }
}
