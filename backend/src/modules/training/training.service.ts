import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { JudgeStatus, Page, TRAINING_ERR, TrainingCategoryInfo, TrainingInfo, TrainingProblemRow } from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { NotFoundError } from '../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../core/pagination/pagination';
import { ProblemService } from '../problem/problem.service';
import { TrainingListQueryDto } from './dto/training.dto';
import { TrainingCategory } from './entities/training-category.entity';
import { TrainingProblem } from './entities/training-problem.entity';
import { Training } from './entities/training.entity';
import { TrainingAccess } from './training-access.service';
import { UNRANKED_STATUSES_SQL } from './training-progress.sql';

type TrainingRow = Training & { categoryName: string | null; categoryColor: string | null; problemCount: string };

/** The public side of trainings: list, detail with progress, problems with the caller's state, problem page. */
@Injectable()
export class TrainingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(TrainingCategory) private readonly categories: Repository<TrainingCategory>,
    @InjectRepository(TrainingProblem) private readonly problems: Repository<TrainingProblem>,
    private readonly bank: ProblemService,
  ) {}

  /** GET /api/get-training-category: every public category (group ones stay in their groups). */
  async categoryList(): Promise<TrainingCategoryInfo[]> {
    return (await this.categories.find({ order: { id: 'ASC' } })).filter((c) => c.gid === null).map(toCategory);
  }

  /** GET /api/get-training-list: visible public-area trainings by rank order, with the caller's progress. */
  /** `gid`: the group's visible trainings (group/get-training-list; the group module checked membership). */
  async list(q: TrainingListQueryDto, user?: AuthUser, gid?: number): Promise<Page<TrainingInfo>> {
    const req = pageRequest(q);
    const qb = this.db
      .getRepository(Training)
      .createQueryBuilder('t')
      .leftJoin(TrainingCategory, 'c', 'c.id = t.categoryId')
      .select('t')
      .addSelect('c.name', 'categoryName')
      .addSelect('c.color', 'categoryColor')
      .addSelect('(SELECT count(*) FROM training_problem tp WHERE tp.tid = t.id)', 'problemCount')
      .where(gid === undefined ? 't.status = true AND t.isGroup = false' : 't.status = true AND t.gid = :gid', { gid })
      .orderBy('t.rank', 'ASC')
      .addOrderBy('t.id', 'DESC');
    if (q.keyword?.trim()) qb.andWhere('t.title ILIKE :kw', { kw: `%${escapeLike(q.keyword.trim())}%` });
    if (q.categoryId) qb.andWhere('t.categoryId = :cat', { cat: q.categoryId });
    if (q.auth) qb.andWhere('t.auth = :auth', { auth: q.auth });
    const total = await qb.getCount();
    const { entities, raw } = await qb.offset(req.skip).limit(req.size).getRawAndEntities();
    const rows = entities.map((t, i) => Object.assign(t, raw[i] as Pick<TrainingRow, 'categoryName' | 'categoryColor' | 'problemCount'>));
    const tids = rows.map((t) => t.id);
    const [progress, bank] = user
      ? await Promise.all([this.acCounts(user.uid, tids), this.bankAcCounts(user.uid, tids)])
      : [new Map<number, number>(), new Map<number, number>()];
    return toPage(
      rows.map((t) => toTrainingInfo(t, progress.get(t.id) ?? 0, bank.get(t.id) ?? 0)),
      total,
      req,
    );
  }

  /** GET /api/get-training-detail: the training with its category, problem count and the caller's progress. */
  async detail(a: TrainingAccess, hasAccess: boolean): Promise<TrainingInfo> {
    const t = a.training;
    const category = t.categoryId ? await this.categories.findOneBy({ id: t.categoryId }) : null;
    const problemCount = await this.problems.countBy({ tid: t.id });
    const [ac, bank] =
      a.user && hasAccess
        ? await Promise.all([this.acCounts(a.user.uid, [t.id]), this.bankAcCounts(a.user.uid, [t.id])])
        : [new Map<number, number>(), new Map<number, number>()];
    return toTrainingInfo(
      { ...t, categoryName: category?.name ?? null, categoryColor: category?.color ?? null, problemCount: String(problemCount) },
      ac.get(t.id) ?? 0,
      bank.get(t.id) ?? 0,
    );
  }

  /** Problems of the trainings the user solved inside each (tid → count). */
  async acCounts(uid: string, tids: number[]): Promise<Map<number, number>> {
    if (!tids.length) return new Map();
    const rows: { tid: number; n: string }[] = await this.db.query(
      `SELECT j.tid, count(DISTINCT j.pid) AS n
         FROM judge j JOIN training_problem tp ON tp.tid = j.tid AND tp.pid = j.pid
        WHERE j.tid = ANY($1) AND j.uid = $2 AND j.status = $3
        GROUP BY j.tid`,
      [tids, uid, JudgeStatus.Accepted],
    );
    return new Map(rows.map((r) => [r.tid, Number(r.n)]));
  }

  /**
   * Problems of the trainings the user has solved anywhere outside contests and exams (tid → count): HOJ's rule,
   * read from the user's standing per problem (user_problem_stat, which the judge keeps for those submissions).
   */
  async bankAcCounts(uid: string, tids: number[]): Promise<Map<number, number>> {
    if (!tids.length) return new Map();
    const rows: { tid: number; n: string }[] = await this.db.query(
      `SELECT tp.tid, count(DISTINCT tp.pid) AS n
         FROM training_problem tp JOIN user_problem_stat s ON s.pid = tp.pid AND s.uid = $2 AND s.accepted
        WHERE tp.tid = ANY($1)
        GROUP BY tp.tid`,
      [tids, uid],
    );
    return new Map(rows.map((r) => [r.tid, Number(r.n)]));
  }

  /** GET /api/get-training-problem-list: the problems in order with counts inside the training and the caller's state. */
  async problemList(a: TrainingAccess): Promise<TrainingProblemRow[]> {
    const rows: Omit<TrainingProblemRow, 'myStatus' | 'solvedElsewhere'>[] = await this.db.query(
      `SELECT p.id AS pid, tp.id AS tpid, tp.display_id AS "problemId", p.title, p.difficulty, p.type,
              tp.total, tp.ac, tp.rank
         FROM training_problem tp JOIN problem p ON p.id = tp.pid
        WHERE tp.tid = $1 ORDER BY tp.rank ASC, tp.id ASC`,
      [a.training.id],
    );
    const mine = a.user ? await this.statesOf(a.training.id, a.user.uid) : new Map<number, { status: number; score: number | null }>();
    const solved = a.user
      ? await this.solvedOf(
          a.user.uid,
          rows.map((r) => r.pid),
        )
      : new Set<number>();
    return rows.map((r) => ({ ...r, myStatus: mine.get(r.pid) ?? null, solvedElsewhere: solved.has(r.pid) }));
  }

  /** Of these bank problems, those the user has solved outside contests and exams. */
  private async solvedOf(uid: string, pids: number[]): Promise<Set<number>> {
    if (!pids.length) return new Set();
    const rows: { pid: number }[] = await this.db.query(`SELECT pid FROM user_problem_stat WHERE uid = $1 AND pid = ANY($2) AND accepted`, [
      uid,
      pids,
    ]);
    return new Set(rows.map((r) => r.pid));
  }

  /** The user's state per problem inside the training: accepted once solved, else the latest judged try. */
  private async statesOf(tid: number, uid: string): Promise<Map<number, { status: number; score: number | null }>> {
    const rows: { pid: number; ac: boolean; last: number; score: number | null }[] = await this.db.query(
      `SELECT pid, bool_or(status = $3) AS ac, (array_agg(status ORDER BY submit_id DESC))[1] AS last, max(score) AS score
         FROM judge WHERE tid = $1 AND uid = $2 AND status NOT IN ${UNRANKED_STATUSES_SQL}
        GROUP BY pid`,
      [tid, uid, JudgeStatus.Accepted],
    );
    return new Map(rows.map((r) => [r.pid, { status: r.ac ? JudgeStatus.Accepted : r.last, score: r.score }]));
  }

  async findProblem(tid: number, displayId: string): Promise<TrainingProblem> {
    const tp = await this.problems.findOneBy({ tid, displayId });
    if (!tp) throw new NotFoundError(TRAINING_ERR.problemNotInTraining);
    return tp;
  }

  /**
   * The training problem a submission names: by the training's display id, else by the bank's problem id
   * (HOJ's client submits the problem id it showed; both are accepted).
   */
  async problemForSubmit(tid: number, pid: string): Promise<TrainingProblem> {
    const byDisplay = await this.problems.findOneBy({ tid, displayId: pid });
    if (byDisplay) return byDisplay;
    const rows: TrainingProblem[] = await this.problems
      .createQueryBuilder('tp')
      .innerJoin('problem', 'p', 'p.id = tp.pid')
      .where('tp.tid = :tid AND p.problemId = :pid', { tid, pid })
      .getMany();
    if (!rows.length) throw new NotFoundError(TRAINING_ERR.problemNotInTraining);
    return rows[0];
  }

  /** GET /api/get-training-problem-details: get-problem-detail's answer under the training's display id. */
  async problemDetails(a: TrainingAccess, displayId: string) {
    const tp = await this.findProblem(a.training.id, displayId);
    const detail = await this.bank.detailOf(await this.bank.findById(tp.pid), a.user);
    return {
      ...detail,
      problem: { ...detail.problem, problemId: tp.displayId, bankProblemId: detail.problem.problemId },
      trainingProblem: { id: tp.id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank },
    };
  }
}

export function toCategory(c: TrainingCategory): TrainingCategoryInfo {
  return { id: c.id, name: c.name, color: c.color, gid: c.gid };
}

function toTrainingInfo(t: TrainingRow, acCount: number, bankAcCount: number): TrainingInfo {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    author: t.author,
    auth: t.auth,
    categoryId: t.categoryId,
    categoryName: t.categoryName ?? null,
    categoryColor: t.categoryColor ?? null,
    rank: t.rank,
    problemCount: Number(t.problemCount),
    acCount,
    bankAcCount,
    gid: t.gid,
    gmtModified: new Date(t.gmtModified).toISOString(),
  };
}
