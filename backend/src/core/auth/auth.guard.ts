import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { HEADERS, LOCKDOWN_ERR } from '@oj/contracts';
import type { Response } from 'express';
import { UnauthorizedError } from '../http/api.exception';
import { AuthMode, accessRuleOf, authRefusal, signedIn } from './access-policy';
import { AuthRequest } from './auth-user';
import { SessionService } from './session.service';
import { TokenService } from './token.service';

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

  mode(context: ExecutionContext): AuthMode {
    return accessRuleOf(this.reflector, context.getHandler(), context.getClass()).mode;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const mode = this.mode(context);
    const req = context.switchToHttp().getRequest<AuthRequest>();
    const urlType = req.headers[HEADERS.urlType.toLowerCase()];
    req.urlType = typeof urlType === 'string' ? urlType : undefined;
    if (mode === 'skip') return true;

    const raw = TokenService.extract(req.headers.authorization);
    const payload = raw ? this.tokens.verify(raw) : null;
    // Most requests find their session in the replica's memory: no await (and no microtask turn) for them.
    const found = payload ? (this.sessions.resolveLocal(payload) ?? (await this.sessions.resolve(payload))) : null;
    // A session a later login ended (one session per participant of a locked-down contest or exam) says so.
    if (mode === 'required' && payload && !found && this.sessions.wasReplaced(payload.sid))
      throw new UnauthorizedError(LOCKDOWN_ERR.sessionReplaced);
    const refusal = authRefusal(mode, !raw ? 'none' : payload && found ? found : 'invalid');
    if (refusal) throw refusal;
    const user = signedIn(found);
    if (!payload || !user) return true;
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
