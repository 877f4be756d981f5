import { Inject, Injectable } from '@nestjs/common';
import { JUDGING_ERR } from '@oj/contracts';
import Redis from 'ioredis';
import { AuthUser } from '../../core/auth/auth-user';
import { ForbiddenError } from '../../core/http/api.exception';
import { REDIS } from '../../core/redis/redis.module';
import { SiteConfigService } from '../../core/site-config/site-config.service';

/** The clock of the daily quota (tests move it to another day). */
export const TESTCASE_DOWNLOAD_CLOCK = Symbol('TESTCASE_DOWNLOAD_CLOCK');
export type Clock = () => Date;

/** Today in the server's timezone, `YYYYMMDD`, and the moment that day ends. */
export function localDay(now: Date): { day: string; endsAt: Date } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`,
    endsAt: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1),
  };
}

/**
 * Daily test data download quota (product §9) of GET /api/file/download-testcase: a Redis counter per user and
 * server-local day that expires when the day ends, shared by every replica. Root is not limited; the limit
 * is `maxDailyTestcaseDownloads` of the switch config, read on every call so a change applies at once.
 */
@Injectable()
export class TestcaseDownloadLimitService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly siteConfig: SiteConfigService,
    @Inject(TESTCASE_DOWNLOAD_CLOCK) private readonly clock: Clock,
  ) {}

  key(uid: string, now: Date = this.clock()): string {
    return `testcase-download:${uid}:${localDay(now).day}`;
  }

  /** Downloads the user made today. */
  async usedToday(uid: string): Promise<number> {
    return Number((await this.redis.get(this.key(uid))) ?? 0);
  }

  /**
   * Takes one download from today's quota, or throws 403 with the limit text. Returns the refund to call
   * when the download then fails, so that only delivered files count.
   */
  async take(user: AuthUser): Promise<() => Promise<void>> {
    if (user.isRoot) return () => Promise.resolve();
    const max = (await this.siteConfig.get('switch')).maxDailyTestcaseDownloads;
    const now = this.clock();
    const key = this.key(user.uid, now);
    // Count first, then check: concurrent downloads can never pass the limit together.
    const results = await this.redis
      .multi()
      .incr(key)
      .expireat(key, Math.ceil(localDay(now).endsAt.getTime() / 1000))
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const refund = async () => {
      await this.redis.decr(key);
    };
    if (count > max) {
      await refund();
      throw new ForbiddenError(JUDGING_ERR.testcaseDownloadLimit(max));
    }
    return refund;
  }
}
