/**
 * ReplicaBus on the real Redis: two instances stand for two replicas of one installation, a third for another
 * installation sharing the server (another prefix), which must hear nothing.
 */
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { ReplicaBus } from './replica-bus.service';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('ReplicaBus', () => {
  const clients: Redis[] = [];
  const buses: ReplicaBus[] = [];

  function bus(prefix: string, heard: string[]): ReplicaBus {
    const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
    clients.push(redis);
    const b = new ReplicaBus(redis, { redis: { url: REDIS_URL, keyPrefix: prefix } } as AppConfig);
    b.on('things', (message) => heard.push(message));
    buses.push(b);
    return b;
  }

  afterAll(async () => {
    for (const b of buses) await b.onApplicationShutdown();
    for (const c of clients) c.disconnect();
  });

  it('reaches every replica of the installation and no other installation', async () => {
    const prefix = `test:bus:${process.pid}_${randomBytes(3).toString('hex')}:`;
    const heardA: string[] = [];
    const heardB: string[] = [];
    const heardOther: string[] = [];
    const a = bus(prefix, heardA);
    const b = bus(prefix, heardB);
    const other = bus(`${prefix}other:`, heardOther);
    for (const x of [a, b, other]) await x.onModuleInit();
    await a.publish('things', 'gid:7');
    await a.publish('unheard', 'x');
    const until = Date.now() + 5_000;
    while ((heardA.length < 1 || heardB.length < 1) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // A last message to the other installation's channel name proves its subscriber was listening.
    await other.publish('things', 'own');
    while (heardOther.length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(heardA).toEqual(['gid:7']);
    expect(heardB).toEqual(['gid:7']);
    expect(heardOther).toEqual(['own']);
  });
});
