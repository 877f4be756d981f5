import accepts = require('accepts');
import type { IncomingMessage, ServerResponse } from 'http';
import { constants, crc32, deflateRaw, gzip } from 'zlib';
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
function gzippedCopy(body: Buffer, now = false): Buffer | undefined {
  const known = gzipped.get(body);
  if (known) return known;
  if (known === undefined && !now) {
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
 * A cached page with bytes of one request put in at `offset` of its data: a contest rank's page 1 with the
 * viewer's own row before the others (HOJ). The page stays shared and its compressed pieces are made once.
 */
export interface PageWithInsert {
  page: Buffer;
  offset: number;
  insert: Buffer;
}

/**
 * The compressed pieces of a shared page around an insert point: raw deflate of everything before it, ended by a
 * sync flush (byte-aligned, the stream still open), and of everything after it, finished. Between them the
 * request's bytes go in stored (uncompressed) deflate blocks: the three make one valid deflate stream, since
 * neither piece refers back past its own start. `headCrc` is the CRC-32 of the text before the insert.
 */
interface GzipPieces {
  offset: number;
  head: Buffer;
  tail: Buffer;
  headCrc: number;
  /** CRC-32 and length of the text after the insert: a request's CRC is combined from them, never read again. */
  tailCrc: number;
  tailLength: number;
}
/** Per shared page: its pieces, false once seen, null while they are being made (as `gzipped`). */
const gzipPieces = new WeakMap<Buffer, GzipPieces | null | false>();

/** The CRC-32 polynomial, reflected (zlib's). */
const CRC_POLY = 0xedb88320;

/** a(x) b(x) modulo the CRC polynomial, both reflected (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N: number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1], table[k - 1]));
  return table;
})();

/**
 * The CRC-32 of A followed by B from the CRC-32s of both and B's length (zlib's crc32_combine, which Node does not
 * expose): multiplies A's CRC by x^(8·len B) modulo the polynomial, with B's CRC added.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let power = 0x80000000; // x^0
  let k = 3; // bytes to bits: x^(8n) = x^(n·2^3)
  for (let n = lengthB; n > 0; n = Math.floor(n / 2), k++) if (n % 2) power = multModP(X2N[k & 31], power);
  return (multModP(power, crcA) ^ crcB) >>> 0;
}

/** gzip's member header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored deflate block holds at most this many bytes (RFC 1951 3.2.4). */
const STORED_MAX = 0xffff;

function piecesOf(page: Buffer, offset: number, now = false): GzipPieces | undefined {
  const known = gzipPieces.get(page);
  if (known) return known.offset === offset ? known : undefined;
  if (known === undefined && !now) {
    gzipPieces.set(page, false);
    return undefined;
  }
  if (known === null) return undefined;
  gzipPieces.set(page, null);
  const before = Buffer.concat([ENVELOPE_HEAD, page.subarray(0, offset)]);
  const after = Buffer.concat([page.subarray(offset), ENVELOPE_TAIL]);
  deflateRaw(before, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }, (err1, head) => {
    if (err1) return void gzipPieces.delete(page);
    deflateRaw(after, { level: 6 }, (err2, tail) => {
      if (err2) gzipPieces.delete(page);
      else gzipPieces.set(page, { offset, head, tail, headCrc: crc32(before), tailCrc: crc32(after), tailLength: after.length });
    });
  });
  return undefined;
}

/** `bytes` as stored deflate blocks, none final (the finished tail follows). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored), then the bits up to the byte boundary
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(header, chunk);
  }
  return out;
}

/** The gzip member of a page with an insert, in pieces, from its ready pieces: nothing of the page is read again. */
function gzipWithInsert(p: PageWithInsert, pieces: GzipPieces): Buffer[] {
  const crc = crc32Combine(crc32(p.insert, pieces.headCrc), pieces.tailCrc, pieces.tailLength);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((ENVELOPE_HEAD.length + p.page.length + p.insert.length + ENVELOPE_TAIL.length) >>> 0, 4);
  return [GZIP_HEADER, pieces.head, ...storedBlocks(p.insert), pieces.tail, trailer];
}

/** Writes the pieces of a body in one go (corked: one writev), without copying them into one buffer first. */
function endWith(res: ServerResponse, parts: Buffer[]): void {
  res.setHeader(
    'Content-Length',
    parts.reduce((n, b) => n + b.length, 0),
  );
  res.cork();
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
}

function sendWithInsert(res: ServerResponse, p: PageWithInsert): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (ENVELOPE_HEAD.length + p.page.length + p.insert.length + ENVELOPE_TAIL.length >= GZIP_MIN_BYTES) {
    res.setHeader('Vary', 'Accept-Encoding');
    const pieces = acceptsGzip(res.req) ? piecesOf(p.page, p.offset) : undefined;
    if (pieces) {
      res.setHeader('Content-Encoding', 'gzip');
      return endWith(res, gzipWithInsert(p, pieces));
    }
  }
  endWith(res, [ENVELOPE_HEAD, p.page.subarray(0, p.offset), p.insert, p.page.subarray(p.offset), ENVELOPE_TAIL]);
}

/** The whole answer of a cached page's data, made once per page. */
function wrappedBody(data: Buffer): Buffer {
  let body = wrapped.get(data);
  if (!body) wrapped.set(data, (body = Buffer.concat([ENVELOPE_HEAD, data, ENVELOPE_TAIL])));
  return body;
}

/**
 * Starts compressing a cached page now (zlib's thread pool) instead of on its second request: for a page that a
 * burst of readers is about to ask for (a contest's final board, a page 1 that thousands poll), whose first
 * hundreds of answers would otherwise leave uncompressed while the copy is made. With `insertAt`, also the pieces
 * around that point (PageWithInsert: page 1 with the viewer's pinned row). Small pages are never compressed.
 */
export function precompress(data: Buffer, insertAt?: number): void {
  const body = wrappedBody(data);
  if (body.length < GZIP_MIN_BYTES) return;
  gzippedCopy(body, true);
  if (insertAt !== undefined) piecesOf(data, insertAt, true);
}

/**
 * Sends `{ status: 200, msg: 'success', data }` with data given as UTF-8 JSON (the envelope the adapter adds),
 * for handlers with `@Res()` that answer from a cache of serialised pages (contest and training ranks). Large
 * pages go gzipped to clients that accept it, once their compressed copy is ready. Also for the hot path's plain
 * responses (core/http/hot-path.ts). A page with an insert keeps its compressed pieces instead (PageWithInsert).
 */
export function sendSerialised(res: ServerResponse, data: Buffer | PageWithInsert): void {
  if (!Buffer.isBuffer(data)) return sendWithInsert(res, data);
  let body = wrappedBody(data);
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
