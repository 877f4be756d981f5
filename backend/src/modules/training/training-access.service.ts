import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, TRAINING_ERR, TrainingAuth } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { GroupAccessService } from '../../core/auth/group-access.service';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../core/http/api.exception';
import { TrainingRegister } from './entities/training-register.entity';
import { Training } from './entities/training.entity';

/** What a caller may do in a training (product §6), decided once per request. */
export interface TrainingAccess {
  training: Training;
  user?: AuthUser;
  /** Manages it: the author, root, or for a group's training the group's level-5 members (product §6). */
  isAdmin: boolean;
  /** Entered the password (only looked up for private trainings). */
  isRegistered: boolean;
}

/** How long a replica reuses a training row it read (rank pages are read many times a second). */
export const TRAINING_CACHE_MS = 1_000;
const REGISTERED_CACHE_MAX = 200_000;

/**
 * The training rules of product §6, one method per rule, in the shape of the contest module's access service:
 * public trainings are open to logged-in users, private ones once the password was entered (remembered per
 * user in `training_register`), hidden ones to their admins only.
 */
@Injectable()
export class TrainingAccessService {
  private readonly cache = new Map<number, { training: Training | null; at: number; reading?: Promise<Training | null> }>();
  /** Registrations are only added (a training's go with it): a seen one is kept. */
  private readonly registered = new Set<string>();

  constructor(
    @InjectRepository(Training) private readonly trainings: Repository<Training>,
    @InjectRepository(TrainingRegister) private readonly registers: Repository<TrainingRegister>,
    private readonly groups: GroupAccessService,
  ) {}

  async isTrainingAdmin(training: Training, user?: AuthUser): Promise<boolean> {
    if (!user) return false;
    if (user.isRoot || training.uid === user.uid) return true;
    return training.gid !== null && (await this.groups.isGroupRoot(training.gid, user));
  }

  /** The training (404 when missing, or hidden from a non-admin) and the caller's standing in it. */
  async access(tid: number, user?: AuthUser): Promise<TrainingAccess> {
    const training = await this.find(tid);
    if (!training) throw new NotFoundError(ERR.notFound);
    const isAdmin = await this.isTrainingAdmin(training, user);
    if (!training.status && !isAdmin) throw new NotFoundError(ERR.notFound);
    // A group's training is 404 outside the group (members 3 to 5 and root see it).
    if (!isAdmin && training.gid !== null && !(await this.groups.isMember(training.gid, user))) throw new NotFoundError(ERR.notFound);
    const isRegistered = !!user && training.auth === TrainingAuth.Private && (await this.isRegistered(tid, user.uid));
    return { training, user, isAdmin, isRegistered };
  }

  /** The row as this replica caches it (up to TRAINING_CACHE_MS old); one query per training at a time. */
  private find(tid: number): Promise<Training | null> {
    const hit = this.cache.get(tid);
    if (hit && Date.now() - hit.at < TRAINING_CACHE_MS) return Promise.resolve(hit.training);
    if (hit?.reading) return hit.reading;
    const at = Date.now();
    const reading = this.trainings.findOneBy({ id: tid }).then(
      (training) => {
        this.cache.set(tid, { training, at });
        return training;
      },
      (e: unknown) => {
        this.cache.delete(tid);
        throw e;
      },
    );
    this.cache.set(tid, { training: hit?.training ?? null, at: -Infinity, reading });
    return reading;
  }

  private async isRegistered(tid: number, uid: string): Promise<boolean> {
    const key = `${tid}:${uid}`;
    if (this.registered.has(key)) return true;
    const found = await this.registers.existsBy({ tid, uid });
    if (found) {
      if (this.registered.size >= REGISTERED_CACHE_MAX) this.registered.clear();
      this.registered.add(key);
    }
    return found;
  }

  /** Drops this replica's copy after an edit (other replicas follow within TRAINING_CACHE_MS). */
  forget(tid: number): void {
    this.cache.delete(tid);
    const prefix = `${tid}:`;
    for (const key of this.registered) if (key.startsWith(prefix)) this.registered.delete(key);
  }

  /** Whether the caller may go inside (problems, rank, submit): admin, public, or password entered. */
  hasAccess(a: TrainingAccess): boolean {
    return a.isAdmin || a.training.auth !== TrainingAuth.Private || a.isRegistered;
  }

  /** Inside the training: login; private needs the password (product §6). */
  assertCanView(a: TrainingAccess): void {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (!this.hasAccess(a)) throw new ForbiddenError(TRAINING_ERR.notRegistered);
  }

  assertCanManage(a: TrainingAccess): void {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (!a.isAdmin) throw new ForbiddenError(ERR.noPermission);
  }

  /** `register-training`: the password of a private training, remembered for the user. */
  async register(a: TrainingAccess, password: string | undefined): Promise<void> {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (a.isRegistered) throw new BadRequestError(TRAINING_ERR.alreadyRegistered);
    if (a.training.auth === TrainingAuth.Private) {
      const row = await this.trainings
        .createQueryBuilder('t')
        .addSelect('t.privatePwd')
        .where('t.id = :id', { id: a.training.id })
        .getOne();
      if (!row?.privatePwd || row.privatePwd !== (password ?? '')) throw new BadRequestError(TRAINING_ERR.wrongPassword);
    }
    const inserted = await this.registers
      .createQueryBuilder()
      .insert()
      .values({ tid: a.training.id, uid: a.user.uid })
      .orIgnore()
      .execute();
    if (!inserted.identifiers.length || !inserted.identifiers[0]) throw new BadRequestError(TRAINING_ERR.alreadyRegistered);
    this.registered.add(`${a.training.id}:${a.user.uid}`);
  }
}
