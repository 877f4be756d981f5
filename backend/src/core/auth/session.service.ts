import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { User } from '../../modules/user/entities/user.entity';
import { UserRole } from '../../modules/user/entities/user-role.entity';
import { REDIS } from '../redis/redis.module';
import { AuthUser, TokenInfo, toAuthUser } from './auth-user';
import { TokenPayload } from './token.service';

const USER_KEY = (uid: string) => `auth:user:${uid}`;
const DENY_KEY = (jti: string) => `auth:deny:${jti}`;
/** Cached users expire on their own so a missed invalidation never lasts long. */
const USER_CACHE_SEC = 300;

/**
 * Who a token belongs to and whether it still counts. One Redis round trip per request:
 * the cached user (role, status, token version) and the denylist entry of the token.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserRole) private readonly userRoles: Repository<UserRole>,
  ) {}

  /** The user of a verified token, or null when it is revoked or the user is gone. */
  async resolve(payload: TokenPayload): Promise<AuthUser | null> {
    const [cached, denied] = await this.redis.mget(USER_KEY(payload.sub), DENY_KEY(payload.jti));
    if (denied) return null;
    const user = cached ? (JSON.parse(cached) as AuthUser) : await this.load(payload.sub);
    if (!user || user.tokenVersion !== payload.ver) return null;
    return user;
  }

  /** Reads the user and role from the database and caches them. */
  async load(uid: string): Promise<AuthUser | null> {
    const user = await this.users.findOne({
      where: { uid },
      select: { uid: true, username: true, status: true, tokenVersion: true },
    });
    if (!user) return null;
    const link = await this.userRoles.findOne({ where: { uid }, select: { roleId: true } });
    const authUser = toAuthUser({ ...user, roleId: link?.roleId ?? Role.User });
    await this.redis.set(USER_KEY(uid), JSON.stringify(authUser), 'EX', USER_CACHE_SEC);
    return authUser;
  }

  /** Call after changing a user's role, status, name or token version. */
  async invalidate(uid: string): Promise<void> {
    await this.redis.del(USER_KEY(uid));
  }

  /** Logout: this token is refused until it would have expired anyway. */
  async revokeToken(token: TokenInfo): Promise<void> {
    const ttl = token.exp - Math.floor(Date.now() / 1000);
    if (ttl > 0) await this.redis.set(DENY_KEY(token.jti), '1', 'EX', ttl);
  }

  /** Password change, disabling: every token of the user is refused. */
  async revokeAllTokens(uid: string): Promise<void> {
    await this.users.increment({ uid }, 'tokenVersion', 1);
    await this.invalidate(uid);
  }
}
