import { Role } from '@oj/contracts';
import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import { AuthEntity } from '../../core/auth/entities/auth.entity';
import { UserRole } from '../../core/auth/entities/user-role.entity';
import { User } from '../../core/auth/entities/user.entity';
import { In } from 'typeorm';

/**
 * What the audit trail records of user and permission edits (core/audit/README.md). A user is recorded without
 * the password hash (the service would only redact it, and a reset is told by the record's note), with its role.
 */
export async function loadUsers({ em, id }: AuditLoadContext): Promise<unknown> {
  const uids = String(id).split(',');
  const [users, roles] = await Promise.all([em.find(User, { where: { uid: In(uids) } }), em.find(UserRole, { where: { uid: In(uids) } })]);
  const roleOf = new Map(roles.map((r) => [r.uid, r.roleId]));
  const rows = users.map(({ password: _hash, ...u }) => ({ ...u, roleId: roleOf.get(u.uid) ?? Role.User }));
  if (!rows.length) return null;
  return uids.length === 1 ? rows[0] : rows;
}

export const loadAuth = rowLoader(AuthEntity);

/** A role's permissions (keys of the `auth` table it holds), sorted: the before/after of role-auth changes. */
export async function loadRolePermissions({ em, id }: AuditLoadContext): Promise<unknown> {
  const rows: { permission: string }[] = await em.query(
    `SELECT a.permission FROM role_auth ra JOIN auth a ON a.id = ra.auth_id WHERE ra.role_id = $1 ORDER BY a.permission`,
    [Number(id)],
  );
  return { roleId: Number(id), permissions: rows.map((r) => r.permission) };
}

export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
