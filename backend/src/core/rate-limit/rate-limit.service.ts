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

  async release(key: string): Promise<void> {
    await this.redis.del(`wait:${key}`);
  }
}
