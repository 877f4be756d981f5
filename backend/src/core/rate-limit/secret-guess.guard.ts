import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { AuthUser } from '../auth/auth-user';
import { RateLimitService } from './rate-limit.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Inject } from '@nestjs/common';

/**
 * Routes that check a secret the caller types (a contest's, an exam's or a training's password, a group's
 * invitation code) are throttled per user and per address as login is (issue 31: 40 wrong contest passwords in a
 * row were each answered 400). Every attempt counts, the right one too, and the count is taken before the secret
 * is compared: parallel guesses cannot slip through. One budget over all such routes, so that guessing across
 * contests or groups is no faster. 429 with the catalogue's 'Speed too fast' text.
 */
@Injectable()
export class SecretGuessGuard implements CanActivate {
  constructor(
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const limits = this.config.rateLimit;
    await this.rateLimit.consume(
      { key: `secret:ip:${req.ip}`, max: limits.secretPerIpPerMin, windowSec: 60 },
      // A visitor is refused by the route itself (login first); the address still counts.
      ...(req.user ? [{ key: `secret:user:${req.user.uid}`, max: limits.secretPerUserPerMin, windowSec: 60 }] : []),
    );
    return true;
  }
}

/** On a route that compares a secret given by the caller. */
export const ThrottleSecretGuesses = () => applyDecorators(UseGuards(SecretGuessGuard));
