import { rowLoader } from '../../core/audit/audited.decorator';
import { AdminSysNotice } from './entities/notice.entity';

/** What the audit trail records of admin notices (core/audit/README.md): the notice row. */
export const loadNotice = rowLoader(AdminSysNotice);
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
