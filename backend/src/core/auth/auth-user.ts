import { ROLE_NAMES, Role, isAdminRole } from '@oj/contracts';
import type { Request } from 'express';

/** What the guards know about the caller; `@CurrentUser()` gives it to handlers. */
export interface AuthUser {
  uid: string;
  username: string;
  roleId: Role;
  /** Role names, HOJ style (e.g. ["root"]). */
  roleList: string[];
  status: number;
  tokenVersion: number;
  isRoot: boolean;
  isAdmin: boolean;
}

/** The token of the current request (for logout and refresh). */
export interface TokenInfo {
  jti: string;
  /** The session the token belongs to: a refreshed token keeps it, so that logout ends every token of it. */
  sid: string;
  iat: number;
  exp: number;
}

export interface AuthRequest extends Request {
  user?: AuthUser;
  token?: TokenInfo;
  /** Value of the Url-Type header: "admin" or "general". */
  urlType?: string;
}

export function toAuthUser(u: { uid: string; username: string; roleId: number; status: number; tokenVersion: number }): AuthUser {
  const roleId = u.roleId as Role;
  return {
    uid: u.uid,
    username: u.username,
    roleId,
    roleList: ROLE_NAMES[roleId] ? [ROLE_NAMES[roleId]] : [],
    status: u.status,
    tokenVersion: u.tokenVersion,
    isRoot: roleId === Role.Root,
    isAdmin: isAdminRole(roleId),
  };
}
