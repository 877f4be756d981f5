import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { accessRuleOf, rolesRefusal } from './access-policy';
import { AuthRequest } from './auth-user';
import { PermissionService } from './permission.service';

/**
 * `@Roles(...)`: the caller's role must be one of them (runs after AuthGuard). `@Permission(p)`: the caller's role
 * must hold `p` in the stored mapping instead (PermissionService), so admin → Auth changes apply at once. The
 * decision is access-policy's `rolesRefusal`, as on the hot path.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionService,
  ) {}

  private readonly holds = (roleId: number, permission: string) => this.permissions.holds(roleId, permission);

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rule = accessRuleOf(this.reflector, context.getHandler(), context.getClass());
    const refusal = rolesRefusal(rule, context.switchToHttp().getRequest<AuthRequest>().user, this.holds);
    if (!refusal) return true;
    if (refusal instanceof Promise)
      return refusal.then((r) => {
        if (r) throw r;
        return true;
      });
    throw refusal;
  }
}
