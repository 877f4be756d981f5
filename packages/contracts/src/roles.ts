/** Numeric role ids (product §6). */
export const Role = {
  Root: 1000,
  Admin: 1001,
  User: 1002,
  UserNoSubmit: 1003,
  UserNoDiscussionPost: 1004,
  UserMuted: 1005,
  UserNoSubmitNoDiscussion: 1006,
  UserNoSubmitMuted: 1007,
  ProblemAdmin: 1008,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Role names as they appear in `roleList` (HOJ compatible). */
export const ROLE_NAMES: Record<Role, string> = {
  1000: 'root',
  1001: 'admin',
  1002: 'default_role',
  1003: 'no_submit',
  1004: 'no_discuss',
  1005: 'mute',
  1006: 'no_submit_no_discuss',
  1007: 'no_submit_mute',
  1008: 'problem_admin',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  1000: 'Super Administrator',
  1001: 'Ordinary Administrator',
  1002: 'User (default)',
  1003: 'User (no submit)',
  1004: 'User (no discussion posting)',
  1005: 'User (muted)',
  1006: 'User (no submit, no discussion)',
  1007: 'User (no submit, muted)',
  1008: 'Problem Administrator',
};

/** Admin-type roles see the management link and may enter /admin (product §6). */
export const ADMIN_ROLES: readonly Role[] = [Role.Root, Role.Admin, Role.ProblemAdmin];
export const NO_SUBMIT_ROLES: readonly Role[] = [Role.UserNoSubmit, Role.UserNoSubmitNoDiscussion, Role.UserNoSubmitMuted];
export const NO_DISCUSSION_POST_ROLES: readonly Role[] = [
  Role.UserNoDiscussionPost,
  Role.UserMuted,
  Role.UserNoSubmitNoDiscussion,
  Role.UserNoSubmitMuted,
];
/** Muted roles may neither post discussions nor comment. */
export const MUTED_ROLES: readonly Role[] = [Role.UserMuted, Role.UserNoSubmitMuted];

export const isAdminRole = (role: number): boolean => (ADMIN_ROLES as readonly number[]).includes(role);

/** Group member levels (product §4). */
export const GroupMemberStatus = {
  Applying: 1,
  Refused: 2,
  Member: 3,
  Admin: 4,
  Root: 5,
} as const;
export type GroupMemberStatus = (typeof GroupMemberStatus)[keyof typeof GroupMemberStatus];

/** Group auth (product §3). */
export const GroupAuth = { Public: 1, Protected: 2, Private: 3 } as const;
export type GroupAuth = (typeof GroupAuth)[keyof typeof GroupAuth];

/** Nickname colour thresholds by rating (product §6, §9). */
export const RATING_THRESHOLDS = [500, 1300, 2000, 3000, 6000] as const;
