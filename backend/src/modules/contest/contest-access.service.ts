import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { CONTEST_ERR, ContestAuth, ContestStatus, ERR, contestStatusAt } from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { GroupAccessService } from '../../core/auth/group-access.service';
import { ApiException, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { LockdownService } from '../../core/auth/lockdown';
import { ipRefusal, timedLockSource } from '../timed-event/timed-lockdown';
import { AccountLimitRule, Contest } from './entities/contest.entity';
import { ContestRegister } from './entities/contest-register.entity';
import { RegistrationCache } from '../timed-event/registration-cache';
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

const CONTEST_TEXTS: TimedTexts = {
  notRegistered: CONTEST_ERR.notRegistered,
  notStarted: CONTEST_ERR.notStarted,
  ended: ERR.contestEnded,
  alreadyRegistered: CONTEST_ERR.alreadyRegistered,
  wrongPassword: CONTEST_ERR.wrongPassword,
};

const standing = (a: ContestAccess): TimedStanding => ({
  auth: a.contest.auth,
  status: a.status,
  user: a.user,
  isAdmin: a.isAdmin,
  isRegistered: a.isRegistered,
});

/** What a caller may do in a contest (product §4, §6), decided once per request. */
export interface ContestAccess {
  contest: Contest;
  status: ContestStatus;
  user?: AuthUser;
  isAdmin: boolean;
  /** Entered with the password; only looked up for private and protected contests (false for public ones). */
  isRegistered: boolean;
}

/** Whether a username is allowed by the account limit rule: prefix + number in range + suffix, or an extra name. */
export function matchesAccountLimit(username: string, rule: AccountLimitRule | null): boolean {
  if (!rule) return true;
  if (rule.extra?.includes(username)) return true;
  if (!username.startsWith(rule.prefix) || !username.endsWith(rule.suffix)) return false;
  const middle = username.slice(rule.prefix.length, username.length - rule.suffix.length);
  if (!/^\d+$/.test(middle)) return false;
  const n = Number(middle);
  return n >= rule.start && n <= rule.end;
}

/** How long a replica reuses a contest row it read: boards under load are read many times a second. */
export const CONTEST_CACHE_MS = 1_000;
/**
 * From this age a read still gets the cached row but starts one re-read in the background, so a busy
 * contest's row is renewed before it expires and no request waits for the database (see the module README).
 */
export const CONTEST_REFRESH_MS = 750;
/** How long a replica trusts "not registered" (a registration made through this replica shows at once). */
export const UNREGISTERED_CACHE_MS = 1_000;
/**
 * The contest rules of product §6, one method per rule (the rules themselves are shared with exams: `timed/`).
 * Contest admins are the author, root and, for a group's contest (`gid`), the group's level-5 members; a group's
 * contest is 404 to everyone outside the group.
 */
@Injectable()
export class ContestAccessService implements OnModuleInit {
  /** Contest rows (single flight, background renewal): see `timed/row-cache.ts` and the module README. */
  private readonly cache: RowCache<Contest>;
  private readonly registrations: RegistrationCache;

  constructor(
    @InjectRepository(Contest) private readonly contests: Repository<Contest>,
    @InjectRepository(ContestRegister) private readonly registers: Repository<ContestRegister>,
    private readonly groups: GroupAccessService,
    private readonly lockdown: LockdownService,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.cache = new RowCache((id) => this.contests.findOneBy({ id }), CONTEST_CACHE_MS, CONTEST_REFRESH_MS);
    this.registrations = new RegistrationCache((cid, uid) => this.registers.existsBy({ cid, uid }), UNREGISTERED_CACHE_MS);
  }

  /**
   * Locked-down contests (issue 36): core's LockdownService asks this module who takes part in which locked or
   * address-restricted contest (registered users) and applies `ipRefusal` to every contest route.
   */
  onModuleInit(): void {
    this.lockdown.register(
      timedLockSource('contest', this.db, 'contest', 'SELECT cid AS id, uid FROM contest_register', (cid, user, ip) =>
        this.ipRefusal(cid, user, ip),
      ),
    );
  }

  /**
   * Entering and submitting (issue 36): refused from an address outside the contest's allowed ranges, its admins
   * excepted. Called by the LockdownGuard (and the hot path) for every route that names a contest.
   */
  async ipRefusal(cid: number, user: AuthUser | undefined, ip: string | undefined): Promise<ApiException | undefined> {
    const contest = await this.cache.get(cid);
    return ipRefusal(contest, ip, () => this.isContestAdmin(contest!, user));
  }

  /** After a registration or an edit that changes who is held or restricted (every replica's index). */
  lockdownChanged(): Promise<void> {
    return this.lockdown.changed();
  }

  /** Author, root, or (group contests) a level-5 member of the owning group (product §6). */
  async isContestAdmin(contest: Contest, user?: AuthUser): Promise<boolean> {
    if (isEventAdmin(contest, user)) return true;
    return !!user && contest.gid !== null && (await this.groups.isGroupRoot(contest.gid, user));
  }

  /** A group's contest is seen by the group's members (level 3 to 5) and root only; site contests by all. */
  async isInsideGroup(contest: Contest, user?: AuthUser): Promise<boolean> {
    return contest.gid === null || (await this.groups.isMember(contest.gid, user));
  }

  /** The contest (404 when missing, or hidden from a non-admin) and the caller's standing in it. */
  async access(cid: number, user?: AuthUser, now = new Date()): Promise<ContestAccess> {
    const contest = await this.cache.get(cid);
    if (!contest) throw new NotFoundError();
    const isAdmin = await this.isContestAdmin(contest, user);
    if (!contest.visible && !isAdmin) throw new NotFoundError();
    if (!isAdmin && !(await this.isInsideGroup(contest, user))) throw new NotFoundError();
    // Entering only matters for private and protected contests: public ones skip the lookup.
    const isRegistered = !!user && contest.auth !== ContestAuth.Public && (await this.registrations.isRegistered(cid, user.uid));
    return { contest, status: contestStatusAt(contest.startTime, contest.endTime, now), user, isAdmin, isRegistered };
  }

  /** The contest row as this replica caches it (up to CONTEST_CACHE_MS old), or null when missing. */
  contest(cid: number): Promise<Contest | null> {
    return this.cache.get(cid);
  }

  /** Drops this replica's copy of a contest after an edit (other replicas follow within CONTEST_CACHE_MS). */
  forget(cid: number): void {
    this.cache.forget(cid);
    this.registrations.forget(cid);
  }

  /** Managing the contest (admin routes, prints, balloons): author or root. */
  assertCanManage(a: ContestAccess): void {
    assertCanManage(standing(a));
  }

  /** Seeing the inside (problems, submissions, rank, announcements): login; private needs the password. */
  assertCanView(a: ContestAccess): void {
    assertCanView(standing(a), CONTEST_TEXTS);
  }

  /** Problems are shown to non-admins only once the contest has started. */
  assertCanViewProblems(a: ContestAccess): void {
    assertCanViewProblems(standing(a), CONTEST_TEXTS);
  }

  /**
   * Submitting (product §6): refused when ended; when scheduled only admins; otherwise admins, public
   * contests, or users who entered the password; account limit for non-admins.
   */
  assertCanSubmit(a: ContestAccess): void {
    assertCanSubmit(standing(a), CONTEST_TEXTS);
    this.assertAccountAllowed(a);
  }

  assertAccountAllowed(a: ContestAccess): void {
    if (a.isAdmin || !a.contest.openAccountLimit) return;
    if (!a.user || !matchesAccountLimit(a.user.username, a.contest.accountLimitRule)) throw new ForbiddenError(CONTEST_ERR.accountLimited);
  }

  /** `register-contest`: the password of a private or protected contest (public ones need none). */
  async register(a: ContestAccess, password: string | undefined): Promise<void> {
    const cid = a.contest.id;
    await registerWithPassword({ ...standing(a), id: cid }, password, this.registrations, CONTEST_TEXTS, {
      check: () => this.assertAccountAllowed(a),
      password: async () => (await this.contests.createQueryBuilder('c').addSelect('c.pwd').where('c.id = :id', { id: cid }).getOne())?.pwd,
      insert: () => this.registers.createQueryBuilder().insert().values({ cid, uid: a.user!.uid }).orIgnore().execute(),
    });
    const c = a.contest;
    if (c.lockMode || c.ipRanges?.length)
      await this.lockdown.joined(a.user!.uid, {
        kind: 'contest',
        id: cid,
        startMs: new Date(c.startTime).getTime(),
        endMs: new Date(c.endTime).getTime(),
        lockMode: c.lockMode,
      });
  }

  /** `get-contest-access`: whether the caller may enter (admin, public, or password entered). */
  hasAccess(a: ContestAccess): boolean {
    return hasAccess(standing(a));
  }
}
