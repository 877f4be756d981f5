import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, PROFILE_LIMITS, PROFILE_TEXT } from '@oj/contracts';
import { randomInt } from 'crypto';
import Redis from 'ioredis';
import { BadRequestError } from '../../core/http/api.exception';
import { REDIS } from '../../core/redis/redis.module';

const KEY = (purpose: string, uid: string, target: string) => `profile-code:${purpose}:${uid}:${target}`;

/**
 * Six-digit codes for changing an e-mail or mobile: bound to the user and the new address, a few
 * wrong tries then dropped, spent on success.
 */
@Injectable()
export class VerifyCodeStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async issue(purpose: 'email' | 'mobile', uid: string, target: string, ttlSec: number): Promise<string> {
    const code = Array.from({ length: LIMITS.registerCodeLength }, () => randomInt(10)).join('');
    await this.redis.set(KEY(purpose, uid, target), JSON.stringify({ code, tries: 0 }), 'EX', ttlSec);
    return code;
  }

  async drop(purpose: 'email' | 'mobile', uid: string, target: string): Promise<void> {
    await this.redis.del(KEY(purpose, uid, target));
  }

  /** Throws 400 for a wrong or expired code; a right one is spent. */
  async take(purpose: 'email' | 'mobile', uid: string, target: string, code: string): Promise<void> {
    const key = KEY(purpose, uid, target);
    const raw = await this.redis.get(key);
    if (!raw) throw new BadRequestError(PROFILE_TEXT.codeWrong);
    const stored = JSON.parse(raw) as { code: string; tries: number };
    if (stored.code !== code) {
      if (stored.tries + 1 >= PROFILE_LIMITS.codeMaxTries) await this.redis.del(key);
      else await this.redis.set(key, JSON.stringify({ ...stored, tries: stored.tries + 1 }), 'KEEPTTL');
      throw new BadRequestError(PROFILE_TEXT.codeWrong);
    }
    await this.redis.del(key);
  }
}
