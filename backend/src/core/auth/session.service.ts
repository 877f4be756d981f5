import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { User } from '../../modules/user/entities/user.entity';
import { UserRole } from '../../modules/user/entities/user-role.entity';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { AuthUser, TokenInfo, toAuthUser } from './auth-user';
import { TokenPayload } from './token.service';

const USER_KEY = (uid: string) => `auth:user:${uid}`;
const DENY_KEY = (jti: string) => `auth:deny:${jti}`;
/** Cached users expire on their own so a missed invalidation never lasts long. */
const USER_CACHE_SEC = 300;
/**
 * How long a replica reuses a session it resolved (token id → user) without asking Redis. Changes made
 * through any replica (invalidate, logout) reach the others at once through a Redis channel; this bounds
 * how long a missed message can last.
 */
export const SESSION_LOCAL_MS = 1_000;
/** Sessions a replica remembers; the map starts afresh when full. */
const SESSION_LOCAL_MAX = 20_000;

/** Channel messages: `u:<uid>` (user changed) or `t:<jti>` (token revoked). */
type Change = `u:${string}` | `t:${string}`;

/**
 * Who a token belongs to and whether it still counts: the cached user (role, status, token version)
 * and the denylist entry of the token, one Redis round trip, reused by the replica for SESSION_LOCAL_MS.
 */
@Injectable()
export class SessionService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionService.name);
  private readonly local = new Map<string, { user: AuthUser; until: number }>();
  /** Bumped by every change: a resolve that started before it must not fill the local map. */
  private generation = 0;
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserRole) private readonly userRoles: Repository<UserRole>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redis.keyPrefix}auth-session`;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, change: string) => this.forget(change as Change));
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** The user of a verified token, or null when it is revoked or the user is gone. */
  async resolve(payload: TokenPayload): Promise<AuthUser | null> {
    const hit = this.local.get(payload.jti);
    if (hit && hit.until > Date.now() && hit.user.uid === payload.sub && hit.user.tokenVersion === payload.ver) return hit.user;
    const generation = this.generation;
    const [cached, denied] = await this.redis.mget(USER_KEY(payload.sub), DENY_KEY(payload.jti));
    if (denied) return null;
    const user = cached ? (JSON.parse(cached) as AuthUser) : await this.load(payload.sub);
    if (!user || user.tokenVersion !== payload.ver) return null;
    if (generation === this.generation) {
      if (this.local.size >= SESSION_LOCAL_MAX) this.local.clear();
      // Shared by the requests of the next second: frozen so that none can change it for the others.
      this.local.set(payload.jti, { user: Object.freeze(user), until: Date.now() + SESSION_LOCAL_MS });
    }
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
    this.forget(`u:${uid}`);
    await this.redis.del(USER_KEY(uid));
    await this.announce(`u:${uid}`);
  }

  /** Logout: this token is refused until it would have expired anyway. */
  async revokeToken(token: TokenInfo): Promise<void> {
    this.forget(`t:${token.jti}`);
    const ttl = token.exp - Math.floor(Date.now() / 1000);
    if (ttl > 0) await this.redis.set(DENY_KEY(token.jti), '1', 'EX', ttl);
    await this.announce(`t:${token.jti}`);
  }

  /** Password change, disabling: every token of the user is refused. */
  async revokeAllTokens(uid: string): Promise<void> {
    await this.users.increment({ uid }, 'tokenVersion', 1);
    await this.invalidate(uid);
  }

  /** Drops this replica's sessions of a user or a token. */
  private forget(change: Change): void {
    this.generation++;
    if (change.startsWith('t:')) {
      this.local.delete(change.slice(2));
      return;
    }
    const uid = change.slice(2);
    for (const [jti, entry] of this.local) if (entry.user.uid === uid) this.local.delete(jti);
  }

  /** Tells the other replicas (after the shared state changed, so that they read the new one). */
  private async announce(change: Change): Promise<void> {
    await this.redis.publish(this.channel, change).catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
  }
}
