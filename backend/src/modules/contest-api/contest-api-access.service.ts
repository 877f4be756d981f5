import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestAuth, ERR } from '@oj/contracts';
import { createHash, randomBytes } from 'crypto';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { verifyPassword } from '../../core/auth/password';
import { SessionService } from '../../core/auth/session.service';
import { TokenService } from '../../core/auth/token.service';
import { UserStatus } from '../../core/auth/entities/user.entity';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { NotFoundError, UnauthorizedError } from '../../core/http/api.exception';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { ContestAccessService } from '../contest/contest-access.service';
import type { Contest } from '../contest/entities/contest.entity';

/** A password checked once is trusted this long (argon2 costs tens of ms; tools poll every few seconds). */
const PASSWORD_CACHE_MS = 60_000;
export const REALM = 'Basic realm="Contest API", charset="UTF-8"';

/** The caller of a Contest API route, put on the request by ContestApiGuard. */
export interface ApiRequest extends Request {
  contestApiUser?: AuthUser;
}

/** A contest as one caller may read it: `admin` sees everything, otherwise the public view. */
export interface ApiContestAccess {
  contest: Contest;
  admin: boolean;
}

/**
 * Every access rule of the Contest API, in one place (README, "Access"):
 * - Credentials: HTTP basic auth with an account's username and password, or our own session token. Wrong ones are
 *   401 with a `WWW-Authenticate` challenge; a disabled account is refused the same way.
 * - Without credentials: the public view of public site contests (what our outside board shows anyone); anything
 *   else answers the 401 challenge.
 * - A contest admin as `ContestAccessService` decides (author, root, a group contest's owners) sees everything;
 *   any other account needs `assertCanView` (private contests: entered with the password) and gets the public view.
 * - ACM contests are served as pass-fail contests, OI contests as scored ones (`scoreboard_type: score`).
 */
@Injectable()
export class ContestApiAccess {
  private readonly checked = new Map<string, { digest: string; uid: string; until: number }>();
  private readonly salt = randomBytes(16);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly contests: ContestAccessService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The caller of an Authorization header: undefined without one; 401 for wrong credentials. */
  async caller(header: string | undefined, ip = ''): Promise<AuthUser | undefined> {
    if (!header?.trim()) return undefined;
    const basic = /^Basic\s+(.+)$/i.exec(header.trim());
    let user: AuthUser | null = null;
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) user = await this.checkPassword(decoded.slice(0, colon), decoded.slice(colon + 1), ip);
    } else {
      const raw = TokenService.extract(header);
      const payload = raw ? this.tokens.verify(raw) : null;
      user = payload ? await this.sessions.resolve(payload) : null;
    }
    if (!user || user.status === UserStatus.Disabled) throw new UnauthorizedError(ERR.loginAgain);
    return user;
  }

  private async checkPassword(username: string, password: string, ip: string): Promise<AuthUser | null> {
    if (username.length > 100 || password.length > 200) return null;
    const digest = createHash('sha256').update(this.salt).update(username).update('\u0000').update(password).digest('hex');
    const hit = this.checked.get(username);
    if (hit && hit.digest === digest && hit.until > Date.now()) return this.sessions.load(hit.uid);
    // Every password compared counts against the budget of typed secrets (core's SecretGuessGuard: per address and
    // per account, taken before comparing): basic auth must not be a way round login's limits. A tool that knows the
    // password compares it once a minute (the cache above).
    const limits = this.config.rateLimit;
    await this.rateLimit.consume(
      { key: `secret:ip:${ip}`, max: limits.secretPerIpPerMin, windowSec: 60 },
      { key: `contest-api:user:${username.toLowerCase()}`, max: limits.secretPerUserPerMin, windowSec: 60 },
    );
    const rows: { uid: string; password: string }[] = await this.ds.query(`SELECT uid, password FROM user_info WHERE username = $1`, [
      username,
    ]);
    if (!rows.length || !(await verifyPassword(rows[0].password, password))) return null;
    if (this.checked.size > 10_000) this.checked.clear();
    this.checked.set(username, { digest, uid: rows[0].uid, until: Date.now() + PASSWORD_CACHE_MS });
    return this.sessions.load(rows[0].uid);
  }

  /** The contest of a `:cid` as this caller may read it (404 for a malformed id, a missing or hidden contest). */
  async contest(rawCid: string, user: AuthUser | undefined): Promise<ApiContestAccess> {
    if (!/^\d{1,9}$/.test(rawCid)) throw new NotFoundError();
    const a = await this.contests.access(Number(rawCid), user);
    if (a.isAdmin) return { contest: a.contest, admin: true };
    if (!user) {
      if (a.contest.auth === ContestAuth.Public && a.contest.gid === null) return { contest: a.contest, admin: false };
      throw new UnauthorizedError(ERR.loginFirst);
    }
    this.contests.assertCanView(a);
    return { contest: a.contest, admin: false };
  }

  /** The contests this caller may read: the 200 most recent contests that pass `contest`. */
  async list(user: AuthUser | undefined): Promise<ApiContestAccess[]> {
    const rows: { id: number }[] = await this.ds.query(`SELECT id FROM contest ORDER BY start_time DESC, id DESC LIMIT 200`);
    const out: ApiContestAccess[] = [];
    for (const { id } of rows) {
      const a = await this.contest(String(id), user).catch(() => undefined);
      if (a) out.push(a);
    }
    return out;
  }
}

/**
 * The guard of the Contest API's routes. They are `@Public()` for the global guard (which therefore never reads
 * their `Authorization` header as one of our tokens); this guard reads it by ContestApiAccess's rules.
 */
@Injectable()
export class ContestApiGuard implements CanActivate {
  constructor(private readonly access: ContestApiAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ApiRequest>();
    // A refusal is answered with the basic-auth challenge (ChallengeFilter).
    req.contestApiUser = await this.access.caller(req.headers.authorization, req.ip);
    return true;
  }
}
