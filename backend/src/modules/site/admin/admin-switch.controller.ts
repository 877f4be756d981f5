import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role, SwitchConfig } from '@oj/contracts';
import { Roles } from '../../../core/auth/decorators';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { SwitchExtensions } from '../../../core/site-config/switch-extensions';
import { SwitchConfigDto } from '../dto/config.dto';
import { Audited } from '../../../core/audit/audited.decorator';
import { loadSwitches, section } from '../site-audit';

/** Admin → Switch: site switches and limits (super admin only). */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/switch')
export class AdminSwitchController {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly extensions: SwitchExtensions,
  ) {}

  /** The switches and limits, with the fields other modules keep (HOJ's remote judge account lists). */
  @Get('info')
  async info(): Promise<SwitchConfig> {
    return { ...(await this.siteConfig.get('switch')), ...(await this.extensions.read()) };
  }

  @Put('update')
  @Audited('config.switch.update', { target: 'config', id: section('switch'), load: loadSwitches })
  async update(@Body() dto: SwitchConfigDto): Promise<SwitchConfig> {
    await this.siteConfig.set('switch', dto);
    await this.extensions.write(dto as unknown as Record<string, unknown>);
    return this.info();
  }
}
