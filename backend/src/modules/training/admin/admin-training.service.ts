import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AdminTrainingInfo, ERR, Page, TRAINING_ERR, TrainingAuth, TrainingCategoryInfo } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { AdminTrainingDto, AdminTrainingListQueryDto, ChangeTrainingStatusDto } from '../dto/admin-training.dto';
import { TrainingCategory } from '../entities/training-category.entity';
import { TrainingProblem } from '../entities/training-problem.entity';
import { TrainingRegister } from '../entities/training-register.entity';
import { Training } from '../entities/training.entity';
import { TrainingRankService } from '../rank/training-rank.service';
import { TrainingAccessService } from '../training-access.service';
import { toCategory } from '../training.service';

/**
 * Admin training CRUD (HOJ AdminTrainingController). Any admin-type role may list and create; a training is
 * changed or deleted by its author or root (HOJ's rule, product §6 "training admin").
 */
@Injectable()
export class AdminTrainingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: TrainingAccessService,
    private readonly rank: TrainingRankService,
    private readonly groups: GroupAccessService,
  ) {}

  /** Whether any training exists (the demo content is made only on an empty site). */
  async hasAny(): Promise<boolean> {
    return (await this.trainings.count({ take: 1 })) > 0;
  }

  private get trainings() {
    return this.db.getRepository(Training);
  }

  /** The training with its password, for its admins (404 when missing, 403 for others). */
  async managed(tid: number, user: AuthUser): Promise<Training> {
    const t = await this.trainings.createQueryBuilder('t').addSelect('t.privatePwd').where('t.id = :tid', { tid }).getOne();
    if (!t) throw new NotFoundError(ERR.notFound);
    if (!(await this.access.isTrainingAdmin(t, user))) {
      // A group's training is the group's: others get the group routes' 404, whatever their site role (product §6).
      this.groups.assertSiteRouteReaches(t.gid, user);
      throw new ForbiddenError(ERR.noPermission);
    }
    return t;
  }

  /** Site trainings; with `gid` (group/get-admin-training-list, checked by the group module) the group's own. */
  async list(q: AdminTrainingListQueryDto, gid?: number): Promise<Page<AdminTrainingInfo>> {
    const req = pageRequest(q);
    const qb = this.trainings
      .createQueryBuilder('t')
      .where(gid === undefined ? 't.isGroup = false' : 't.gid = :gid', { gid })
      .orderBy('t.rank', 'ASC')
      .addOrderBy('t.id', 'DESC')
      .skip(req.skip)
      .take(req.size);
    if (q.keyword?.trim()) {
      qb.andWhere('(t.title ILIKE :kw OR t.author ILIKE :kw OR CAST(t.id AS text) = :exact)', {
        kw: `%${escapeLike(q.keyword.trim())}%`,
        exact: q.keyword.trim(),
      });
    }
    const [rows, total] = await qb.getManyAndCount();
    return toPage(
      rows.map((t) => toAdminInfo(t)),
      total,
      req,
    );
  }

  /** GET /api/admin/training: HOJ TrainingDTO. */
  async get(tid: number, user: AuthUser): Promise<{ training: AdminTrainingInfo; trainingCategory: TrainingCategoryInfo | null }> {
    const t = await this.managed(tid, user);
    const category = t.categoryId ? await this.db.getRepository(TrainingCategory).findOneBy({ id: t.categoryId }) : null;
    return { training: toAdminInfo(t, true), trainingCategory: category ? toCategory(category) : null };
  }

  /** `gid`: a group's training (group/training, checked by the group module); a body's gid is never read. */
  async add(dto: AdminTrainingDto, user: AuthUser, gid: number | null = null): Promise<AdminTrainingInfo> {
    const fields = await this.validated(dto);
    const saved = await this.trainings.save(
      this.trainings.create({ ...fields, author: user.username, uid: user.uid, isGroup: gid !== null, gid }),
    );
    return toAdminInfo(saved, true);
  }

  async update(dto: AdminTrainingDto, user: AuthUser): Promise<null> {
    if (!dto.training.id) throw new BadRequestError(ERR.badRequest);
    const existing = await this.managed(dto.training.id, user);
    const fields = await this.validated(dto, existing);
    await this.trainings.update({ id: existing.id }, fields);
    this.access.forget(existing.id);
    return null;
  }

  async remove(tid: number, user: AuthUser): Promise<null> {
    const t = await this.managed(tid, user);
    await this.db.transaction(async (em) => {
      await em.delete(TrainingProblem, { tid: t.id });
      await em.delete(TrainingRegister, { tid: t.id });
      // Submissions keep their tid: they stay in the user's history; nothing reads the training any more.
      await em.delete(Training, { id: t.id });
    });
    this.access.forget(t.id);
    await this.rank.invalidate(t.id);
    return null;
  }

  async changeStatus(dto: ChangeTrainingStatusDto, user: AuthUser): Promise<null> {
    const t = await this.managed(dto.tid, user);
    await this.trainings.update({ id: t.id }, { status: dto.status });
    this.access.forget(t.id);
    return null;
  }

  /**
   * The rules of issue 13 (title required, Private needs a password, auth Public/Private) and the category,
   * which must exist. A password kept from before counts when an edit leaves the field empty.
   */
  private async validated(dto: AdminTrainingDto, existing?: Training): Promise<Partial<Training>> {
    const f = dto.training;
    const title = f.title?.trim();
    if (!title) throw new BadRequestError(TRAINING_ERR.titleRequired);
    const password = f.privatePwd?.trim() ? f.privatePwd : f.privatePwd === undefined ? (existing?.privatePwd ?? null) : null;
    if (f.auth === TrainingAuth.Private && !password) throw new BadRequestError(TRAINING_ERR.passwordRequired);
    const categoryId = dto.trainingCategory?.id ?? null;
    if (categoryId && !(await this.db.getRepository(TrainingCategory).existsBy({ id: categoryId }))) {
      throw new BadRequestError(TRAINING_ERR.categoryNotFound);
    }
    return {
      title,
      description: f.description ?? existing?.description ?? '',
      auth: f.auth,
      privatePwd: f.auth === TrainingAuth.Private ? password : null,
      status: f.status ?? existing?.status ?? true,
      rank: f.rank ?? existing?.rank ?? 0,
      categoryId,
    };
  }
}

function toAdminInfo(t: Training, withPassword = false): AdminTrainingInfo & { categoryId: number | null; uid: string } {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    author: t.author,
    uid: t.uid,
    auth: t.auth,
    privatePwd: withPassword ? (t.privatePwd ?? null) : null,
    status: t.status,
    rank: t.rank,
    isGroup: t.isGroup,
    gid: t.gid,
    categoryId: t.categoryId,
    gmtCreate: new Date(t.gmtCreate).toISOString(),
    gmtModified: new Date(t.gmtModified).toISOString(),
  };
}
