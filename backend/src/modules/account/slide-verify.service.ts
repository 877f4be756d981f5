import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_TIMINGS, SLIDE_VERIFY, SlideChallenge } from '@oj/contracts';
import { randomBytes, randomInt } from 'crypto';
import Redis from 'ioredis';
import { REDIS } from '../../core/redis/redis.module';

const CHALLENGE_KEY = (key: string) => `slide:challenge:${key}`;
const TOKEN_KEY = (token: string) => `slide:token:${token}`;
/** A piece dropped sooner than this after the puzzle was issued was not dragged by a person. */
const MIN_SOLVE_MS = 300;

const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * Slide-to-verify (spec §4, §5: accuracy 3, block 42, picture 325×100), checked on the server:
 * the gap's position is kept in Redis, the client answers where the piece was dropped, and a right
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
    return { slideKey, img: svgUrl(this.picture(x, y)), block: svgUrl(this.piece()), y };
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

  /** Background of random tiles with a shaded gap at (gx, gy). */
  private picture(gx: number, gy: number): string {
    const { widthPx: w, heightPx: h, blockPx: b } = SLIDE_VERIFY;
    const tile = 13;
    const cells: string[] = [];
    for (let ty = 0; ty < h; ty += tile) {
      for (let tx = 0; tx < w; tx += tile) {
        const hue = randomInt(180, 260);
        cells.push(`<rect x="${tx}" y="${ty}" width="${tile}" height="${tile}" fill="hsl(${hue},45%,${randomInt(45, 70)}%)"/>`);
      }
    }
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${cells.join('')}` +
      `<rect x="${gx}" y="${gy}" width="${b}" height="${b}" rx="4" fill="rgba(0,0,0,0.45)" stroke="#fff" stroke-width="2"/></svg>`
    );
  }

  private piece(): string {
    const b = SLIDE_VERIFY.blockPx;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${b}" height="${b}" viewBox="0 0 ${b} ${b}">` +
      `<rect x="1" y="1" width="${b - 2}" height="${b - 2}" rx="4" fill="rgba(255,255,255,0.85)" stroke="#409eff" stroke-width="2"/></svg>`
    );
  }
}
