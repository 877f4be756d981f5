import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CONTEST_ERR, ContestAuth, ContestStatus, ERR, contestStatusAt } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { GroupAccessService } from '../group/access/group-access.service';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../core/http/api.exception';
import { AccountLimitRule, Contest } from './entities/contest.entity';
import { ContestRegister } from './entities/contest-register.entity';

/** What a caller may do in a contest (spec §4, §6), decided once per request. */
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
const REGISTERED_CACHE_MAX = 200_000;

interface CachedContest {
  contest: Contest | null;
  /** When the read of the row started (Date.now()). */
  at: number;
  /** The re-read under way, shared by every caller (at most one query per contest at a time). */
  reading?: Promise<Contest | null>;
}

/**
 * The contest rules of spec §6, one method per rule. Contest admins are the author, root and, for a group's
 * contest (`gid`), the group's level-5 members; a group's contest is 404 to everyone outside the group.
 */
@Injectable()
export class ContestAccessService {
  private readonly cache = new Map<number, CachedContest>();
  /** Bumped by forget(): a read that started before an edit must not store the old row. */
  private generation = 0;
  /** Registrations are only ever added (a contest's go with it), so a seen one is kept. */
  private readonly registered = new Set<string>();
  /** "cid:uid" → until when "not registered" holds on this replica (private and protected contests). */
  private readonly unregistered = new Map<string, number>();

  constructor(
    @InjectRepository(Contest) private readonly contests: Repository<Contest>,
    @InjectRepository(ContestRegister) private readonly registers: Repository<ContestRegister>,
    private readonly groups: GroupAccessService,
  ) {}

  /** Author, root, or (group contests) a level-5 member of the owning group (spec §6). */
  async isContestAdmin(contest: Contest, user?: AuthUser): Promise<boolean> {
    if (!user) return false;
    if (user.isRoot || contest.uid === user.uid) return true;
    return contest.gid !== null && (await this.groups.isGroupRoot(contest.gid, user));
  }

  /** A group's contest is seen by the group's members (level 3 to 5) and root only; site contests by all. */
  async isInsideGroup(contest: Contest, user?: AuthUser): Promise<boolean> {
    return contest.gid === null || (await this.groups.isMember(contest.gid, user));
  }

  /** The contest (404 when missing, or hidden from a non-admin) and the caller's standing in it. */
  async access(cid: number, user?: AuthUser, now = new Date()): Promise<ContestAccess> {
    const contest = await this.findContest(cid);
    if (!contest) throw new NotFoundError();
    const isAdmin = await this.isContestAdmin(contest, user);
    if (!contest.visible && !isAdmin) throw new NotFoundError();
    if (!isAdmin && !(await this.isInsideGroup(contest, user))) throw new NotFoundError();
    // Entering only matters for private and protected contests: public ones skip the lookup.
    const isRegistered = !!user && contest.auth !== ContestAuth.Public && (await this.isRegistered(cid, user.uid));
    return { contest, status: contestStatusAt(contest.startTime, contest.endTime, now), user, isAdmin, isRegistered };
  }

  /** The contest row as this replica caches it (up to CONTEST_CACHE_MS old), or null when missing. */
  contest(cid: number): Promise<Contest | null> {
    return this.findContest(cid);
  }

  /**
   * The cached row while younger than CONTEST_CACHE_MS (re-read in the background from CONTEST_REFRESH_MS on);
   * older or missing, the caller waits for the one read under way. Before, the entry expired for everybody at
   * once and each request in flight sent its own query: under load a burst of queries every second, queued
   * behind a small pool, and a latency spike for those requests.
   */
  private findContest(cid: number): Promise<Contest | null> {
    const hit = this.cache.get(cid);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < CONTEST_REFRESH_MS) return Promise.resolve(hit.contest);
    const reading = hit?.reading ?? this.read(cid);
    return hit && age < CONTEST_CACHE_MS ? Promise.resolve(hit.contest) : reading;
  }

  private read(cid: number): Promise<Contest | null> {
    const generation = this.generation;
    // The row is as of when the query started: its age counts from then.
    const startedAt = Date.now();
    const reading = this.contests.findOneBy({ id: cid }).then(
      (contest) => {
        if (generation === this.generation) this.cache.set(cid, { contest, at: startedAt });
        else if (this.cache.get(cid)?.reading === reading) this.cache.delete(cid);
        return contest;
      },
      (e: unknown) => {
        if (this.cache.get(cid)?.reading === reading) this.cache.delete(cid);
        throw e;
      },
    );
    const hit = this.cache.get(cid);
    if (hit) hit.reading = reading;
    else this.cache.set(cid, { contest: null, at: -Infinity, reading });
    // A failed background re-read is seen by the next caller that waits for one; not an unhandled rejection.
    reading.catch(() => undefined);
    return reading;
  }

  private async isRegistered(cid: number, uid: string): Promise<boolean> {
    const key = `${cid}:${uid}`;
    if (this.registered.has(key)) return true;
    const until = this.unregistered.get(key);
    if (until !== undefined && until > Date.now()) return false;
    const generation = this.generation;
    const found = await this.registers.existsBy({ cid, uid });
    if (found) {
      if (this.registered.size >= REGISTERED_CACHE_MAX) this.registered.clear();
      this.registered.add(key);
      this.unregistered.delete(key);
    } else if (generation === this.generation && !this.registered.has(key)) {
      if (this.unregistered.size >= REGISTERED_CACHE_MAX) this.unregistered.clear();
      this.unregistered.set(key, Date.now() + UNREGISTERED_CACHE_MS);
    }
    return found;
  }

  /** Drops this replica's copy of a contest after an edit (other replicas follow within CONTEST_CACHE_MS). */
  forget(cid: number): void {
    this.generation++;
    this.cache.delete(cid);
    const prefix = `${cid}:`;
    for (const key of this.registered) if (key.startsWith(prefix)) this.registered.delete(key);
    for (const key of this.unregistered.keys()) if (key.startsWith(prefix)) this.unregistered.delete(key);
  }

  /** Managing the contest (admin routes, prints, balloons): author or root. */
  assertCanManage(a: ContestAccess): void {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (!a.isAdmin) throw new ForbiddenError(ERR.noPermission);
  }

  /** Seeing the inside (problems, submissions, rank, announcements): login; private needs the password. */
  assertCanView(a: ContestAccess): void {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (a.isAdmin) return;
    if (a.contest.auth === ContestAuth.Private && !a.isRegistered) throw new ForbiddenError(CONTEST_ERR.notRegistered);
  }

  /** Problems are shown to non-admins only once the contest has started. */
  assertCanViewProblems(a: ContestAccess): void {
    this.assertCanView(a);
    if (!a.isAdmin && a.status === ContestStatus.Scheduled) throw new ForbiddenError(CONTEST_ERR.notStarted);
  }

  /**
   * Submitting (spec §6): refused when ended; when scheduled only admins; otherwise admins, public
   * contests, or users who entered the password; account limit for non-admins.
   */
  assertCanSubmit(a: ContestAccess): void {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (a.status === ContestStatus.Ended) throw new ForbiddenError(ERR.contestEnded);
    if (a.isAdmin) return;
    if (a.status === ContestStatus.Scheduled) throw new ForbiddenError(CONTEST_ERR.notStarted);
    if (a.contest.auth !== ContestAuth.Public && !a.isRegistered) throw new ForbiddenError(CONTEST_ERR.notRegistered);
    this.assertAccountAllowed(a);
  }

  assertAccountAllowed(a: ContestAccess): void {
    if (a.isAdmin || !a.contest.openAccountLimit) return;
    if (!a.user || !matchesAccountLimit(a.user.username, a.contest.accountLimitRule)) throw new ForbiddenError(CONTEST_ERR.accountLimited);
  }

  /** `register-contest`: the password of a private or protected contest (public ones need none). */
  async register(a: ContestAccess, password: string | undefined): Promise<void> {
    if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
    if (a.isRegistered || (await this.isRegistered(a.contest.id, a.user.uid))) throw new BadRequestError(CONTEST_ERR.alreadyRegistered);
    this.assertAccountAllowed(a);
    if (a.contest.auth !== ContestAuth.Public) {
      const row = await this.contests.createQueryBuilder('c').addSelect('c.pwd').where('c.id = :id', { id: a.contest.id }).getOne();
      if (!row?.pwd || row.pwd !== (password ?? '')) throw new BadRequestError(CONTEST_ERR.wrongPassword);
    }
    await this.registers.createQueryBuilder().insert().values({ cid: a.contest.id, uid: a.user.uid }).orIgnore().execute();
    // Seen at once on this replica (other replicas: within UNREGISTERED_CACHE_MS).
    const key = `${a.contest.id}:${a.user.uid}`;
    this.unregistered.delete(key);
    this.registered.add(key);
  }

  /** `get-contest-access`: whether the caller may enter (admin, public, or password entered). */
  hasAccess(a: ContestAccess): boolean {
    return a.isAdmin || a.contest.auth === ContestAuth.Public || a.isRegistered;
  }
}
