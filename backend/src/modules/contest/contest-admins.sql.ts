import { GroupMemberStatus, Role } from '@oj/contracts';

/**
 * SQL condition: the user in `uidColumn` is not one of the contest's admins (product §6: its author, given as the
 * parameter `authorParam`, root, and for a group's contest the group's level-5 members). Admins try the problems
 * during the contest; like HOJ, their submissions count nowhere: not on the board, in balloons, in problem
 * counts, nor in others' submission lists. `gid` is the contest's own column value (an integer or null), so the
 * group clause is only there for group contests.
 */
export function notContestAdmin(uidColumn: string, authorParam: string, gid: number | null = null): string {
  const group =
    gid !== null && Number.isInteger(gid)
      ? ` AND NOT EXISTS (SELECT 1 FROM group_member gm WHERE gm.gid = ${gid} AND gm.uid = ${uidColumn} AND gm.auth = ${GroupMemberStatus.Root})`
      : '';
  return `(${uidColumn} <> ${authorParam} AND NOT EXISTS (SELECT 1 FROM user_role ur WHERE ur.uid = ${uidColumn} AND ur.role_id = ${Role.Root})${group})`;
}
