import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SiteSwitch } from '@oj/contracts';
import { SiteConfigService } from '../site-config/site-config.service';
import { accessRuleOf, switchRefusal } from './access-policy';
import { AuthRequest } from './auth-user';

/** `@RequireSwitch(...)`: 403 with the switch's 'No Access: ...' text while it is off; root passes (access-policy). */
@Injectable()
export class SwitchGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly siteConfig: SiteConfigService,
  ) {}

  private readonly isOn = (name: SiteSwitch) => this.siteConfig.isSwitchOn(name);

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { switches } = accessRuleOf(this.reflector, context.getHandler(), context.getClass());
    if (!switches) return true;
    const refusal = await switchRefusal(switches, context.switchToHttp().getRequest<AuthRequest>().user, this.isOn);
    if (refusal) throw refusal;
    return true;
  }
}
