import { envelope } from './envelope';
import { sharedAnswer, sharedEnvelope, withSharedParts } from './send-serialised';

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
