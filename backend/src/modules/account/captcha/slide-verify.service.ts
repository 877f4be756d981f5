import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_TIMINGS, SLIDE_VERIFY, SlideChallenge } from '@oj/contracts';
import { randomBytes, randomInt } from 'crypto';
import Redis from 'ioredis';
import { REDIS } from '../../../core/redis/redis.module';
import { slidePictures } from './slide-picture';

const CHALLENGE_KEY = (key: string) => `slide:challenge:${key}`;
const TOKEN_KEY = (token: string) => `slide:token:${token}`;
/** A piece dropped sooner than this after the puzzle was issued was not dragged by a person. */
const MIN_SOLVE_MS = 300;

/**
 * Slide-to-verify (product §4, §5: accuracy 3, block 42, picture 325×100), checked on the server:
 * the gap is drawn into a PNG (slide-picture.ts) and its position kept only in Redis, the client answers where the piece was dropped, and a right
 * answer earns a single-use proof bound to one username, which the next login must carry.
 */
@Injectable()
export class SlideVerifyService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async createChallenge(): Promise<SlideChallenge> {
    const { widthPx: w, heightPx: h, blockPx: b } = SLIDE_VERIFY;
    const x = randomInt(b + 10, w - b - 5);
    const y = randomInt(5, h - b - 5);
    const slideKey = randomBytes(16).toString('hex');
    await this.redis.set(CHALLENGE_KEY(slideKey), JSON.stringify({ x, at: Date.now() }), 'EX', ACCOUNT_TIMINGS.slideChallengeTtlSec);
    return { slideKey, ...slidePictures(x, y), y };
  }

  /** A proof token when the piece lands within the accuracy of the gap; each challenge is answered once. */
  async check(slideKey: string, x: number, username: string): Promise<string | null> {
    const raw = await this.redis.getdel(CHALLENGE_KEY(slideKey));
    if (!raw) return null;
    const challenge = JSON.parse(raw) as { x: number; at: number };
    if (Math.abs(challenge.x - x) > SLIDE_VERIFY.accuracy || Date.now() - challenge.at < MIN_SOLVE_MS) return null;
    const token = randomBytes(24).toString('base64url');
    await this.redis.set(TOKEN_KEY(token), username, 'EX', ACCOUNT_TIMINGS.slideTokenTtlSec);
    return token;
  }

  /** Spends the proof; true when it was issued for this username. */
  async consumeToken(token: string | undefined, username: string): Promise<boolean> {
    if (!token) return false;
    return (await this.redis.getdel(TOKEN_KEY(token))) === username;
  }
}
