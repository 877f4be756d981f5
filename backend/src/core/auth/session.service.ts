import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import { randomInt } from 'crypto';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { User } from './entities/user.entity';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { AuthUser, TokenInfo, toAuthUser } from './auth-user';
import { TokenPayload } from './token.service';

/** A user's cached session facts (exported for the rank-burst bench, which expires them as a long contest does). */
export const USER_KEY = (uid: string) => `auth:user:${uid}`;
/** A logged-out session (every token of it, refreshed ones too). */
const DENY_KEY = (sid: string) => `auth:deny:${sid}`;
/** The denylist value of a session a later login ended (one session per participant of a locked-down scope). */
const REPLACED = 'replaced';
/** Replaced sessions a replica remembers having refused (for the text); the set starts afresh when full. */
const REPLACED_MAX = 20_000;
/** Cached users expire on their own so a missed invalidation never lasts long. */
const USER_CACHE_SEC = 300;
/**
 * Up to this much more, at random: a contest's opening surge caches every contestant within seconds, and without
 * it their entries all expired together 300 s later, in the middle of whatever everyone did then.
 */
const USER_CACHE_JITTER_SEC = 60;
/** Users read by one query at most (a batch is every lookup of one event-loop turn). */
const LOAD_BATCH_MAX = 1000;
/**
 * How long a replica reuses a session it resolved (token id → user) without asking Redis. Changes made
 * through any replica (invalidate, logout) reach the others at once through a Redis channel; this bounds
 * how long a missed message can last. 10 s, not 1: an exam's candidates save about once a second each, and
 * with 1 s nearly every save waited for its own Redis read (a third of a save's time at 1,600 saves a second).
 */
export const SESSION_LOCAL_MS = 10_000;
/** Sessions a replica remembers; the map starts afresh when full. */
const SESSION_LOCAL_MAX = 20_000;

/** Channel messages: `u:<uid>` (user changed) or `t:<sid>` (session ended). */
type Change = `u:${string}` | `t:${string}`;

/**
 * Who a token belongs to and whether it still counts: the cached user (role, status, token version)
 * and the denylist entry of the token, one Redis round trip, reused by the replica for SESSION_LOCAL_MS.
 */
@Injectable()
export class SessionService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionService.name);
  private readonly local = new Map<string, { user: AuthUser; sid: string; until: number }>();
  /** Sessions this replica found ended by a later login: their refusal says so (LOCKDOWN_ERR.sessionReplaced). */
  private readonly replacedSids = new Set<string>();
  /** Lookups under way (single flight), by generation, token id, user and token version. */
  private readonly resolving = new Map<string, Promise<AuthUser | null>>();
  /** Bumped by every change: a resolve that started before it must not fill the local map. */
  private generation = 0;
  private subscriber?: Redis;
  /**
   * The session reads (one MGET per request whose session this replica does not hold): a connection of their own
   * with automatic pipelining, so the reads of one event-loop turn leave in one socket write. Under load many
   * requests resolve in the same turn (an exam's candidates each save every second or so, past SESSION_LOCAL_MS),
   * and one write per request was the largest single cost of a saved answer (socket writes are dear here).
   */
  private readonly reader: Redis;
  private readonly channel: string;
  private readonly tokenLifeSec: number;
  /** Users to read from the database in the next batch, with the lookups waiting for each. */
  private toLoad = new Map<string, { resolve: (user: AuthUser | null) => void; reject: (e: unknown) => void }[]>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redis.keyPrefix}auth-session`;
    this.tokenLifeSec = config.jwt.expiresInSec;
    this.reader = redis.duplicate({ enableAutoPipelining: true });
    this.reader.on('error', (e: Error) => this.logger.warn(`Redis: ${e.message}`));
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, change: string) => this.forget(change as Change));
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
    await this.reader.quit().catch(() => this.reader.disconnect());
  }

  /** The user of a token this replica resolved within SESSION_LOCAL_MS, without waiting for anything. */
  resolveLocal(payload: TokenPayload): AuthUser | undefined {
    const hit = this.local.get(payload.jti);
    if (hit && hit.until > Date.now() && hit.user.uid === payload.sub && hit.user.tokenVersion === payload.ver) return hit.user;
    return undefined;
  }

  /** The user of a verified token, or null when it is revoked or the user is gone. */
  async resolve(payload: TokenPayload): Promise<AuthUser | null> {
    const hit = this.resolveLocal(payload);
    if (hit) return hit;
    // A page sends its first calls together (a contest page: info and problem list): one lookup serves them.
    const key = `${this.generation}:${payload.jti}:${payload.sub}:${payload.ver}`;
    let resolving = this.resolving.get(key);
    if (!resolving) {
      resolving = this.lookup(payload).finally(() => this.resolving.delete(key));
      this.resolving.set(key, resolving);
    }
    return resolving;
  }

  private async lookup(payload: TokenPayload): Promise<AuthUser | null> {
    const generation = this.generation;
    const [cached, denied] = await this.reader.mget(USER_KEY(payload.sub), DENY_KEY(payload.sid));
    if (denied) {
      if (denied === REPLACED) {
        if (this.replacedSids.size >= REPLACED_MAX) this.replacedSids.clear();
        this.replacedSids.add(payload.sid);
      }
      return null;
    }
    const user = cached ? (JSON.parse(cached) as AuthUser) : await this.load(payload.sub);
    if (!user || user.tokenVersion !== payload.ver) return null;
    if (generation === this.generation) {
      if (this.local.size >= SESSION_LOCAL_MAX) this.local.clear();
      // Shared by the requests of the next second: frozen so that none can change it for the others.
      this.local.set(payload.jti, { user: Object.freeze(user), sid: payload.sid, until: Date.now() + SESSION_LOCAL_MS });
    }
    return user;
  }

  /**
   * Reads the user and role from the database and caches them. The reads of one event-loop turn go together:
   * when 3,000 contestants load the final rank at once and their cached users have expired, that is three queries
   * and one Redis write, not 3,000 of each queued behind the pool's ten connections (the final burst's p99 went from
   * 1,073 to 483 ms in bench:rank-burst, its cached users expired).
   */
  load(uid: string): Promise<AuthUser | null> {
    return new Promise((resolve, reject) => {
      const waiting = this.toLoad.get(uid);
      if (waiting) return void waiting.push({ resolve, reject });
      if (this.toLoad.size === 0) setImmediate(() => void this.loadBatch());
      this.toLoad.set(uid, [{ resolve, reject }]);
    });
  }

  private async loadBatch(): Promise<void> {
    const batch = this.toLoad;
    this.toLoad = new Map();
    const uids = [...batch.keys()];
    for (let i = 0; i < uids.length; i += LOAD_BATCH_MAX) {
      const part = uids.slice(i, i + LOAD_BATCH_MAX);
      try {
        const found = await this.readUsers(part);
        for (const uid of part) for (const w of batch.get(uid)!) w.resolve(found.get(uid) ?? null);
      } catch (e) {
        for (const uid of part) for (const w of batch.get(uid)!) w.reject(e);
      }
    }
  }

  /** The users of `uids` that exist, read in one query (user and role) and cached in one Redis round trip. */
  private async readUsers(uids: string[]): Promise<Map<string, AuthUser>> {
    const rows = (await this.users.query(
      `SELECT u.uid, u.username, u.status, u.token_version AS "tokenVersion", r.role_id AS "roleId"
         FROM user_info u LEFT JOIN user_role r ON r.uid = u.uid
        WHERE u.uid = ANY($1)`,
      [uids],
    )) as { uid: string; username: string; status: number; tokenVersion: number; roleId: number | null }[];
    const found = new Map<string, AuthUser>();
    // a user with several role rows: the first, as a single-user read took it
    for (const row of rows) if (!found.has(row.uid)) found.set(row.uid, toAuthUser({ ...row, roleId: row.roleId ?? Role.User }));
    if (found.size) {
      const writes = this.redis.pipeline();
      for (const [uid, user] of found)
        writes.set(USER_KEY(uid), JSON.stringify(user), 'EX', USER_CACHE_SEC + randomInt(USER_CACHE_JITTER_SEC));
      await writes.exec();
    }
    return found;
  }

  /** Call after changing a user's role, status, name or token version. */
  async invalidate(uid: string): Promise<void> {
    this.forget(`u:${uid}`);
    await this.redis.del(USER_KEY(uid));
    await this.announce(`u:${uid}`);
  }

  /**
   * Logout: the token's session ends, the tokens refreshed from it too, until the last of them would have
   * expired anyway (one signed now lives expiresInSec).
   */
  async revokeToken(token: TokenInfo): Promise<void> {
    this.forget(`t:${token.sid}`);
    await this.redis.set(DENY_KEY(token.sid), '1', 'EX', Math.max(1, this.tokenLifeSec));
    await this.announce(`t:${token.sid}`);
  }

  /**
   * A later login of the same participant ended this session (core/auth/lockdown.ts): refused like a logout, and
   * the refusal tells the client why.
   */
  async replace(sid: string): Promise<void> {
    this.forget(`t:${sid}`);
    await this.redis.set(DENY_KEY(sid), REPLACED, 'EX', Math.max(1, this.tokenLifeSec));
    await this.announce(`t:${sid}`);
  }

  /** Whether a token of this session was refused because a later login replaced it (after `resolve` gave null). */
  wasReplaced(sid: string): boolean {
    return this.replacedSids.has(sid);
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
      const sid = change.slice(2);
      for (const [jti, entry] of this.local) if (entry.sid === sid) this.local.delete(jti);
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
