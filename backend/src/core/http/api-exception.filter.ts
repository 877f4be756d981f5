import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ERR, HttpStatus, JUDGING_ERR } from '@oj/contracts';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { ApiException } from './api.exception';
import { errorEnvelope } from './envelope';

/**
 * The §8 text of a unique violation, by the columns of the violated key (PostgreSQL's detail reads
 * `Key (username)=(x) already exists.`). Two concurrent creates of one name both pass the service's own
 * "exists?" check; the database refuses the second, and it is answered as the check would have.
 */
const UNIQUE_TEXT: Record<string, string> = {
  username: ERR.usernameExists,
  email: ERR.emailExists,
  problem_id: JUDGING_ERR.problemIdExists,
  'name, oj': JUDGING_ERR.tagExists,
};

/** A database refusal caused by the request's values, as a 400 envelope; undefined for anything else. */
export function databaseInputError(e: unknown): ApiException | undefined {
  if (!(e instanceof QueryFailedError)) return undefined;
  const driver = e.driverError as { code?: string; detail?: string } | undefined;
  const code = driver?.code ?? '';
  if (code === '23505') {
    const columns = /^Key \(([^)]*)\)=/.exec(driver?.detail ?? '')?.[1] ?? '';
    return new ApiException(HttpStatus.BadRequest, UNIQUE_TEXT[columns] ?? ERR.badRequest);
  }
  // Class 22 (data exception: out of range, too long, bad text, NUL, bad date) and 23 (other constraints).
  if (code.startsWith('22') || code.startsWith('23')) return new ApiException(HttpStatus.BadRequest, ERR.badRequest);
  return undefined;
}

/** Catalogue text for statuses that carry no text of their own (product §8). */
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
    const fromDatabase = databaseInputError(exception);
    if (exception instanceof ApiException || fromDatabase) {
      ({ status, message: msg, data } = fromDatabase ?? (exception as ApiException));
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      // Nest's own exceptions (unknown route, body too large...) carry English developer texts.
      msg = status === 413 ? ERR.exceedMaxSize : defaultMsg(status);
    } else if (isClientError(exception)) {
      // body-parser errors (malformed JSON, too large) arrive as plain errors with a 4xx status.
      status = exception.status;
      msg = status === 413 ? ERR.exceedMaxSize : defaultMsg(status);
    } else if (exception instanceof RangeError) {
      // Input the guards let through but a library could not take (e.g. a string too long to convert).
      this.logger.warn(`refused input: ${exception.message}`);
      status = HttpStatus.BadRequest;
      msg = ERR.badRequest;
    } else {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
    if (res.headersSent) return;
    res.status(status).json(errorEnvelope(status, msg, data));
  }
}

function isClientError(e: unknown): e is { status: number } {
  const status = (e as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
