import { ERR, HttpStatus } from '@oj/contracts';

/**
 * The project's error type: an HTTP status of product §8 and a catalogue text from contracts.
 * The global filter turns it into the envelope `{ status, msg, data: null }`.
 */
export class ApiException extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = new.target.name;
  }
}

export class BadRequestError extends ApiException {
  constructor(msg: string = ERR.badRequest) {
    super(HttpStatus.BadRequest, msg);
  }
}

export class UnauthorizedError extends ApiException {
  constructor(msg: string = ERR.loginFirst) {
    super(HttpStatus.Unauthorized, msg);
  }
}

export class ForbiddenError extends ApiException {
  constructor(msg: string = ERR.noPermission) {
    super(HttpStatus.Forbidden, msg);
  }
}

export class NotFoundError extends ApiException {
  constructor(msg: string = ERR.notFound) {
    super(HttpStatus.NotFound, msg);
  }
}

/** Rate limits: 429 with the 'Speed too fast' text of §8. */
export class TooManyRequestsError extends ApiException {
  constructor(msg: string = ERR.speedTooFast) {
    super(429, msg);
  }
}

export class ServerError extends ApiException {
  constructor(msg: string = ERR.serverError) {
    super(HttpStatus.ServerError, msg);
  }
}
