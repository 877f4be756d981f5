import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERR, HEADERS } from '@oj/contracts';
import type { Response } from 'express';
import { ForbiddenError, UnauthorizedError } from '../http/api.exception';
import { UserStatus } from './entities/user.entity';
import { AuthRequest } from './auth-user';
import { IS_OPTIONAL_AUTH, IS_PUBLIC, PERMISSION_KEY, REQUIRE_SWITCH, ROLES } from './decorators';
import { SessionService } from './session.service';
import { TokenService } from './token.service';

type Mode = 'skip' | 'optional' | 'required';
type Handler = ReturnType<ExecutionContext['getHandler']>;

/**
 * Global authentication: every route needs a valid token unless it is @Public() or @OptionalAuth().
 * Missing token → 401 'Please Login First!'; bad, expired or revoked token → 401 'Error！Please Login Again!'.
 * Past half of its life, the answer carries `Refresh-Token: true` and a new `Authorization`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {}

  /** Per controller and handler: decorators do not change once the app runs, and four metadata reads per request added up. */
  private readonly modes = new WeakMap<Handler, WeakMap<Handler, Mode>>();

  mode(context: ExecutionContext): Mode {
    const cls = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.modes.get(cls);
    if (!byHandler) this.modes.set(cls, (byHandler = new WeakMap()));
    let mode = byHandler.get(handler);
    if (mode === undefined) byHandler.set(handler, (mode = this.readMode([handler, cls])));
    return mode;
  }

  private readMode(targets: Handler[]): Mode {
    if (this.reflector.getAllAndOverride<unknown[]>(ROLES, targets)?.length) return 'required';
    if (this.reflector.getAllAndOverride<string>(PERMISSION_KEY, targets)) return 'required';
    if (this.reflector.getAllAndOverride<boolean>(IS_OPTIONAL_AUTH, targets)) return 'optional';
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      // Switch-guarded public routes still read the token: root passes closed switches.
      return this.reflector.getAllAndOverride<unknown[]>(REQUIRE_SWITCH, targets)?.length ? 'optional' : 'skip';
    }
    return 'required';
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const mode = this.mode(context);
    const req = context.switchToHttp().getRequest<AuthRequest>();
    const urlType = req.headers[HEADERS.urlType.toLowerCase()];
    req.urlType = typeof urlType === 'string' ? urlType : undefined;
    if (mode === 'skip') return true;

    const raw = TokenService.extract(req.headers.authorization);
    if (!raw) {
      if (mode === 'optional') return true;
      throw new UnauthorizedError(ERR.loginFirst);
    }
    const payload = this.tokens.verify(raw);
    // Most requests find their session in the replica's memory: no await (and no microtask turn) for them.
    const user = payload ? (this.sessions.resolveLocal(payload) ?? (await this.sessions.resolve(payload))) : null;
    if (!payload || !user) {
      if (mode === 'optional') return true;
      throw new UnauthorizedError(ERR.loginAgain);
    }
    if (user.status === UserStatus.Disabled) {
      if (mode === 'optional') return true;
      throw new ForbiddenError(ERR.accountDisabled);
    }
    req.user = user;
    req.token = { jti: payload.jti, sid: payload.sid, iat: payload.iat, exp: payload.exp };
    if (this.tokens.shouldRefresh(req.token)) {
      const res = context.switchToHttp().getResponse<Response>();
      res.setHeader(HEADERS.authorization, this.tokens.sign(user.uid, user.tokenVersion, payload.sid));
      res.setHeader(HEADERS.refreshToken, 'true');
    }
    return true;
  }
}
