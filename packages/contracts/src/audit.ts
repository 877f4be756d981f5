/**
 * The audit trail (issue 36): every admin and group-owner change that others see is recorded once, with who, when,
 * from which address, and the target before and after (secrets redacted). Root reads and filters it in the admin
 * area and downloads it as CSV; nothing edits or deletes a record.
 */

/** Routes under /api (the clients' base URL), root only. */
export const AUDIT_API = {
  /** GET: one page of records, newest first (`AuditListQuery`). */
  list: '/admin/audit/list',
  /** GET: the same filters as CSV (at most AUDIT_LIMITS.exportMax rows, newest first). */
  exportCsv: '/admin/audit/export',
  /** GET: the distinct action names recorded so far (for the filter's choices). */
  actions: '/admin/audit/actions',
} as const;

export const AUDIT_LIMITS = {
  /** rows one CSV export holds at most (narrow the filters for more) */
  exportMax: 50_000,
  actionMax: 64,
  targetTypeMax: 32,
  targetIdMax: 128,
} as const;

/** Query of the list and the export; every field optional. Times are epoch milliseconds or ISO strings. */
export interface AuditListQuery {
  currentPage?: number;
  limit?: number;
  /** the actor's uid or username (exact) */
  actor?: string;
  /** an exact action name, or a prefix ending in '.' ('user.' for every user action) */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string | number;
  to?: string | number;
}

/** One record as the list answers it. */
export interface AuditRecordView {
  id: string;
  /** ISO time */
  time: string;
  actorUid: string | null;
  actorName: string | null;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
}

/** Columns of the CSV export, in order (before/after as JSON text). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'time',
  'actorUid',
  'actorName',
  'ip',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'note',
] as const;
