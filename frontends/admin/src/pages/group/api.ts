/**
 * Root's group management (the group module's admin routes, product §6) and the review of group problems proposed for the
 * public bank (HOJ AdminGroupProblemController, product §2 admin group-problem/apply).
 */
import {
  ADMIN_GROUP_API,
  ADMIN_GROUP_PROBLEM_API,
  AdminGroupRow,
  ApplyPublicProgress,
  GroupProblemApplyRow,
  GroupStatus,
  Page,
} from '@oj/contracts';
import { api, call } from '@oj/kit';

/** The group module's own write route (PUT: root alone changes `status`; DELETE by gid). */
const GROUP = '/group';

export const getAdminGroups = (q: { currentPage: number; limit: number; keyword?: string; status?: GroupStatus }) =>
  call<Page<AdminGroupRow>>(api.get(ADMIN_GROUP_API.list, { params: q }));

/** Bans or unbans: PUT /group takes the whole group (its §5 rules are checked again), so the row is sent back. */
export const setGroupStatus = (g: AdminGroupRow, status: GroupStatus) =>
  call<null>(
    api.put(GROUP, {
      id: g.id,
      avatar: g.avatar,
      name: g.name,
      shortName: g.shortName,
      brief: g.brief,
      description: g.description,
      auth: g.auth,
      visible: g.visible,
      status,
    }),
  );
export const deleteGroup = (gid: number) => call<null>(api.delete(GROUP, { params: { gid } }));

export const getGroupProblemApplies = (q: { currentPage: number; limit: number; keyword?: string; gid?: number }) =>
  call<Page<GroupProblemApplyRow>>(api.get(ADMIN_GROUP_PROBLEM_API.list, { params: q }));
/** Accepts (the problem becomes public) or refuses an application. */
export const changeApplyProgress = (row: GroupProblemApplyRow, progress: ApplyPublicProgress) =>
  call<null>(api.put(ADMIN_GROUP_PROBLEM_API.changeProgress, { pid: row.id, problemId: row.problemId, progress }));
