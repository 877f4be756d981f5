import type { Response } from 'express';
import { envelope } from './envelope';

/** The success envelope split around its data, for answers whose data is serialised already. */
const [ENVELOPE_HEAD, ENVELOPE_TAIL] = ((): [Buffer, Buffer] => {
  const text = JSON.stringify(envelope(null));
  const at = text.lastIndexOf('null');
  return [Buffer.from(text.slice(0, at)), Buffer.from(text.slice(at + 4))];
})();

/** Whole answers per serialised data: a cached page is wrapped once, not once per request. */
const wrapped = new WeakMap<Buffer, Buffer>();

/**
 * Sends `{ status: 200, msg: 'success', data }` with data given as UTF-8 JSON (the envelope the adapter adds),
 * for handlers with `@Res()` that answer from a cache of serialised pages (contest and training ranks).
 */
export function sendSerialised(res: Response, data: Buffer): void {
  let body = wrapped.get(data);
  if (!body) wrapped.set(data, (body = Buffer.concat([ENVELOPE_HEAD, data, ENVELOPE_TAIL])));
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * The same for an answer built per request from pieces (a cached page and the caller's own fields): one
 * copy into the body, and nothing remembered about buffers that are used once.
 */
export function sendSerialisedParts(res: Response, parts: Buffer[]): void {
  const body = Buffer.concat([ENVELOPE_HEAD, ...parts, ENVELOPE_TAIL]);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
