import { ERR, HttpStatus, withReason } from '@oj/contracts';
import type { NextFunction, Request, Response } from 'express';
import { errorEnvelope } from './envelope';

/** Deepest nesting of objects and arrays a request body or query may have (HOJ's deepest DTO nests 3 levels). */
export const MAX_INPUT_DEPTH = 32;
/** Keys that would reach an object's prototype when copied field by field. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** PostgreSQL text cannot hold NUL; nothing the platform stores needs it. */
const NUL = '\u0000';

/** A field's path as a reason names it (`code`, `problem.title`, `samples[0].input`), cut to a readable length. */
function fieldPath(parent: string, key: string, inArray: boolean): string {
  const path = inArray ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;
  return path.length > 100 ? `${path.slice(0, 97)}...` : path;
}

/**
 * What is wrong with a parsed input, or undefined; the reason names the field, so a source with a NUL byte is told
 * which byte and where ("a NUL byte (\0) in code"). Iterative on purpose: a 100,000-deep array must not overflow
 * the stack here (it did in the validation pipe, which is why this runs first).
 */
export function inputProblem(value: unknown): string | undefined {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length) {
    const [v, depth, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return `a NUL byte (\\0) in ${at || 'the input'}, which text cannot hold`;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'nested too deep';
      for (const key of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(key) || key.includes(NUL)) return `forbidden key ${JSON.stringify(key)}`;
        stack.push([(v as Record<string, unknown>)[key], depth + 1, fieldPath(at, key, Array.isArray(v))]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before any route sees them, inputs no route can handle: JSON or queries nested deeper than MAX_INPUT_DEPTH,
 * NUL characters (also %00 in the path), prototype keys. Answered 400 'Invalid request parameters.' with the reason
 * appended (which field holds the NUL byte) in the envelope. A source code holding a NUL byte is refused here, before
 * it is stored or compiled (PostgreSQL text cannot hold it; DOMjudge compiles it to a Compile Error instead).
 * Runs after the body parsers, for every /api route; uploads (multipart) are parsed later by their routes.
 */
export function inputGuardMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.url.startsWith('/api/')) return next();
    const pathPart = req.url.split('?', 1)[0];
    const problem = /%00/i.test(pathPart) ? 'a NUL byte (\\0) in the path' : (inputProblem(req.query) ?? inputProblem(req.body));
    if (!problem) return next();
    // The catalogue text with the reason appended (product §8), so the sender learns what to change.
    res.status(HttpStatus.BadRequest).json(errorEnvelope(HttpStatus.BadRequest, withReason(ERR.badRequest, problem)));
  };
}
