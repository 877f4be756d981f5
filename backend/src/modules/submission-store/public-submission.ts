import { Submission } from './entities/submission.entity';

/** A submission as its author sees it right after submitting: no code echoed back, no bookkeeping columns. */
export type PublicSubmission = Omit<Submission, 'code' | 'ip' | 'version' | 'counted' | 'remoteAccountId'>;

export function toPublicSubmission(sub: Submission): PublicSubmission {
  const { code: _code, ip: _ip, version: _version, counted: _counted, remoteAccountId: _account, ...rest } = sub;
  return rest;
}
