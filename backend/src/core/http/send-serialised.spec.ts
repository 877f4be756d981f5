import express from 'express';
import request from 'supertest';
import { envelope } from './envelope';
import { crc32 } from 'zlib';
import { crc32Combine, precompress, sendSerialised, sharedAnswer, sharedEnvelope, withSharedParts } from './send-serialised';

const text = (body: Buffer | string | undefined) => (Buffer.isBuffer(body) ? body.toString() : body);

describe('answers of shared values', () => {
  it('writes a page of shared rows exactly as JSON.stringify writes the envelope', () => {
    const row = sharedAnswer(Object.freeze({ id: 1, name: 'Ada "Lovelace"', brief: 'é\u2028\n', visible: true, gone: undefined }));
    const other = sharedAnswer({ id: 2, at: new Date(0), list: [1, undefined, () => 1, null], nested: { a: undefined, b: [{}] } });
    const bare = Object.assign(Object.create(null) as object, { k: 'v' });
    const page = { records: [row, other, bare, { toJSON: () => 'custom' }], total: 2, skipped: undefined, fn: () => 1, pages: [undefined] };
    expect(text(sharedEnvelope(withSharedParts(page)))).toBe(JSON.stringify(envelope(page)));
    // The rows' texts are reused: a second page with them answers the same.
    expect(text(sharedEnvelope(withSharedParts({ ...page })))).toBe(JSON.stringify(envelope(page)));
  });

  it('keeps the whole answer of a shared value, and leaves other answers to the adapter', () => {
    const page = sharedAnswer({ records: [{ pid: 1 }], total: 1 });
    const first = sharedEnvelope(page);
    expect(text(first)).toBe(JSON.stringify(envelope(page)));
    expect(sharedEnvelope(page)).toBe(first);
    expect(sharedEnvelope({ records: [] })).toBeUndefined();
    expect(sharedEnvelope(null)).toBeUndefined();
    expect(sharedEnvelope('text')).toBeUndefined();
  });
});

describe('cached serialised pages', () => {
  const page = Buffer.from(JSON.stringify({ records: Array.from({ length: 400 }, (_, i) => ({ rank: i + 1, username: `user${i}` })) }));
  const small = Buffer.from(JSON.stringify({ records: [] }));
  const app = express();
  app.get('/page', (_req, res) => sendSerialised(res, page));
  app.get('/small', (_req, res) => sendSerialised(res, small));
  app.get('/fresh', (_req, res) => sendSerialised(res, Buffer.from(page)));
  const expected = JSON.stringify(envelope(JSON.parse(page.toString()) as unknown));

  it('sends a large page gzipped to a client that accepts it once its copy is made, and as it is to others', async () => {
    let encodings: (string | undefined)[] = [];
    for (let i = 0; i < 20 && !encodings.includes('gzip'); i++) {
      const res = await request(app).get('/page').set('Accept-Encoding', 'gzip, deflate, br');
      expect(JSON.stringify(res.body)).toBe(expected);
      expect(res.headers.vary).toBe('Accept-Encoding');
      encodings.push(res.headers['content-encoding']);
      await new Promise((r) => setTimeout(r, 20));
    }
    // The first answers go out uncompressed while the copy is made in the background.
    expect(encodings[0]).toBeUndefined();
    expect(encodings).toContain('gzip');
    const plain = await request(app).get('/page').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.stringify(plain.body)).toBe(expected);
    encodings = [];
    for (let i = 0; i < 5; i++)
      encodings.push((await request(app).get('/small').set('Accept-Encoding', 'gzip')).headers['content-encoding']);
    expect(encodings).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('never compresses an answer made for one request', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await request(app).get('/fresh').set('Accept-Encoding', 'gzip');
      expect(res.headers['content-encoding']).toBeUndefined();
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe('cached pages with an insert of one request', () => {
  const rows = Array.from({ length: 400 }, (_, i) => ({ rank: i + 1, username: `user${i}` }));
  const page = Buffer.from(JSON.stringify({ records: rows, total: 400 }));
  const offset = '{"records":['.length;
  const app = express();
  // The insert is this request's: a row (or a large one: more than one stored deflate block) and a comma.
  app.get('/pinned', (req, res) => {
    const mine = { rank: 7, username: 'user6', note: 'x'.repeat(Number(req.query.pad ?? 0)) };
    sendSerialised(res, { page, offset, insert: Buffer.from(`${JSON.stringify(mine)},`) });
  });
  const expected = (pad: number) =>
    JSON.stringify(envelope({ records: [{ rank: 7, username: 'user6', note: 'x'.repeat(pad) }, ...rows], total: 400 }));

  it.each([0, 70_000, 140_000])('sends it gzipped once the page pieces are ready, right for an insert of %i more bytes', async (pad) => {
    const encodings: (string | undefined)[] = [];
    for (let i = 0; i < 20 && !encodings.includes('gzip'); i++) {
      const res = await request(app).get('/pinned').query({ pad }).set('Accept-Encoding', 'gzip');
      // supertest inflates it and checks gzip's CRC-32 and length.
      expect(JSON.stringify(res.body)).toBe(expected(pad));
      encodings.push(res.headers['content-encoding']);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(encodings).toContain('gzip');
    const plain = await request(app).get('/pinned').query({ pad }).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.stringify(plain.body)).toBe(expected(pad));
  });
});

describe('pages compressed ahead of their readers (precompress)', () => {
  const rows = Array.from({ length: 400 }, (_, i) => ({ rank: i + 1, username: `final${i}` }));
  const offset = '{"records":['.length;
  const page = Buffer.from(JSON.stringify({ records: rows, total: 400 }));
  const small = Buffer.from(JSON.stringify({ records: [] }));
  const app = express();
  app.get('/page', (_req, res) => sendSerialised(res, page));
  app.get('/pinned', (_req, res) => sendSerialised(res, { page, offset, insert: Buffer.from('{"rank":3,"username":"final2"},') }));
  app.get('/small', (_req, res) => sendSerialised(res, small));
  /** zlib's thread pool finishes the copies in about a millisecond; this leaves room for a busy machine. */
  const compressed = () => new Promise((r) => setTimeout(r, 500));

  it('sends a page gzipped from its first request, shared and with an insert, right', async () => {
    precompress(page, offset);
    precompress(small, offset);
    await compressed();
    const whole = await request(app).get('/page').set('Accept-Encoding', 'gzip');
    expect(whole.headers['content-encoding']).toBe('gzip');
    expect(JSON.stringify(whole.body)).toBe(JSON.stringify(envelope({ records: rows, total: 400 })));
    const pinned = await request(app).get('/pinned').set('Accept-Encoding', 'gzip');
    expect(pinned.headers['content-encoding']).toBe('gzip');
    expect(JSON.stringify(pinned.body)).toBe(JSON.stringify(envelope({ records: [{ rank: 3, username: 'final2' }, ...rows], total: 400 })));
    // Below the threshold nothing is compressed, prepared or not.
    expect((await request(app).get('/small').set('Accept-Encoding', 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});

describe('CRC-32 of two pieces from their own', () => {
  it("equals zlib's CRC-32 of the whole, for any lengths", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [3, 5],
      [1000, 65_537],
      [12, 200_000],
    ]) {
      const left = Buffer.from(Array.from({ length: a }, (_, i) => (i * 7 + a) % 256));
      const right = Buffer.from(Array.from({ length: b }, (_, i) => (i * 13 + b) % 256));
      expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(crc32(Buffer.concat([left, right])));
    }
  });
});
