import { ArgumentsHost, Catch } from '@nestjs/common';
import { HttpStatus } from '@oj/contracts';
import type { Response } from 'express';
import { ApiException } from '../../../core/http/api.exception';
import { ApiExceptionFilter } from '../../../core/http/api-exception.filter';
import { REALM } from '../contest-api-access.service';

/**
 * The platform's error envelope (core's filter), and on every 401 of the Contest API the basic-auth challenge
 * (`WWW-Authenticate`), so that a client asks for credentials.
 */
@Catch()
export class ChallengeFilter extends ApiExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof ApiException && exception.status === HttpStatus.Unauthorized && !res.headersSent)
      res.setHeader('WWW-Authenticate', REALM);
    super.catch(exception, host);
  }
}
