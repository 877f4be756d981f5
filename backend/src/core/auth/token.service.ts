import { Inject, Injectable, Optional } from '@nestjs/common';
import { KeyObject, createSecretKey, randomBytes } from 'crypto';
import * as jwt from 'jsonwebtoken';
import { CLOCK, Clock, systemClock } from '../clock/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { TokenInfo } from './auth-user';

export interface TokenPayload extends TokenInfo {
  /** uid */
  sub: string;
  /** The user's token version when signed; a higher version in the database revokes it. */
  ver: number;
}

/** Verified tokens a replica remembers (about 300 bytes each); the map starts afresh when full. */
const VERIFIED_MAX = 20_000;

/** Signs and checks session JWTs (HS256, secret from config). */
@Injectable()
export class TokenService {
  /**
   * Tokens whose signature and claims were checked, with their payload: a client sends the same token on
   * every request, and the check (HMAC, two base64 decodes, JSON, claim checks) was about a twentieth of a
   * small request's CPU. The expiry is still compared on every call; a signature never stops being right.
   */
  private readonly verified = new Map<string, Readonly<TokenPayload>>();

  /**
   * A KeyObject, not the secret string: given a string, jsonwebtoken first tries to parse it as a
   * public key on every call (about 650 µs, against 10 µs with a KeyObject).
   */
  private readonly key: KeyObject;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // The time tokens are signed and checked at: a test moves it to a token's half life instead of waiting for it.
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwt.secret));
  }

  /** A token of a new session (login), or of the session `sid` (a refresh). */
  sign(uid: string, tokenVersion: number, sid?: string): string {
    const jwtid = randomBytes(12).toString('base64url');
    // iat given: jsonwebtoken counts `exp` from it (not from its own Date.now()).
    return jwt.sign({ ver: tokenVersion, sid: sid ?? jwtid, iat: this.nowSec() }, this.key, {
      algorithm: 'HS256',
      subject: uid,
      jwtid,
      expiresIn: this.config.jwt.expiresInSec,
    });
  }

  /** The payload, or null when the token is malformed, forged or expired. */
  verify(token: string): Readonly<TokenPayload> | null {
    const known = this.verified.get(token);
    if (known) {
      // As jsonwebtoken decides: expired from the second `exp` on.
      if (this.nowSec() < known.exp) return known;
      this.verified.delete(token);
      return null;
    }
    let payload: Readonly<TokenPayload>;
    try {
      const p = jwt.verify(token, this.key, { algorithms: ['HS256'], clockTimestamp: this.nowSec() }) as jwt.JwtPayload;
      if (typeof p.sub !== 'string' || typeof p.jti !== 'string' || typeof p.ver !== 'number') return null;
      if (typeof p.iat !== 'number' || typeof p.exp !== 'number') return null;
      // Tokens signed before sessions had ids are each a session of their own.
      const sid = p.sid === undefined ? p.jti : p.sid;
      if (typeof sid !== 'string') return null;
      payload = Object.freeze({ sub: p.sub, jti: p.jti, sid, ver: p.ver, iat: p.iat, exp: p.exp });
    } catch {
      return null;
    }
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
    this.verified.set(token, payload);
    return payload;
  }

  /** True once half of the token's life has passed (docs/architecture.md, "API conventions": answer with a fresh token). */
  shouldRefresh(token: Pick<TokenInfo, 'iat' | 'exp'>, nowSec = this.nowSec()): boolean {
    return nowSec - token.iat >= (token.exp - token.iat) / 2;
  }

  private nowSec(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** `Authorization: <jwt>` or `Authorization: Bearer <jwt>`. */
  static extract(header: string | undefined): string | null {
    if (!header) return null;
    const value = header.trim().replace(/^Bearer(\s+|$)/i, '');
    return value || null;
  }
}
