import { Role } from './roles';

/**
 * Permissions (HOJ's `auth` table) and the roles that hold them by default (`role_auth`, seeded by a migration).
 * The server guard (`@Permission`) and the services read the stored mapping, so a permission an admin takes from
 * a role is refused at once. The super administrator (1000) holds every permission and cannot lose one.
 */
export const PERMISSION = {
  submit: 'submit',
  discussionPost: 'discussion:post',
  commentPost: 'comment:post',
  problemAdmin: 'problem:admin',
  contestAdmin: 'contest:admin',
  contestRating: 'contest:rating',
  trainingAdmin: 'training:admin',
  discussionAdmin: 'discussion:admin',
  dashboardView: 'dashboard:view',
  fileAdmin: 'file:admin',
} as const;
export type Permission = (typeof PERMISSION)[keyof typeof PERMISSION];

const ADMIN_TYPE: Role[] = [Role.Root, Role.Admin, Role.ProblemAdmin];

/** Built-in permissions: name (English) and the roles holding them when an installation starts (product §6). */
export const BUILTIN_PERMISSIONS: readonly { permission: Permission; name: string; roles: readonly Role[] }[] = [
  {
    permission: PERMISSION.submit,
    name: 'Submit code',
    roles: [Role.Root, Role.Admin, Role.User, Role.UserNoDiscussionPost, Role.UserMuted, Role.ProblemAdmin],
  },
  {
    permission: PERMISSION.discussionPost,
    name: 'Post discussions',
    roles: [Role.Root, Role.Admin, Role.User, Role.UserNoSubmit, Role.ProblemAdmin],
  },
  {
    permission: PERMISSION.commentPost,
    name: 'Comment and reply',
    roles: [
      Role.Root,
      Role.Admin,
      Role.User,
      Role.UserNoSubmit,
      Role.UserNoDiscussionPost,
      Role.UserNoSubmitNoDiscussion,
      Role.ProblemAdmin,
    ],
  },
  { permission: PERMISSION.problemAdmin, name: 'Manage problems', roles: ADMIN_TYPE },
  { permission: PERMISSION.contestAdmin, name: 'Manage contests', roles: ADMIN_TYPE },
  { permission: PERMISSION.contestRating, name: 'Set rated contests', roles: [Role.Root, Role.Admin] },
  { permission: PERMISSION.trainingAdmin, name: 'Manage trainings', roles: ADMIN_TYPE },
  { permission: PERMISSION.discussionAdmin, name: 'Manage discussions', roles: ADMIN_TYPE },
  { permission: PERMISSION.dashboardView, name: 'View the admin dashboard', roles: ADMIN_TYPE },
  { permission: PERMISSION.fileAdmin, name: 'Manage uploaded files', roles: ADMIN_TYPE },
];

export const isBuiltinPermission = (permission: string): boolean => BUILTIN_PERMISSIONS.some((p) => p.permission === permission);

/** A row of `GET /api/admin/auth` (HOJ's Auth). */
export interface AuthEntry {
  id: number;
  name: string;
  permission: string;
  /** 0 in force, 1 disabled (refused to every role but the super administrator). */
  status: number;
  builtin: boolean;
  gmtCreate: string;
  gmtModified: string;
}

/** A row of `GET /api/admin/role-auth`: a role and the ids of the permissions it holds. */
export interface RoleAuthEntry {
  roleId: number;
  role: string;
  description: string;
  authIds: number[];
}

export const AUTH_LIMITS = { nameMax: 100, permissionMax: 64 } as const;

export const AUTH_TEXT = {
  nameRequired: 'The permission name is required.',
  permissionRequired: 'The permission key is required.',
  permissionFormat: 'The permission key may hold only letters, digits, ":", "_" and "-".',
  permissionExists: 'This permission key already exists.',
  authNotFound: 'The permission does not exist.',
  builtinPermission: 'A built-in permission cannot be deleted or renamed.',
  roleNotFound: 'The role does not exist.',
  rootHoldsAll: 'The super administrator holds every permission.',
} as const;
