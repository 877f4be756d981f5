import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ContestAuth, ContestStatus, EXAM_ERR, contestStatusAt } from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { ApiException, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { LockdownService } from '../../core/auth/lockdown';
import { ipRefusal, timedLockSource } from '../timed-event/timed-lockdown';
import { RegistrationCache } from '../timed-event/registration-cache';
import { GroupAccessService } from '../../core/auth/group-access.service';
import { RowCache } from '../../core/cache/row-cache';
import {
  TimedStanding,
  TimedTexts,
  assertCanManage,
  assertCanSubmit,
  assertCanView,
  assertCanViewProblems,
  hasAccess,
  isEventAdmin,
  registerWithPassword,
} from '../timed-event/timed-rules';
import { ExamRegister } from './entities/exam-register.entity';
import { Exam } from './entities/exam.entity';

/** How long a replica reuses an exam row (answers are saved many times a second during an exam). */
export const EXAM_CACHE_MS = 1_000;
export const EXAM_REFRESH_MS = 750;
export const EXAM_UNREGISTERED_CACHE_MS = 1_000;

const EXAM_TEXTS: TimedTexts = {
  notRegistered: EXAM_ERR.notRegistered,
  notStarted: EXAM_ERR.notStarted,
  ended: EXAM_ERR.examEnded,
  alreadyRegistered: EXAM_ERR.alreadyRegistered,
  wrongPassword: EXAM_ERR.wrongPassword,
};

/** What a caller may do in an exam (product §4, §6), decided once per request. */
export interface ExamAccess {
  exam: Exam;
  status: ContestStatus;
  user?: AuthUser;
  isAdmin: boolean;
  isRegistered: boolean;
  /** The caller handed in their paper (交卷): nothing more is taken from them. */
  handedIn: boolean;
}

const standing = (a: ExamAccess): TimedStanding => ({
  auth: a.exam.auth,
  status: a.status,
  user: a.user,
  isAdmin: a.isAdmin,
  isRegistered: a.isRegistered,
});

/**
 * The exam rules of product §6: the contest ones (`contest/timed`: clock, row cache, registrations, rules), with
 * the exam texts. Exam admins are the author, root and, for a group's exam, the group's level-5 members. Scores: visible if ended, admin, or realScore.
 */
@Injectable()
export class ExamAccessService implements OnModuleInit {
  private readonly cache: RowCache<Exam>;
  private readonly registrations: RegistrationCache;
  /**
   * Who handed in, per exam: one read per exam and second on a replica (answers are saved many times a second, so
   * not one read per save); a hand-in through this replica counts at once (`handedInHere`), others within a second.
   */
  private readonly handIns: RowCache<Set<string>>;
  private readonly handedInHere = new Set<string>();

  constructor(
    @InjectRepository(Exam) private readonly exams: Repository<Exam>,
    @InjectRepository(ExamRegister) private readonly registers: Repository<ExamRegister>,
    private readonly groups: GroupAccessService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly lockdown: LockdownService,
  ) {
    this.cache = new RowCache((id) => this.exams.findOneBy({ id }), EXAM_CACHE_MS, EXAM_REFRESH_MS);
    this.handIns = new RowCache(
      async (eid) =>
        new Set(
          ((await this.db.query('SELECT uid FROM exam_paper WHERE eid = $1 AND handed_in_at IS NOT NULL', [eid])) as { uid: string }[]).map(
            (r) => r.uid,
          ),
        ),
      EXAM_CACHE_MS,
      EXAM_REFRESH_MS,
    );
    this.registrations = new RegistrationCache((eid, uid) => this.registers.existsBy({ eid, uid }), EXAM_UNREGISTERED_CACHE_MS);
  }

  /**
   * Locked-down exams (issue 36): core's LockdownService asks this module who sits which locked or
   * address-restricted exam (registered users and whoever holds a paper) and applies `ipRefusal` to every exam route.
   */
  onModuleInit(): void {
    this.lockdown.register(
      timedLockSource(
        'exam',
        this.db,
        'exam',
        'SELECT eid AS id, uid FROM exam_register UNION SELECT eid AS id, uid FROM exam_paper',
        (eid, user, ip) => this.ipRefusal(eid, user, ip),
      ),
    );
  }

  /**
   * Entering and submitting (issue 36): refused from an address outside the exam's allowed ranges, its admins
   * excepted. Called by the LockdownGuard (and the hot path) for every route that names an exam.
   */
  async ipRefusal(eid: number, user: AuthUser | undefined, ip: string | undefined): Promise<ApiException | undefined> {
    const exam = await this.cache.get(eid);
    return ipRefusal(
      exam,
      ip,
      async () => isEventAdmin(exam!, user) || (!!user && exam!.gid !== null && (await this.groups.isGroupRoot(exam!.gid, user))),
    );
  }

  /** After a registration or an edit that changes who is held or restricted (every replica's index). */
  lockdownChanged(): Promise<void> {
    return this.lockdown.changed();
  }

  /** The exam (404 when missing, or hidden from a non-admin) and the caller's standing in it. */
  async access(eid: number, user?: AuthUser, now = new Date()): Promise<ExamAccess> {
    const exam = await this.cache.get(eid);
    if (!exam) throw new NotFoundError();
    // A group's exam (product §6): its level-5 members are its admins too; everyone outside the group gets 404.
    const isAdmin = isEventAdmin(exam, user) || (!!user && exam.gid !== null && (await this.groups.isGroupRoot(exam.gid, user)));
    if (!exam.visible && !isAdmin) throw new NotFoundError();
    if (!isAdmin && exam.gid !== null && !(await this.groups.isMember(exam.gid, user))) throw new NotFoundError();
    const isRegistered = !!user && exam.auth !== ContestAuth.Public && (await this.registrations.isRegistered(eid, user.uid));
    const handedIn = !!user && (this.handedInHere.has(`${eid}:${user.uid}`) || !!(await this.handIns.get(eid))?.has(user.uid));
    return { exam, status: contestStatusAt(exam.startTime, exam.endTime, now), user, isAdmin, isRegistered, handedIn };
  }

  /** A hand-in stored through this replica: refused from the next request on. */
  handedInNow(eid: number, uid: string): void {
    if (this.handedInHere.size >= 200_000) this.handedInHere.clear();
    this.handedInHere.add(`${eid}:${uid}`);
  }

  exam(eid: number): Promise<Exam | null> {
    return this.cache.get(eid);
  }

  forget(eid: number): void {
    this.cache.forget(eid);
    this.registrations.forget(eid);
    this.handIns.forget(eid);
  }

  assertCanManage(a: ExamAccess): void {
    assertCanManage(standing(a));
  }

  /** Inside the exam (papers, submissions): login; private needs the password. */
  assertCanView(a: ExamAccess): void {
    assertCanView(standing(a), EXAM_TEXTS);
  }

  /** Questions and problems: once started (admins always). */
  assertCanViewProblems(a: ExamAccess): void {
    assertCanViewProblems(standing(a), EXAM_TEXTS);
  }

  /** Saving answers and submitting programs: running; public, entered, or admin (product §6); not after a hand-in. */
  assertCanSubmit(a: ExamAccess): void {
    assertCanSubmit(standing(a), EXAM_TEXTS);
    if (a.handedIn) throw new ForbiddenError(EXAM_ERR.handedIn);
  }

  hasAccess(a: ExamAccess): boolean {
    return hasAccess(standing(a));
  }

  /** Product §6: exam real scores are visible if ended, admin, or realScore. */
  scoresVisible(a: ExamAccess): boolean {
    return a.isAdmin || a.status === ContestStatus.Ended || a.exam.realScore;
  }

  async register(a: ExamAccess, password: string | undefined): Promise<void> {
    const eid = a.exam.id;
    await registerWithPassword({ ...standing(a), id: eid }, password, this.registrations, EXAM_TEXTS, {
      password: async () => (await this.exams.createQueryBuilder('e').addSelect('e.pwd').where('e.id = :id', { id: eid }).getOne())?.pwd,
      insert: () => this.registers.createQueryBuilder().insert().values({ eid, uid: a.user!.uid }).orIgnore().execute(),
    });
    const e = a.exam;
    if (e.lockMode || e.ipRanges?.length)
      await this.lockdown.joined(a.user!.uid, {
        kind: 'exam',
        id: eid,
        startMs: new Date(e.startTime).getTime(),
        endMs: new Date(e.endTime).getTime(),
        lockMode: e.lockMode,
      });
  }
}
