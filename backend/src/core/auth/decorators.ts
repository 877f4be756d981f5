import { ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Permission as PermissionName, Role, SiteSwitch } from '@oj/contracts';
import type { AuthRequest, AuthUser } from './auth-user';

export const IS_PUBLIC = 'oj:public';
export const IS_OPTIONAL_AUTH = 'oj:optional-auth';
export const ROLES = 'oj:roles';
export const REQUIRE_SWITCH = 'oj:require-switch';
export const PERMISSION_KEY = 'oj:permission';

/** No login needed and no token read (fast path). With @RequireSwitch the token is read so root passes. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Login optional: `@CurrentUser()` is the caller when a valid token comes, else undefined. */
export const OptionalAuth = () => SetMetadata(IS_OPTIONAL_AUTH, true);

/** Only these roles (ids of contracts `Role`) may call; others get 403 'Sorry, you do not have permission...'. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/**
 * The caller's role must hold this permission in the stored role → permission mapping (admin → Auth), read on every
 * call: a permission taken from a role is refused at once, one given to a role is allowed. Put it beside the
 * `@Roles(...)` that lists the roles holding it by default (the permission matrix reads those). A handler with its
 * own `@Roles` and no `@Permission` keeps its fixed roles even when its class has a `@Permission`.
 */
export const Permission = (permission: PermissionName) => SetMetadata(PERMISSION_KEY, permission);

/** Refused with the switch's 'No Access: ...' text while the site switch is off; root always passes. */
export const RequireSwitch = (...switches: SiteSwitch[]) => SetMetadata(REQUIRE_SWITCH, switches);

/** The logged-in user (undefined on @Public/@OptionalAuth routes without a valid token). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<AuthRequest>().user;
});
