import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_TIMINGS, CaptchaResponse } from '@oj/contracts';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import * as svgCaptcha from 'svg-captcha';
import { REDIS } from '../../../core/redis/redis.module';

const KEY = (captchaKey: string) => `captcha:${captchaKey}`;

/** Image captchas: the answer stays in Redis; each key can be checked once. */
@Injectable()
export class CaptchaService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async create(): Promise<CaptchaResponse> {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, width: 120, height: 40 });
    const captchaKey = randomBytes(16).toString('hex');
    await this.redis.set(KEY(captchaKey), captcha.text.toLowerCase(), 'EX', ACCOUNT_TIMINGS.captchaTtlSec);
    return { img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`, captchaKey };
  }

  /** True when the answer matches (case-insensitive). The key is spent either way. */
  async check(captchaKey: string, answer: string): Promise<boolean> {
    const expected = await this.redis.getdel(KEY(captchaKey));
    return expected !== null && expected === answer.trim().toLowerCase();
  }
}
