import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import { GroupMember } from '../../core/auth/entities/group-member.entity';
import { Group } from './entities/group.entity';

/** What the audit trail records of group owners' edits (core/audit/README.md): the group row, a membership. */
export const loadGroup = rowLoader(Group);

/** Target id of a membership: "gid:uid". */
export const memberId = (req: { body?: unknown; query?: unknown }): string | null => {
  const src = { ...((req.query ?? {}) as object), ...((req.body ?? {}) as object) } as { gid?: unknown; uid?: unknown };
  return src.gid === undefined || src.uid === undefined ? null : `${String(src.gid)}:${String(src.uid)}`;
};

export async function loadMember({ em, id }: AuditLoadContext): Promise<unknown> {
  const at = String(id).indexOf(':');
  const row = await em.findOne(GroupMember, { where: { gid: Number(String(id).slice(0, at)), uid: String(id).slice(at + 1) } });
  return row && { gid: row.gid, uid: row.uid, auth: row.auth, reason: row.reason };
}
