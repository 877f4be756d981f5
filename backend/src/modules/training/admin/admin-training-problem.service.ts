import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERR, GROUP_CONTENT_ERR, ProblemAuth, TRAINING_ERR } from '@oj/contracts';
import { DataSource, Not } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import type { Problem } from '../../problem/entities/problem.entity';
import { ProblemLookupService } from '../../problem/problem-lookup.service';
import { ProblemService } from '../../problem/problem.service';
import { AddTrainingProblemDto, AdminTrainingProblemListQueryDto, UpdateTrainingProblemDto } from '../dto/admin-training.dto';
import { TrainingProblem } from '../entities/training-problem.entity';
import { Training } from '../entities/training.entity';
import { TrainingRankService } from '../rank/training-rank.service';
import { TrainingCountsService } from '../training-counts.service';
import { AdminTrainingService } from './admin-training.service';

/** Problems of a training on the admin side (HOJ AdminTrainingProblemManager), for the training's admins. */
@Injectable()
export class AdminTrainingProblemService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly admin: AdminTrainingService,
    private readonly rank: TrainingRankService,
    private readonly counts: TrainingCountsService,
    private readonly problems: ProblemService,
    private readonly picker: ProblemLookupService,
  ) {}

  private get links() {
    return this.db.getRepository(TrainingProblem);
  }

  /**
   * GET get-problem-list: with `queryExisted` the training's problems in its order, else the public bank
   * problems not in it yet (to add). HOJ's answer: `{ problemList: page, trainingProblemMap: { pid: row } }`.
   */
  async list(q: AdminTrainingProblemListQueryDto, user: AuthUser) {
    await this.admin.managed(q.tid, user);
    const links = await this.links.find({ where: { tid: q.tid }, order: { rank: 'ASC', id: 'ASC' } });
    const trainingProblemMap = Object.fromEntries(links.map((l) => [l.pid, l]));
    const pids = links.map((l) => l.pid);
    const problemList = q.queryExisted
      ? await this.picker.pageInOrder(pids, q)
      : await this.picker.page({ currentPage: q.currentPage, limit: q.limit, keyword: q.keyword }, { kind: 'public' }, pids, 'ASC');
    return { problemList, trainingProblemMap };
  }

  /** POST add-problem-from-public: a public bank problem under a display id unused in the training. */
  async add(dto: AddTrainingProblemDto, user: AuthUser): Promise<TrainingProblem> {
    const t = await this.admin.managed(dto.tid, user);
    const problem = await this.problems.findRow({ pid: dto.pid });
    if (!problem || problem.auth !== ProblemAuth.Public || problem.isGroup) throw new NotFoundError(ERR.notFound);
    return this.link(t, problem, dto.displayId);
  }

  /**
   * group/add-training-problem-from-group (HOJ: problemId, tid): one of the training's own group's problems,
   * under its display ID; anything else is not the group's.
   */
  async addFromGroup(tid: number, problemId: string, user: AuthUser): Promise<TrainingProblem> {
    const t = await this.admin.managed(tid, user);
    const problem = await this.problems.findRow({ problemId: problemId.trim() });
    if (!problem || t.gid === null || problem.gid !== t.gid) throw new BadRequestError(GROUP_CONTENT_ERR.notGroupProblem);
    return this.link(t, problem, problem.problemId);
  }

  private async link(t: Training, problem: Problem, rawDisplayId: string): Promise<TrainingProblem> {
    const displayId = rawDisplayId.trim();
    if (!displayId) throw new BadRequestError(TRAINING_ERR.displayIdRequired);
    if (await this.links.existsBy({ tid: t.id, pid: problem.id })) throw new BadRequestError(TRAINING_ERR.problemAlreadyInTraining);
    if (await this.links.existsBy({ tid: t.id, displayId })) throw new BadRequestError(TRAINING_ERR.displayIdExists);
    const max: { m: number | null }[] = await this.db.query(`SELECT max(rank) AS m FROM training_problem WHERE tid = $1`, [t.id]);
    const saved = await this.links.save(this.links.create({ tid: t.id, pid: problem.id, displayId, rank: (max[0]?.m ?? 0) + 1 }));
    await this.changed(t.id);
    return saved;
  }

  /** PUT problem: the display id (unique in the training) and the order of one training problem. */
  async update(dto: UpdateTrainingProblemDto, user: AuthUser): Promise<null> {
    const link = await this.links.findOneBy({ id: dto.id });
    if (!link || (dto.tid !== undefined && dto.tid !== link.tid)) throw new NotFoundError(TRAINING_ERR.problemNotInTraining);
    await this.admin.managed(link.tid, user);
    const displayId = dto.displayId?.trim();
    if (dto.displayId !== undefined && !displayId) throw new BadRequestError(TRAINING_ERR.displayIdRequired);
    if (displayId && (await this.links.existsBy({ tid: link.tid, displayId, id: Not(link.id) }))) {
      throw new BadRequestError(TRAINING_ERR.displayIdExists);
    }
    await this.links.update({ id: link.id }, { displayId: displayId ?? link.displayId, rank: dto.rank ?? link.rank });
    await this.changed(link.tid);
    return null;
  }

  /** DELETE problem: takes the problem out of the training; the bank problem stays (HOJ without tid deleted it). */
  async remove(tid: number, pid: number, user: AuthUser): Promise<null> {
    await this.admin.managed(tid, user);
    const res = await this.links.delete({ tid, pid });
    if (!res.affected) throw new NotFoundError(TRAINING_ERR.problemNotInTraining);
    await this.changed(tid);
    return null;
  }

  /** The rank keys cells by display id and only counts the training's problems: rebuilt after any change. */
  private async changed(tid: number): Promise<void> {
    await this.db.getRepository(Training).update({ id: tid }, { gmtModified: new Date() });
    await this.counts.recount(tid);
    await this.rank.invalidate(tid);
  }
}
