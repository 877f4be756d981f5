/** Kept for imports written before the envelope moved into the HTTP adapter (envelope.adapter.ts). */
export { RawResponse } from './envelope.adapter';
