import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role, SwitchConfig } from '@oj/contracts';
import { Roles } from '../../../core/auth/decorators';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { SwitchConfigDto } from '../dto/config.dto';

/** Admin → Switch: site switches and limits (super admin only). */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/switch')
export class AdminSwitchController {
  constructor(private readonly siteConfig: SiteConfigService) {}

  @Get('info')
  info(): Promise<SwitchConfig> {
    return this.siteConfig.get('switch');
  }

  @Put('update')
  update(@Body() dto: SwitchConfigDto): Promise<SwitchConfig> {
    return this.siteConfig.set('switch', dto);
  }
}
