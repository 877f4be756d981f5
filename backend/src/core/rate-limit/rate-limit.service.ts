import { Inject, Injectable } from '@nestjs/common';
import { ERR } from '@oj/contracts';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { TooManyRequestsError } from '../http/api.exception';
import { REDIS } from '../redis/redis.module';

export interface RateRule {
  /** What is limited, e.g. "login:ip:1.2.3.4". */
  key: string;
  max: number;
  windowSec: number;
}

/**
 * Fixed-window counters in Redis, shared by every replica. `consume` throws 429 with
 * 'Speed too fast, ...' once a rule's count passes its max inside the window.
 */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async consume(...rules: RateRule[]): Promise<void> {
    if (!this.config.rateLimit.enabled || rules.length === 0) return;
    const multi = this.redis.multi();
    for (const r of rules) multi.set(`rate:${r.key}`, '0', 'EX', r.windowSec, 'NX').incr(`rate:${r.key}`);
    const results = (await multi.exec()) ?? [];
    rules.forEach((rule, i) => {
      const count = Number(results[i * 2 + 1]?.[1] ?? 0);
      if (count > rule.max) throw new TooManyRequestsError(ERR.speedTooFast);
    });
  }

  /**
   * "Wait N seconds" locks (resend a code): takes the lock, or throws 429 with the seconds left.
   */
  async lockOrThrow(key: string, seconds: number, text: (left: number) => string): Promise<void> {
    const taken = await this.redis.set(`wait:${key}`, '1', 'EX', seconds, 'NX');
    if (taken) return;
    const left = Math.max(1, await this.redis.ttl(`wait:${key}`));
    throw new TooManyRequestsError(text(left));
  }

  /**
   * A daily limit taken atomically (issue 31: 10 concurrent requests under a limit of 2 made 4 groups and 8 posts,
   * each having read the count before any had raised it): the count is raised first and the request refused when it
   * passed `max`. Answers the function that gives the place back when what was counted is not made after all.
   */
  async reserveDaily(key: string, max: number, refuse: () => Error): Promise<() => Promise<void>> {
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, 24 * 3600)
      .exec()) as [[null, number]];
    const release = async () => {
      await this.redis.decr(key);
    };
    if (count > max) {
      await release();
      throw refuse();
    }
    return release;
  }

  async release(key: string): Promise<void> {
    await this.redis.del(`wait:${key}`);
  }
}
