import { Judge } from './entities/judge.entity';

/** A submission as its author sees it right after submitting: no code echoed back, no bookkeeping columns. */
export type PublicSubmission = Omit<Judge, 'code' | 'ip' | 'version' | 'counted'>;

export function toPublicSubmission(sub: Judge): PublicSubmission {
  const { code: _code, ip: _ip, version: _version, counted: _counted, ...rest } = sub;
  return rest;
}
