import type { Reflector } from '@nestjs/core';
import { ERR, Role, SWITCH_DENIED_TEXT, SiteSwitch } from '@oj/contracts';
import { UserStatus } from './entities/user.entity';
import { ApiException, ForbiddenError, UnauthorizedError } from '../http/api.exception';
import type { AuthUser } from './auth-user';
import { IS_OPTIONAL_AUTH, IS_PUBLIC, PERMISSION_KEY, REQUIRE_SWITCH, ROLES } from './decorators';

/**
 * The access rules of a route and the decisions on them, in one place: the guards (auth → roles → switches), the
 * hot path (core/http/hot-path.ts) and the services that check a switch themselves call these functions, so a
 * request is judged by the same rule whichever way it comes. The functions do no I/O: the caller gives them the
 * resolved caller, whether a role holds a permission, whether a switch is on.
 */

/** skip: no token read (@Public); optional: the caller when a valid token comes (@OptionalAuth); required: 401 without. */
export type AuthMode = 'skip' | 'optional' | 'required';

/** What a handler's decorators (its own, then its class's) ask of the caller. */
export interface AccessRule {
  mode: AuthMode;
  /** @Roles: the caller's role must be one of them. */
  roles?: Role[];
  /** @Permission: the caller's role must hold it in the stored mapping (checked instead of `roles`). */
  permission?: string;
  /** @RequireSwitch: each must be on (root passes). */
  switches?: SiteSwitch[];
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- controller classes and handlers
type Target = Function;

/** The rule of a handler on a controller class, read from the decorators' metadata. */
export function readAccessRule(reflector: Reflector, handler: Target, cls: Target): AccessRule {
  const targets = [handler, cls];
  const roles = reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
  const switches = reflector.getAllAndOverride<SiteSwitch[] | undefined>(REQUIRE_SWITCH, targets);
  // A handler's own @Roles wins over its class's @Permission.
  const handlerRoles = reflector.get<Role[] | undefined>(ROLES, handler);
  const permission =
    reflector.get<string | undefined>(PERMISSION_KEY, handler) ??
    (handlerRoles?.length ? undefined : reflector.get<string | undefined>(PERMISSION_KEY, cls));
  let mode: AuthMode = 'required';
  if (roles?.length || reflector.getAllAndOverride<string>(PERMISSION_KEY, targets)) mode = 'required';
  else if (reflector.getAllAndOverride<boolean>(IS_OPTIONAL_AUTH, targets)) mode = 'optional';
  // Switch-guarded public routes still read the token: root passes closed switches.
  else if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) mode = switches?.length ? 'optional' : 'skip';
  return {
    mode,
    roles: roles?.length ? roles : undefined,
    permission: permission || undefined,
    switches: switches?.length ? switches : undefined,
  };
}

const rules = new WeakMap<Target, WeakMap<Target, AccessRule>>();

/** `readAccessRule`, remembered per class and handler: decorators do not change once the app runs. */
export function accessRuleOf(reflector: Reflector, handler: Target, cls: Target): AccessRule {
  let byHandler = rules.get(cls);
  if (!byHandler) rules.set(cls, (byHandler = new WeakMap()));
  let rule = byHandler.get(handler);
  if (!rule) byHandler.set(handler, (rule = readAccessRule(reflector, handler, cls)));
  return rule;
}

/**
 * The authentication decision once the token was read: 'none' (no token), 'invalid' (bad, expired or revoked) or
 * the session's user. Undefined: go on (with the caller when `signedIn` gives one).
 */
export function authRefusal(mode: AuthMode, found: 'none' | 'invalid' | AuthUser): ApiException | undefined {
  if (mode !== 'required') return undefined;
  if (found === 'none') return new UnauthorizedError(ERR.loginFirst);
  if (found === 'invalid') return new UnauthorizedError(ERR.loginAgain);
  if (found.status === UserStatus.Disabled) return new ForbiddenError(ERR.accountDisabled);
  return undefined;
}

/** The caller a route sees for the session's user: none while the account is disabled. */
export function signedIn(user: AuthUser | null | undefined): AuthUser | undefined {
  return user && user.status !== UserStatus.Disabled ? user : undefined;
}

/**
 * @Roles / @Permission: the refusal, or undefined. `holds` is asked only for a @Permission rule (the stored
 * role → permission mapping); without one the decision is synchronous.
 */
export function rolesRefusal(
  rule: AccessRule,
  user: AuthUser | undefined,
  holds: (roleId: number, permission: string) => Promise<boolean>,
): ApiException | undefined | Promise<ApiException | undefined> {
  if (!rule.roles && !rule.permission) return undefined;
  if (!user) return new UnauthorizedError(ERR.loginFirst);
  if (rule.permission) return holds(user.roleId, rule.permission).then((held) => (held ? undefined : new ForbiddenError(ERR.noPermission)));
  return rule.roles!.includes(user.roleId) ? undefined : new ForbiddenError(ERR.noPermission);
}

/**
 * Site switches (product §6): the switch's 'No Access: ...' refusal for the first closed one, or undefined; root
 * passes every switch (and `isOn` is not asked).
 */
export async function switchRefusal(
  switches: readonly SiteSwitch[] | undefined,
  user: AuthUser | undefined,
  isOn: (name: SiteSwitch) => Promise<boolean>,
): Promise<ApiException | undefined> {
  if (!switches?.length || user?.isRoot) return undefined;
  for (const name of switches) if (!(await isOn(name))) return new ForbiddenError(SWITCH_DENIED_TEXT[name]);
  return undefined;
}
