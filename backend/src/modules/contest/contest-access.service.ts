import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CONTEST_ERR, ContestAuth, ContestStatus, ERR, contestStatusAt } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
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

/**
 * The contest rules of spec §6, one method per rule. Contest admins are the author and root; the owning
 * group's level-5 members join them once the group module exists (see the module README note).
 */
/** How long a replica reuses a contest row it read: boards under load are read many times a second. */
export const CONTEST_CACHE_MS = 1_000;
const REGISTERED_CACHE_MAX = 200_000;

@Injectable()
export class ContestAccessService {
  private readonly cache = new Map<number, { contest: Contest; until: number }>();
  /** Registrations are only ever added (a contest's go with it), so a seen one is kept. */
  private readonly registered = new Set<string>();

  constructor(
    @InjectRepository(Contest) private readonly contests: Repository<Contest>,
    @InjectRepository(ContestRegister) private readonly registers: Repository<ContestRegister>,
  ) {}

  isContestAdmin(contest: Contest, user?: AuthUser): boolean {
    return !!user && (user.isRoot || contest.uid === user.uid);
  }

  /** The contest (404 when missing, or hidden from a non-admin) and the caller's standing in it. */
  async access(cid: number, user?: AuthUser, now = new Date()): Promise<ContestAccess> {
    const contest = await this.findContest(cid);
    if (!contest) throw new NotFoundError();
    const isAdmin = this.isContestAdmin(contest, user);
    if (!contest.visible && !isAdmin) throw new NotFoundError();
    // Entering only matters for private and protected contests: public ones skip the lookup.
    const isRegistered = !!user && contest.auth !== ContestAuth.Public && (await this.isRegistered(cid, user.uid));
    return { contest, status: contestStatusAt(contest.startTime, contest.endTime, now), user, isAdmin, isRegistered };
  }

  /** The contest row as this replica caches it (up to CONTEST_CACHE_MS old), or null when missing. */
  contest(cid: number): Promise<Contest | null> {
    return this.findContest(cid);
  }

  private async findContest(cid: number): Promise<Contest | null> {
    const hit = this.cache.get(cid);
    if (hit && hit.until > Date.now()) return hit.contest;
    const contest = await this.contests.findOneBy({ id: cid });
    if (contest) this.cache.set(cid, { contest, until: Date.now() + CONTEST_CACHE_MS });
    else this.cache.delete(cid);
    return contest;
  }

  private async isRegistered(cid: number, uid: string): Promise<boolean> {
    const key = `${cid}:${uid}`;
    if (this.registered.has(key)) return true;
    const found = await this.registers.existsBy({ cid, uid });
    if (found) {
      if (this.registered.size >= REGISTERED_CACHE_MAX) this.registered.clear();
      this.registered.add(key);
    }
    return found;
  }

  /** Drops this replica's copy of a contest after an edit (other replicas follow within CONTEST_CACHE_MS). */
  forget(cid: number): void {
    this.cache.delete(cid);
    for (const key of this.registered) if (key.startsWith(`${cid}:`)) this.registered.delete(key);
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
  }

  /** `get-contest-access`: whether the caller may enter (admin, public, or password entered). */
  hasAccess(a: ContestAccess): boolean {
    return a.isAdmin || a.contest.auth === ContestAuth.Public || a.isRegistered;
  }
}
