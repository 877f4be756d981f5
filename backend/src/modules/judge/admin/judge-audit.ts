import type { AuditLoadContext } from '../../../core/audit/audited.decorator';

/** A submission's verdict as readers see it: the audit trail's before/after of manual verdicts and rejudges. */
export async function loadVerdict({ em, id }: AuditLoadContext): Promise<unknown> {
  const rows: unknown[] = await em.query(
    `SELECT submit_id AS "submitId", uid, username, pid, cid, eid, status, score, time, memory, judger
       FROM judge WHERE submit_id = $1`,
    [Number(id)],
  );
  return rows[0] ?? null;
}
