import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ERR, HttpStatus } from '@oj/contracts';
import type { Response } from 'express';
import { ApiException } from './api.exception';

/** Catalogue text for statuses that carry no text of their own (spec §8). */
function defaultMsg(status: number): string {
  if (status === HttpStatus.NotFound) return ERR.notFound;
  if (status === HttpStatus.Unauthorized) return ERR.loginFirst;
  if (status === HttpStatus.Forbidden) return ERR.noPermission;
  if (status === HttpStatus.BadRequest) return ERR.badRequest;
  return ERR.serverError;
}

/** Turns every error into the envelope with the HTTP status in both the response and the body. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    let status: number = HttpStatus.ServerError;
    let msg: string = ERR.serverError;
    let data: unknown = null;
    if (exception instanceof ApiException) {
      ({ status, message: msg, data } = exception);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      // Nest's own exceptions (unknown route, body too large...) carry English developer texts.
      msg = status === 413 ? ERR.exceedMaxSize : defaultMsg(status);
    } else if (isClientError(exception)) {
      // body-parser errors (malformed JSON, too large) arrive as plain errors with a 4xx status.
      status = exception.status;
      msg = status === 413 ? ERR.exceedMaxSize : defaultMsg(status);
    } else {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
    if (res.headersSent) return;
    res.status(status).json({ status, msg, data });
  }
}

function isClientError(e: unknown): e is { status: number } {
  const status = (e as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
