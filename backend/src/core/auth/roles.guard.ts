import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERR, Role } from '@oj/contracts';
import { ForbiddenError, UnauthorizedError } from '../http/api.exception';
import { AuthRequest } from './auth-user';
import { PERMISSION_KEY, ROLES } from './decorators';
import { PermissionService } from './permission.service';

type Handler = ReturnType<ExecutionContext['getHandler']>;
interface Rule {
  roles?: Role[];
  permission?: string;
}

/**
 * `@Roles(...)`: the caller's role must be one of them (runs after AuthGuard). `@Permission(p)`: the caller's role
 * must hold `p` in the stored mapping instead (PermissionService), so admin → Auth changes apply at once.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionService,
  ) {}

  private readonly rules = new WeakMap<Handler, Rule>();

  private rule(context: ExecutionContext): Rule {
    const handler = context.getHandler();
    let rule = this.rules.get(handler);
    if (!rule) {
      const cls = context.getClass();
      const roles = this.reflector.getAllAndOverride<Role[]>(ROLES, [handler, cls]);
      const own = this.reflector.get<string | undefined>(PERMISSION_KEY, handler);
      // A handler's own @Roles wins over its class's @Permission.
      const handlerRoles = this.reflector.get<Role[] | undefined>(ROLES, handler);
      const permission = own ?? (handlerRoles?.length ? undefined : this.reflector.get<string | undefined>(PERMISSION_KEY, cls));
      rule = { roles: roles?.length ? roles : undefined, permission };
      this.rules.set(handler, rule);
    }
    return rule;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const { roles, permission } = this.rule(context);
    if (!roles && !permission) return true;
    const user = context.switchToHttp().getRequest<AuthRequest>().user;
    if (!user) throw new UnauthorizedError(ERR.loginFirst);
    if (permission) {
      return this.permissions.holds(user.roleId, permission).then((held) => {
        if (!held) throw new ForbiddenError(ERR.noPermission);
        return true;
      });
    }
    if (!roles!.includes(user.roleId)) throw new ForbiddenError(ERR.noPermission);
    return true;
  }
}
