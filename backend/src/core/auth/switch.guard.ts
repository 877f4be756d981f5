import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SWITCH_DENIED_TEXT, SiteSwitch } from '@oj/contracts';
import { ForbiddenError } from '../http/api.exception';
import { SiteConfigService } from '../site-config/site-config.service';
import { AuthRequest } from './auth-user';
import { REQUIRE_SWITCH } from './decorators';

/** `@RequireSwitch(...)`: 403 with the switch's 'No Access: ...' text while it is off; root passes. */
@Injectable()
export class SwitchGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const switches = this.reflector.getAllAndOverride<SiteSwitch[]>(REQUIRE_SWITCH, [context.getHandler(), context.getClass()]);
    if (!switches?.length) return true;
    const user = context.switchToHttp().getRequest<AuthRequest>().user;
    if (user?.isRoot) return true;
    for (const name of switches) {
      if (!(await this.siteConfig.isSwitchOn(name))) throw new ForbiddenError(SWITCH_DENIED_TEXT[name]);
    }
    return true;
  }
}
