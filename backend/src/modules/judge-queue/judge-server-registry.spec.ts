/**
 * The languages users may submit in, on the real Redis: when Redis restarts empty it loses the workers' keys and the
 * stored list together, and until the workers announce themselves again the replica keeps the list it last saw
 * (an empty list would refuse every submission as "language not allowed"; crash-safety.e2e found it under load).
 */
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { JudgeServerInfo, LanguageInfo, judgeLanguagesKey, judgeServerKey } from '@oj/contracts';
import { AppConfig } from '../../core/config/app-config';
import { JudgeServerRegistry } from './judge-server-registry.service';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const language = (name: string): LanguageInfo => ({
  id: name.toLowerCase(),
  name,
  contentType: 'text/plain',
  runCommand: name,
  sourceFile: 'main',
  isSpj: false,
});

describe('JudgeServerRegistry languages', () => {
  const prefix = `test_registry_${process.pid}_${randomBytes(3).toString('hex')}`;
  const redis = new Redis(REDIS_URL);
  const registries: JudgeServerRegistry[] = [];
  const registry = () => {
    const r = new JudgeServerRegistry(redis, { bull: { prefix } } as AppConfig);
    registries.push(r);
    return r;
  };
  /** What Redis restarted empty leaves of this installation: nothing. */
  const wipe = async () => {
    const keys = [...(await redis.keys(judgeServerKey(prefix, '*'))), judgeLanguagesKey(prefix)];
    await redis.del(...keys);
  };

  afterAll(async () => {
    await wipe();
    for (const r of registries) await r.onApplicationShutdown();
    redis.disconnect();
  });
  afterEach(() => jest.restoreAllMocks());

  it('keeps the last list it saw while Redis has lost every worker and the stored list', async () => {
    const worker = { name: 'w1', languages: [language('C'), language('Python3')] } as JudgeServerInfo;
    await redis.set(judgeServerKey(prefix, 'w1'), JSON.stringify(worker), 'EX', 60);
    const seen = registry();
    expect(await seen.languageNames()).toEqual(['C', 'Python3']);

    await wipe();
    // past the replica's 5 s memory of the list
    const later = Date.now() + 6_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect(await seen.languageNames()).toEqual(['C', 'Python3']);
    // a replica that never saw a worker has nothing to offer
    expect(await registry().languageNames()).toEqual([]);

    // the worker back: its list, now stored again
    await redis.set(judgeServerKey(prefix, 'w1'), JSON.stringify({ ...worker, languages: [language('C')] }), 'EX', 60);
    jest.spyOn(Date, 'now').mockReturnValue(later + 6_000);
    expect(await seen.languageNames()).toEqual(['C']);
    expect(JSON.parse((await redis.get(judgeLanguagesKey(prefix)))!)).toEqual([language('C')]);
  });
});
