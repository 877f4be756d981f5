import { ApiEnvelope, messageCodeOf } from '@oj/contracts';

export const SUCCESS_MSG = 'success';

export function envelope<T>(data: T, status = 200, msg = SUCCESS_MSG): ApiEnvelope<T> {
  return { status, msg, data };
}

/**
 * The envelope of an error answer: HOJ's `{ status, msg, data }` plus, for a catalogue text, its stable
 * `msgCode` (contracts messages.ts) so clients show the text in the user's language.
 */
export function errorEnvelope(status: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
  const msgCode = messageCodeOf(msg);
  return msgCode ? { status, msg, data, msgCode } : { status, msg, data };
}
