import { ApiEnvelope } from '@oj/contracts';

export const SUCCESS_MSG = 'success';

export function envelope<T>(data: T, status = 200, msg = SUCCESS_MSG): ApiEnvelope<T> {
  return { status, msg, data };
}
