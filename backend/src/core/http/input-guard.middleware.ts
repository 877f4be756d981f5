import { ERR, HttpStatus } from '@oj/contracts';
import type { NextFunction, Request, Response } from 'express';
import { errorEnvelope } from './envelope';

/** Deepest nesting of objects and arrays a request body or query may have (HOJ's deepest DTO nests 3 levels). */
export const MAX_INPUT_DEPTH = 32;
/** Keys that would reach an object's prototype when copied field by field. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** PostgreSQL text cannot hold NUL; nothing the platform stores needs it. */
const NUL = '\u0000';

/**
 * What is wrong with a parsed input, or undefined. Iterative on purpose: a 100,000-deep array must not overflow
 * the stack here (it did in the validation pipe, which is why this runs first).
 */
export function inputProblem(value: unknown): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return 'NUL character';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'nested too deep';
      for (const key of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(key) || key.includes(NUL)) return `forbidden key ${JSON.stringify(key)}`;
        stack.push([(v as Record<string, unknown>)[key], depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before any route sees them, inputs no route can handle: JSON or queries nested deeper than MAX_INPUT_DEPTH,
 * NUL characters (also %00 in the path), prototype keys. Answered 400 'Invalid request parameters.' in the envelope.
 * Runs after the body parsers, for every /api route; uploads (multipart) are parsed later by their routes.
 */
export function inputGuardMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.url.startsWith('/api/')) return next();
    const pathPart = req.url.split('?', 1)[0];
    const problem = /%00/i.test(pathPart) ? 'NUL in path' : (inputProblem(req.query) ?? inputProblem(req.body));
    if (!problem) return next();
    res.status(HttpStatus.BadRequest).json(errorEnvelope(HttpStatus.BadRequest, ERR.badRequest));
  };
}
