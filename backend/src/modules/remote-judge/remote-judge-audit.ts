import { rowLoader } from '../../core/audit/audited.decorator';
import { RemoteJudgeAccount } from './entities/remote-judge-account.entity';

/** What the audit trail records of remote judge accounts (core/audit/README.md); password and cookie are redacted. */
export const loadRemoteAccount = rowLoader(RemoteJudgeAccount, 'id', ['lastUsedAt']);
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
