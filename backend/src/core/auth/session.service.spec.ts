/**
 * SessionService against the real Redis (unique key prefix): the per-replica session memory and its
 * invalidation, with two instances standing for two backend replicas. The database is a stub.
 */
import { Role } from '@oj/contracts';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { User } from './entities/user.entity';
import { AppConfig } from '../config/app-config';
import { SESSION_LOCAL_MS, SessionService } from './session.service';
import { TokenPayload } from './token.service';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('SessionService', () => {
  const prefix = `test:session:${process.pid}_${randomBytes(3).toString('hex')}:`;
  const config = { redis: { url: REDIS_URL, keyPrefix: prefix }, jwt: { expiresInSec: 100 } } as AppConfig;
  /** The user row as the stub database holds it. */
  const row = { uid: 'u1', username: 'alice', status: 0, tokenVersion: 0 };
  let roleId: Role = Role.User;
  /** The user joined with the role, as the one query of SessionService.load reads it. */
  const users = { query: async () => [{ ...row, roleId }], increment: async () => undefined } as unknown as Repository<User>;
  const clients: Redis[] = [];
  const replicas: SessionService[] = [];

  async function replica(): Promise<{ sessions: SessionService; redis: Redis }> {
    const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
    clients.push(redis);
    const sessions = new SessionService(redis, users, config);
    await sessions.onModuleInit();
    replicas.push(sessions);
    return { sessions, redis };
  }

  const payload = (jti: string, ver = 0): TokenPayload => ({
    sub: 'u1',
    jti,
    sid: jti,
    ver,
    iat: 0,
    exp: Math.floor(Date.now() / 1000) + 100,
  });

  /** Waits (well under SESSION_LOCAL_MS) until the check holds: the channel message, not expiry, must do it. */
  async function soon(check: () => Promise<boolean>): Promise<void> {
    const until = Date.now() + SESSION_LOCAL_MS / 2;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('not seen in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  afterAll(async () => {
    for (const s of replicas) await s.onApplicationShutdown();
    const keys = await clients[0].keys(`${prefix}*`);
    if (keys.length) await clients[0].del(...keys.map((k) => k.slice(prefix.length)));
    for (const c of clients) c.disconnect();
  });

  it('answers a known session from memory, and again from Redis once SESSION_LOCAL_MS has passed', async () => {
    const { sessions } = await replica();
    // The session reads go through the service's own auto-pipelined connection.
    const mget = jest.spyOn((sessions as unknown as { reader: Redis }).reader, 'mget');
    expect(await sessions.resolve(payload('a'))).toMatchObject({ uid: 'u1', roleId: Role.User });
    expect(await sessions.resolve(payload('a'))).toMatchObject({ uid: 'u1' });
    expect(mget).toHaveBeenCalledTimes(1);
    // Another version of the token is never answered from the remembered one.
    expect(await sessions.resolve(payload('a', 1))).toBeNull();
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + SESSION_LOCAL_MS + 1);
    try {
      await sessions.resolve(payload('a'));
    } finally {
      now.mockRestore();
    }
    expect(mget).toHaveBeenCalledTimes(3);
    // Shared by the requests that follow: nobody may change it.
    expect(Object.isFrozen(await sessions.resolve(payload('a')))).toBe(true);
  });

  it('answers the calls a page sends together with one lookup', async () => {
    const { sessions } = await replica();
    const mget = jest.spyOn((sessions as unknown as { reader: Redis }).reader, 'mget');
    const both = await Promise.all([sessions.resolve(payload('together')), sessions.resolve(payload('together'))]);
    expect(both.map((u) => u?.uid)).toEqual(['u1', 'u1']);
    expect(mget).toHaveBeenCalledTimes(1);
  });

  it('reads the users of one event-loop turn with one query per thousand, and caches each with a spread-out expiry', async () => {
    const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
    clients.push(redis);
    // A database of 2,500 users (u0 … u2499) that answers what it is asked, counting the queries.
    const queries: string[][] = [];
    const many = {
      query: async (_sql: string, [uids]: [string[]]) => {
        queries.push(uids);
        return uids
          .filter((u) => /^u\d+$/.test(u) && Number(u.slice(1)) < 2500)
          .map((uid) => ({ ...row, uid, username: uid, roleId: null }));
      },
    } as unknown as Repository<User>;
    const sessions = new SessionService(redis, many, config);
    replicas.push(sessions);
    const uids = [...Array.from({ length: 2500 }, (_, i) => `u${i}`), 'u7', 'nobody'];
    const users = await Promise.all(uids.map((uid) => sessions.load(uid)));
    // 2,501 different users: three queries, each uid asked once (the repeated u7 shares its read)
    expect(queries.map((q) => q.length)).toEqual([1000, 1000, 501]);
    expect(users.map((u) => u?.username ?? null)).toEqual([...uids.slice(0, 2501), null]);
    expect(users[2500]).toBe(users[7]);
    expect(users[0]).toMatchObject({ uid: 'u0', roleId: Role.User });
    // cached for 300 s and up to 60 s more at random, so that entries made together do not all expire together
    const ttls = await Promise.all(['u0', 'u1000', 'u2499'].map((u) => redis.ttl(`auth:user:${u}`)));
    for (const ttl of ttls) expect(ttl).toBeGreaterThanOrEqual(299);
    for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(360);
    expect(await redis.exists('auth:user:nobody')).toBe(0);
  });

  it('refuses a token logged out on any replica at once', async () => {
    const one = (await replica()).sessions;
    const two = (await replica()).sessions;
    const p = payload('b');
    expect(await one.resolve(p)).not.toBeNull();
    expect(await two.resolve(p)).not.toBeNull();
    await one.revokeToken(p);
    expect(await one.resolve(p)).toBeNull();
    await soon(async () => (await two.resolve(p)) === null);
  });

  it('sees a role change made through any replica at once', async () => {
    const one = (await replica()).sessions;
    const two = (await replica()).sessions;
    const p = payload('c');
    expect((await one.resolve(p))?.roleId).toBe(Role.User);
    expect((await two.resolve(p))?.roleId).toBe(Role.User);
    roleId = Role.Admin;
    try {
      await two.invalidate('u1');
      expect((await two.resolve(p))?.roleId).toBe(Role.Admin);
      await soon(async () => (await one.resolve(p))?.roleId === Role.Admin);
    } finally {
      roleId = Role.User;
      await two.invalidate('u1');
    }
  });
});
