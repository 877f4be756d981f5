import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { OtherContest } from '@oj/contracts';
import Redis from 'ioredis';
import { REDIS } from '../../../core/redis/redis.module';
import { OTHER_CONTEST_FETCHERS, OtherContestFetcher } from './other-contest.fetcher';

const CACHE_KEY = 'other-contest:list';
/** Refreshed hourly; a list older than a day is dropped rather than shown stale. */
export const OTHER_CONTEST_REFRESH_MS = 60 * 60_000;
const CACHE_TTL_SEC = 24 * 3600;
/** At most this many contests on the home page. */
const LIST_MAX = 10;

/** get-recent-other-contest: other judges' upcoming contests, fetched by a scheduled job into Redis. */
@Injectable()
export class OtherContestService implements OnApplicationBootstrap {
  private readonly logger = new Logger(OtherContestService.name);

  constructor(
    @Inject(OTHER_CONTEST_FETCHERS) private readonly fetchers: OtherContestFetcher[],
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: without network the start must not wait for a timeout.
    void this.refresh();
  }

  @Interval(OTHER_CONTEST_REFRESH_MS)
  async refresh(): Promise<OtherContest[] | null> {
    const results = await Promise.allSettled(this.fetchers.map((f) => f.fetchUpcoming()));
    const lists = results.flatMap((r, i) => {
      if (r.status === 'fulfilled') return [r.value];
      this.logger.warn(`${this.fetchers[i].oj}: ${(r.reason as Error)?.message ?? r.reason}`);
      return [];
    });
    // Every judge failed (no network): keep what the cache has.
    if (!lists.length && this.fetchers.length) return null;
    const list = lists
      .flat()
      .sort((a, b) => a.beginTime.localeCompare(b.beginTime))
      .slice(0, LIST_MAX);
    await this.redis.set(CACHE_KEY, JSON.stringify(list), 'EX', CACHE_TTL_SEC);
    return list;
  }

  async list(): Promise<OtherContest[]> {
    const raw = await this.redis.get(CACHE_KEY);
    return raw ? (JSON.parse(raw) as OtherContest[]) : [];
  }
}
