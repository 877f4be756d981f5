/** Admin → User (super admin only, product §2, §3, §5): list, edit, delete, import CSV rows, generate. */
import { LIMITS } from './limits';
import type { Role } from './roles';

export const ADMIN_USER_API = {
  list: '/admin/user/get-user-list',
  edit: '/admin/user/edit-user',
  delete: '/admin/user/delete-user',
  insertBatch: '/admin/user/insert-batch-user',
  generate: '/admin/user/generate-user',
} as const;

/** A row of GET /api/admin/user/get-user-list (query: currentPage, limit, keyword, onlyAdmin). */
export interface AdminUserRow {
  uid: string;
  username: string;
  realname: string | null;
  email: string | null;
  nickname: string | null;
  school: string | null;
  gender: 'male' | 'female' | 'secrecy';
  mobile: string | null;
  /** 0 normal, 1 disabled. */
  status: number;
  /** Role id (1000–1008). */
  roleId: Role;
  roleList: string[];
  /** HOJ's UserRolesVO.roles (its Role rows): the user's one role, as HOJ's admin list reads it (`roles[0].id`). */
  roles: { id: Role; role: string; description: string; status: number }[];
  titleName: string | null;
  titleColor: string | null;
  lastLoginTime: string | null;
  gmtCreate: string;
}

/** PUT /api/admin/user/edit-user. `password` is used only when `setNewPwd`. */
export interface AdminEditUserRequest {
  uid: string;
  username?: string;
  realname?: string | null;
  email?: string | null;
  nickname?: string | null;
  school?: string | null;
  titleName?: string | null;
  titleColor?: string | null;
  /** Role id. */
  type?: Role;
  status?: number;
  setNewPwd?: boolean;
  password?: string;
}

/** DELETE /api/admin/user/delete-user body. */
export interface AdminDeleteUsersRequest {
  ids: string[];
}

/**
 * POST /api/admin/user/insert-batch-user: rows of the import CSV (no header, seven columns:
 * username, password, email, realname, gender (male/0, female/1, else secrecy), nickname, school).
 * Rows without username or password are skipped.
 */
export interface AdminInsertUsersRequest {
  users: string[][];
}
export interface AdminInsertUsersResult {
  created: number;
  /** 1-based row numbers skipped, with why. */
  skipped: { row: number; reason: string }[];
}

/** POST /api/admin/user/generate-user: prefix + number + suffix for every number in the range. */
export interface GenerateUsersRequest {
  prefix: string;
  suffix: string;
  numberFrom: number;
  numberTo: number;
  /** LIMITS.generatedPasswordMin to Max (product §5). */
  passwordLength: number;
}
export interface GeneratedUser {
  username: string;
  password: string;
}
/**
 * POST /api/admin/user/generate-user answer: HOJ's `key`, with which GET /api/file/generate-user-excel downloads the
 * accounts as .xlsx for GENERATED_USERS_KEEP_SEC, and the accounts themselves (ours, shown on the page).
 */
export interface GenerateUsersResult {
  key: string;
  users: GeneratedUser[];
}
/** How many accounts one generate call may create. */
export const GENERATE_USERS_MAX = 1000;
/** How long the generated accounts (with their passwords) can be downloaded by their key (HOJ: half an hour). */
export const GENERATED_USERS_KEEP_SEC = 1800;
/** GET /api/file/generate-user-excel?key= (root): the generated accounts as .xlsx (HOJ's UserFileController). */
export const GENERATED_USERS_EXCEL_API = '/file/generate-user-excel';

/** Texts of the admin user calls (product §5 "Generate users", import rules). */
export const ADMIN_USER_TEXT = {
  startRequired: 'The start number is required.',
  endRequired: 'The end number is required.',
  endBeforeStart: 'The end number must not be less than the start number.',
  passwordLength: `The password length must be a number from ${LIMITS.generatedPasswordMin} to ${LIMITS.generatedPasswordMax}.`,
  tooMany: `At most ${GENERATE_USERS_MAX} accounts can be generated at once.`,
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotChangeOwnRole: 'You cannot change your own role or status.',
  rowMissingUsernameOrPassword: 'username or password missing',
  rowInvalid: 'invalid username, password or e-mail',
  generatedGone: `Generated accounts can be downloaded for ${GENERATED_USERS_KEEP_SEC / 60} minutes only: generate them again.`,
} as const;
