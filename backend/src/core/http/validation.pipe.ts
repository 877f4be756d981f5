import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ERR } from '@oj/contracts';
import { BadRequestError } from './api.exception';

/** Constraints reported first when several fail on one field: "required" before "length". */
const PRECEDENCE = ['isDefined', 'isNotEmpty', 'isString'];

/** The text of the first failing rule, depth first; rules without a catalogue text answer ERR.badRequest. */
export function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = error.constraints ?? {};
    const keys = Object.keys(constraints);
    if (keys.length) {
      if (keys.includes('whitelistValidation')) return ERR.badRequest;
      const key = PRECEDENCE.find((k) => keys.includes(k)) ?? keys[0];
      return constraints[key];
    }
    if (error.children?.length) return firstValidationMessage(error.children);
  }
  return ERR.badRequest;
}

/** class-validator's default texts ("limit must be an integer number") name internals: they are not shown. */
const DEFAULT_TEXT = /^[\w.[\]]+ (must|should|has to|is not|each value)/;

export function publicValidationMessage(msg: string): string {
  return DEFAULT_TEXT.test(msg) ? ERR.badRequest : msg;
}

/** Class-validator DTOs: unknown fields rejected, values converted, errors answered 400 with the §8 text. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      return new BadRequestError(publicValidationMessage(firstValidationMessage(errors)));
    },
  });
}
