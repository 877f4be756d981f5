import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { JudgeServerInfo, LanguageInfo, judgeLanguagesKey, judgeServerKey } from '@oj/contracts';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { REDIS } from '../../core/redis/redis.module';

/** Languages cached in memory this long; the worker heartbeat is 10 s. */
const CACHE_MS = 5_000;

/**
 * The judge workers of this installation's queue announce themselves in Redis (contracts JudgeServerInfo under judgeServerKey,
 * with a TTL). The languages users may submit in are the union of what the live workers run; the last known
 * list is kept so that submissions wait in the queue while every worker restarts.
 */
@Injectable()
export class JudgeServerRegistry implements OnApplicationShutdown {
  /** Worker keys are written without the backend's key prefix. */
  private readonly raw: Redis;
  private cache?: { at: number; languages: LanguageInfo[] };
  /**
   * The last non-empty list this replica saw. Redis restarted empty loses the stored one too, and until every worker
   * has announced itself again (its next heartbeat, up to JUDGE_SERVER_HEARTBEAT_SEC) an empty list would refuse every
   * submission as "language not allowed" instead of queueing it.
   */
  private lastKnown: LanguageInfo[] = [];

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.raw = redis.duplicate({ keyPrefix: '' });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.raw.quit().catch(() => this.raw.disconnect());
  }

  async servers(): Promise<JudgeServerInfo[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.raw.scan(cursor, 'MATCH', judgeServerKey(this.config.bull.prefix, '*'), 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await this.raw.mget(...keys);
    return values
      .filter((v): v is string => !!v)
      .map((v) => {
        try {
          return JSON.parse(v) as JudgeServerInfo;
        } catch {
          return null;
        }
      })
      .filter((v): v is JudgeServerInfo => !!v);
  }

  async languages(): Promise<LanguageInfo[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.languages;
    const byName = new Map<string, LanguageInfo>();
    for (const server of await this.servers()) for (const l of server.languages ?? []) if (!byName.has(l.name)) byName.set(l.name, l);
    let languages = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    if (languages.length > 0) {
      await this.raw.set(judgeLanguagesKey(this.config.bull.prefix), JSON.stringify(languages));
    } else {
      const known = await this.raw.get(judgeLanguagesKey(this.config.bull.prefix));
      languages = known ? (JSON.parse(known) as LanguageInfo[]) : this.lastKnown;
    }
    if (languages.length > 0) this.lastKnown = languages;
    this.cache = { at: Date.now(), languages };
    return languages;
  }

  async languageNames(): Promise<string[]> {
    return (await this.languages()).map((l) => l.name);
  }
}
