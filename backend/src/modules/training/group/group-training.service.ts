import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, GROUP_CONTENT_ERR } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { AdminTrainingProblemService } from '../admin/admin-training-problem.service';
import { AdminTrainingService } from '../admin/admin-training.service';
import {
  AddTrainingProblemDto,
  AdminTrainingDto,
  AdminTrainingProblemListQueryDto,
  ChangeTrainingStatusDto,
  UpdateTrainingProblemDto,
} from '../dto/admin-training.dto';
import { TrainingProblem } from '../entities/training-problem.entity';
import { Training } from '../entities/training.entity';
import { TrainingService } from '../training.service';
import { GroupScopeService } from '../../group/scope/group-scope.service';

type PageQuery = { currentPage?: number; limit?: number; keyword?: string };

/**
 * A group's trainings (HOJ GroupTrainingManager, GroupTrainingProblemManager): trainings with the group's `gid`,
 * run by the training module. Members list the visible ones; admins (4–5) create and list all; the author,
 * level 5 and root manage one. The group check comes first (404 outside the group), then the training
 * module's own admin rule.
 */
@Injectable()
export class GroupTrainingService {
  constructor(
    @InjectRepository(Training) private readonly trainings: Repository<Training>,
    @InjectRepository(TrainingProblem) private readonly links: Repository<TrainingProblem>,
    private readonly admin: AdminTrainingService,
    private readonly adminProblems: AdminTrainingProblemService,
    private readonly site: TrainingService,
    private readonly scope: GroupScopeService,
  ) {}

  async list(gid: number, q: PageQuery, user: AuthUser) {
    await this.scope.member(gid, user);
    return this.site.list({ currentPage: q.currentPage, limit: q.limit }, user, gid);
  }

  async adminList(gid: number, q: PageQuery, user: AuthUser) {
    await this.scope.admin(gid, user);
    return this.admin.list(q, gid);
  }

  /** A group's training the caller manages; a site training or a non-member answers 404. */
  private async managed(tid: number, user: AuthUser): Promise<void> {
    const training = await this.trainings.findOneBy({ id: tid });
    if (!training) throw new NotFoundError(ERR.notFound);
    await this.scope.manager(training.gid, training.uid === user.uid, user);
  }

  async get(tid: number, user: AuthUser) {
    await this.managed(tid, user);
    return this.admin.get(tid, user);
  }

  /** HOJ's TrainingDTO with `training.gid`. */
  async create(dto: AdminTrainingDto, user: AuthUser) {
    const gid = Number(dto.training?.gid);
    if (!Number.isInteger(gid) || gid < 1) throw new BadRequestError(GROUP_CONTENT_ERR.gidRequired);
    await this.scope.admin(gid, user);
    return this.admin.add(dto, user, gid);
  }

  async update(dto: AdminTrainingDto, user: AuthUser) {
    await this.managed(dto.training?.id ?? 0, user);
    return this.admin.update(dto, user);
  }

  async remove(tid: number, user: AuthUser) {
    await this.managed(tid, user);
    return this.admin.remove(tid, user);
  }

  async changeStatus(dto: ChangeTrainingStatusDto, user: AuthUser) {
    await this.managed(dto.tid, user);
    return this.admin.changeStatus(dto, user);
  }

  async problemList(q: AdminTrainingProblemListQueryDto, user: AuthUser) {
    await this.managed(q.tid, user);
    return this.adminProblems.list(q, user);
  }

  async updateProblem(dto: UpdateTrainingProblemDto, user: AuthUser) {
    const link = await this.links.findOneBy({ id: dto.id });
    if (!link) throw new NotFoundError(ERR.notFound);
    await this.managed(link.tid, user);
    return this.adminProblems.update(dto, user);
  }

  async removeProblem(tid: number, pid: number, user: AuthUser) {
    await this.managed(tid, user);
    return this.adminProblems.remove(tid, pid, user);
  }

  async addFromPublic(dto: AddTrainingProblemDto, user: AuthUser) {
    await this.managed(dto.tid, user);
    return this.adminProblems.add(dto, user);
  }

  async addFromGroup(problemId: string, tid: number, user: AuthUser) {
    await this.managed(tid, user);
    return this.adminProblems.addFromGroup(tid, problemId, user);
  }
}
