/** The route guard of product §6 as a pure decision, so it is tested without a browser. */
import { ERR, Role, ROLE_NAMES, SITE_TEXT } from '@oj/contracts';

const ADMIN_ROLE_NAMES = [ROLE_NAMES[Role.Root], ROLE_NAMES[Role.Admin], ROLE_NAMES[Role.ProblemAdmin]];
const SUPER_ADMIN_ROLE_NAME = ROLE_NAMES[Role.Root];

/** First segment of the admin paths only the super admin may open (product §6). */
export const SUPER_ADMIN_SECTIONS = ['user', 'auth', 'announcement', 'notice', 'conf', 'switch', 'group', 'remote-judge'] as const;

export const isAdminUser = (roleList: readonly string[] | undefined): boolean =>
  !!roleList && roleList.some((r) => ADMIN_ROLE_NAMES.includes(r));
export const isSuperAdminUser = (roleList: readonly string[] | undefined): boolean =>
  !!roleList && roleList.includes(SUPER_ADMIN_ROLE_NAME);
/** Root or admin: what `admin/judge/rejudge-problem` accepts (a problem admin rejudges one submission at a time). */
export const isSiteAdminUser = (roleList: readonly string[] | undefined): boolean =>
  !!roleList && roleList.some((r) => r === SUPER_ADMIN_ROLE_NAME || r === ROLE_NAMES[Role.Admin]);
export const isProblemAdminUser = (roleList: readonly string[] | undefined): boolean =>
  !!roleList && roleList.includes(ROLE_NAMES[Role.ProblemAdmin]);

/** Whether a path below /admin (without the basename, e.g. '/conf') needs the super admin. */
export function needsSuperAdmin(path: string): boolean {
  const section = path.replace(/^\/+/, '').split('/')[0];
  return (SUPER_ADMIN_SECTIONS as readonly string[]).includes(section);
}

export type GuardDecision =
  | { allow: true }
  /**
   * Deny: show `message`; `to` is where the browser goes: the admin login (the session cleared when
   * `clearSession`), or the site's home page with the session kept.
   */
  | { allow: false; message: string; clearSession: boolean; to: 'login' | 'home' };

export function decideAccess(path: string, token: string | null, roleList: readonly string[] | undefined): GuardDecision {
  if (!token) return { allow: false, message: ERR.loginFirst, clearSession: true, to: 'login' };
  // A student who opens /admin/ (a link, a bookmark) stays logged in on the site, maybe in a running contest:
  // sent home with the reason instead of being logged out (issue 37 item 15).
  if (!isAdminUser(roleList)) return { allow: false, message: SITE_TEXT.notAdmin, clearSession: false, to: 'home' };
  if (needsSuperAdmin(path) && !isSuperAdminUser(roleList)) {
    return { allow: false, message: ERR.loginAgain, clearSession: true, to: 'login' };
  }
  return { allow: true };
}
