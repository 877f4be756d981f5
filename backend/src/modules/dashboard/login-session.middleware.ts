import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import { HEADERS } from '@oj/contracts';
import type { NextFunction, Request, Response } from 'express';
import { TokenService } from '../../core/auth/token.service';
import { DashboardService } from './dashboard.service';

/**
 * Mounted on POST /api/login and /api/admin/login only: once a login has answered 200 with a token in the
 * Authorization header, records the session (uid from the token, ip, user agent) for the admin dashboard.
 * Watching the answer keeps the account module unaware of the dashboard; a failed login records nothing.
 */
@Injectable()
export class LoginSessionMiddleware implements NestMiddleware {
  private readonly logger = new Logger(LoginSessionMiddleware.name);

  constructor(
    private readonly tokens: TokenService,
    private readonly dashboard: DashboardService,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    res.on('finish', () => {
      if (res.statusCode !== 200) return;
      const header = res.getHeader(HEADERS.authorization);
      const payload = typeof header === 'string' ? this.tokens.verify(header) : null;
      if (!payload) return;
      const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      this.dashboard
        .recordLogin(payload.sub, ip, req.get('user-agent') ?? '')
        .catch((err: unknown) => this.logger.warn(`login session of ${payload.sub} not recorded: ${String(err)}`));
    });
    next();
  }
}
