import { ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Role, SiteSwitch } from '@oj/contracts';
import type { AuthRequest, AuthUser } from './auth-user';

export const IS_PUBLIC = 'oj:public';
export const IS_OPTIONAL_AUTH = 'oj:optional-auth';
export const ROLES = 'oj:roles';
export const REQUIRE_SWITCH = 'oj:require-switch';

/** No login needed and no token read (fast path). With @RequireSwitch the token is read so root passes. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Login optional: `@CurrentUser()` is the caller when a valid token comes, else undefined. */
export const OptionalAuth = () => SetMetadata(IS_OPTIONAL_AUTH, true);

/** Only these roles (ids of contracts `Role`) may call; others get 403 'Sorry, you do not have permission...'. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** Refused with the switch's 'No Access: ...' text while the site switch is off; root always passes. */
export const RequireSwitch = (...switches: SiteSwitch[]) => SetMetadata(REQUIRE_SWITCH, switches);

/** The logged-in user (undefined on @Public/@OptionalAuth routes without a valid token). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<AuthRequest>().user;
});
