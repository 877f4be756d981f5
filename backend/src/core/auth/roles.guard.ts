import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERR, Role } from '@oj/contracts';
import { ForbiddenError, UnauthorizedError } from '../http/api.exception';
import { AuthRequest } from './auth-user';
import { ROLES } from './decorators';

/** `@Roles(...)`: the caller's role must be one of them (runs after AuthGuard). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<AuthRequest>().user;
    if (!user) throw new UnauthorizedError(ERR.loginFirst);
    if (!roles.includes(user.roleId)) throw new ForbiddenError(ERR.noPermission);
    return true;
  }
}
