/** Admin → audit trail calls (issue 36, contracts AUDIT_API); root only. */
import { AUDIT_API, AuditListQuery, AuditRecordView, Page } from '@oj/contracts';
import { api, call } from '@oj/kit';

export const getAuditRecords = (q: AuditListQuery) => call<Page<AuditRecordView>>(api.get(AUDIT_API.list, { params: q }));

export const getAuditActions = () => call<string[]>(api.get(AUDIT_API.actions));

/** The filtered trail as CSV, saved under the server's file name (through the client, so the token is sent). */
export async function exportAuditCsv(q: AuditListQuery): Promise<void> {
  const res = await api.get(AUDIT_API.exportCsv, { params: q, responseType: 'blob' });
  const href = URL.createObjectURL(res.data as Blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = 'audit-log.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
