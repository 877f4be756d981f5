import { Role } from '@oj/contracts';

/**
 * SQL condition: the user in `uidColumn` is not one of the contest's admins (spec §6: its author, given as the
 * parameter `authorParam`, and root). Admins try the problems during the contest; like HOJ, their submissions
 * count nowhere: not on the board, in balloons, in problem counts, nor in others' submission lists.
 */
export function notContestAdmin(uidColumn: string, authorParam: string): string {
  return `(${uidColumn} <> ${authorParam} AND NOT EXISTS (SELECT 1 FROM user_role ur WHERE ur.uid = ${uidColumn} AND ur.role_id = ${Role.Root}))`;
}
