import accepts = require('accepts');
import type { IncomingMessage, ServerResponse } from 'http';
import { gzip } from 'zlib';
import { envelope } from './envelope';

/** The success envelope split around its data, for answers whose data is serialised already. */
const [ENVELOPE_HEAD_TEXT, ENVELOPE_TAIL_TEXT] = ((): [string, string] => {
  const text = JSON.stringify(envelope(null));
  const at = text.lastIndexOf('null');
  return [text.slice(0, at), text.slice(at + 4)];
})();
const ENVELOPE_HEAD = Buffer.from(ENVELOPE_HEAD_TEXT);
const ENVELOPE_TAIL = Buffer.from(ENVELOPE_TAIL_TEXT);

/** Whole answers per serialised data: a cached page is wrapped once, not once per request. */
const wrapped = new WeakMap<Buffer, Buffer>();

/** Cached answers from this size on are also sent gzipped to clients that accept it. */
const GZIP_MIN_BYTES = 8 * 1024;
/**
 * The gzipped copy of a cached answer: false once seen (an answer sent once, made for one request, is never
 * compressed), null while it is being made.
 */
const gzipped = new WeakMap<Buffer, Buffer | null | false>();

/** True when the request's Accept-Encoding takes gzip (browsers always send it). */
function acceptsGzip(req: IncomingMessage | undefined): boolean {
  if (!req?.headers['accept-encoding']) return false;
  // Express's req.acceptsEncodings, on a plain request too (the hot path answers before Express).
  return accepts(req).encodings(['gzip', 'identity']) === 'gzip';
}

/**
 * The gzipped copy of a cached answer, made once in the background (zlib's thread pool, not the event loop) when
 * it is sent a second time: until it is there, answers go out as they are. A rank page of 50 rows and 15 problems is 66 KB, about a
 * tenth gzipped, and thousands of contestants poll it: without this every poll moved the whole page (or a
 * proxy compressed it again for each of them).
 */
function gzippedCopy(body: Buffer): Buffer | undefined {
  const known = gzipped.get(body);
  if (known) return known;
  if (known === undefined) {
    gzipped.set(body, false);
    return undefined;
  }
  if (known === null) return undefined;
  gzipped.set(body, null);
  gzip(body, { level: 6 }, (err, result) => {
    if (err) gzipped.delete(body);
    else gzipped.set(body, result);
  });
  return undefined;
}

/**
 * Sends `{ status: 200, msg: 'success', data }` with data given as UTF-8 JSON (the envelope the adapter adds),
 * for handlers with `@Res()` that answer from a cache of serialised pages (contest and training ranks). Large
 * pages go gzipped to clients that accept it, once their compressed copy is ready. Also for the hot path's plain
 * responses (core/http/hot-path.ts).
 */
export function sendSerialised(res: ServerResponse, data: Buffer): void {
  let body = wrapped.get(data);
  if (!body) wrapped.set(data, (body = Buffer.concat([ENVELOPE_HEAD, data, ENVELOPE_TAIL])));
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (body.length >= GZIP_MIN_BYTES) {
    res.setHeader('Vary', 'Accept-Encoding');
    const compressed = acceptsGzip(res.req) ? gzippedCopy(body) : undefined;
    if (compressed) {
      res.setHeader('Content-Encoding', 'gzip');
      body = compressed;
    }
  }
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * The same for an answer built per request from pieces (a cached page and the caller's own fields): one
 * copy into the body, and nothing remembered about buffers that are used once.
 */
export function sendSerialisedParts(res: ServerResponse, parts: Buffer[]): void {
  const body = Buffer.concat([ENVELOPE_HEAD, ...parts, ENVELOPE_TAIL]);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * Values many answers share and nobody changes once made (a cached page, a directory's rows), with their JSON
 * once it was written: the adapter serialises such a value once, not once per request (null: not yet).
 */
const sharedJson = new WeakMap<object, string | null>();
/** Answers built per request around shared values (a page of cached rows): their parts' JSON is reused. */
const composites = new WeakSet<object>();
/** Whole answers of shared values. */
const sharedBodies = new WeakMap<object, Buffer>();

/** Marks `value` as shared and never changed again (see sharedJson); returns it. */
export function sharedAnswer<T extends object>(value: T): T {
  if (!sharedJson.has(value)) sharedJson.set(value, null);
  return value;
}

/** Marks an answer made per request whose parts (records of a page) may be shared values; returns it. */
export function withSharedParts<T extends object>(value: T): T {
  composites.add(value);
  return value;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** JSON.stringify's text for `value`, reusing shared values' texts inside answers marked withSharedParts. */
function jsonOf(value: unknown, composite: boolean): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const known = sharedJson.get(value);
  if (known) return known;
  if (known === null) {
    const text = JSON.stringify(value);
    sharedJson.set(value, text);
    return text;
  }
  if (!composite) return JSON.stringify(value);
  // As JSON.stringify writes them: undefined, functions and symbols are left out of objects and null in arrays.
  if (Array.isArray(value)) return `[${value.map((item) => jsonOf(item, composite) ?? 'null').join(',')}]`;
  if (!isPlain(value)) return JSON.stringify(value);
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const text = jsonOf(item, composite);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The whole envelope of a handler's result when it is a shared value or holds some (else undefined: the adapter
 * serialises it as usual). A shared value's envelope is kept with it.
 */
export function sharedEnvelope(data: unknown): Buffer | string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  if (sharedJson.has(data)) {
    let body = sharedBodies.get(data);
    if (!body) sharedBodies.set(data, (body = Buffer.concat([ENVELOPE_HEAD, Buffer.from(jsonOf(data, false)!), ENVELOPE_TAIL])));
    return body;
  }
  if (!composites.has(data)) return undefined;
  return `${ENVELOPE_HEAD_TEXT}${jsonOf(data, true)}${ENVELOPE_TAIL_TEXT}`;
}
