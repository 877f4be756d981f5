import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role, SsoProviderView, SsoSiteSettings, SsoTestResult } from '@oj/contracts';
import { auditActor } from '../../../core/audit/audit.service';
import { AuthRequest } from '../../../core/auth/auth-user';
import { Roles } from '../../../core/auth/decorators';
import { SsoIdQueryDto, SsoProviderDto, SsoSettingsDto } from '../dto/sso.dto';
import { SsoLoginService } from '../sso-login.service';
import { SsoProviderService } from '../sso-provider.service';

/** /api/admin/sso/...: root only (who may sign in, and as whom, is the super administrator's call). */
@ApiTags('admin sso')
@Roles(Role.Root)
@Controller('admin/sso')
export class AdminSsoController {
  constructor(
    private readonly providers: SsoProviderService,
    private readonly logins: SsoLoginService,
  ) {}

  @Get('providers')
  list(): Promise<SsoProviderView[]> {
    return this.providers.list();
  }

  @Get('provider')
  get(@Query() q: SsoIdQueryDto): Promise<SsoProviderView> {
    return this.providers.get(q.id);
  }

  @Post('provider')
  @HttpCode(200)
  create(@Body() dto: SsoProviderDto, @Req() req: AuthRequest): Promise<SsoProviderView> {
    return this.providers.create(dto, auditActor(req));
  }

  @Put('provider')
  update(@Body() dto: SsoProviderDto, @Req() req: AuthRequest): Promise<SsoProviderView> {
    return this.providers.update(dto, auditActor(req));
  }

  @Delete('provider')
  async remove(@Query() q: SsoIdQueryDto, @Req() req: AuthRequest): Promise<null> {
    await this.providers.remove(q.id, auditActor(req));
    return null;
  }

  @Get('settings')
  settings(): Promise<SsoSiteSettings> {
    return this.providers.siteSettings();
  }

  @Put('settings')
  setSettings(@Body() dto: SsoSettingsDto, @Req() req: AuthRequest): Promise<SsoSiteSettings> {
    return this.providers.setSiteSettings({ localPasswordOff: dto.localPasswordOff }, auditActor(req));
  }

  @Post('test')
  @HttpCode(200)
  test(@Body() dto: SsoIdQueryDto): Promise<SsoTestResult> {
    return this.logins.test(dto.id);
  }
}
