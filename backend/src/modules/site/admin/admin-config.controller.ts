import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccountConfig,
  AdminWebConfig,
  DbAndRedisConfig,
  EmailConfig,
  HomeCarouselItem,
  MobileConfig,
  Role,
  SITE_TEXT,
} from '@oj/contracts';
import { Roles } from '../../../core/auth/decorators';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { MailService } from '../../../core/mail/mail.service';
import { SiteConfigService } from '../../../core/site-config/site-config.service';
import { AccountConfigDto, EmailConfigDto, HomeCarouselDto, MobileConfigDto, TestEmailDto, WebConfigDto } from '../dto/config.dto';
import { IdQuery } from '../dto/announcement.dto';
import { SystemInfoService } from '../system-info.service';
import { UploadService } from '../../upload/upload.service';
import { Audited } from '../../../core/audit/audited.decorator';
import { configLoader, section } from '../site-audit';

const keepSecret = (value: string | undefined) => (value ? value : undefined);

/** Admin → Config (product §7 admin calls; super admin only, service info for every admin role). */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/config')
export class AdminConfigController {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly mail: MailService,
    private readonly system: SystemInfoService,
    private readonly uploads: UploadService,
  ) {}

  @Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
  @Get('get-service-info')
  getServiceInfo(@Req() req: Request) {
    return this.system.serviceInfo(req.secure);
  }

  @Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
  @Get('get-judge-service-info')
  getJudgeServiceInfo() {
    return this.system.judgeServers();
  }

  @Get('get-web-config')
  async getWebConfig(): Promise<AdminWebConfig> {
    const [web, sw] = await Promise.all([this.siteConfig.get('web'), this.siteConfig.get('switch')]);
    return { ...web, register: sw.register };
  }

  @Put('set-web-config')
  @Audited('config.web.update', { target: 'config', id: section('web'), load: configLoader('web', 'switch') })
  async setWebConfig(@Body() dto: WebConfigDto): Promise<AdminWebConfig> {
    const { register, ...web } = dto;
    const saved = await this.siteConfig.set('web', web);
    const sw = register === undefined ? await this.siteConfig.get('switch') : await this.siteConfig.set('switch', { register });
    return { ...saved, register: sw.register };
  }

  @Get('get-account-config')
  @ApiOperation({ summary: 'The registration switch and the account rules the server enforces (shown, set by spec or env)' })
  async getAccountConfig(): Promise<AccountConfig> {
    const sw = await this.siteConfig.get('switch');
    return { register: sw.register, rules: this.system.accountRules() };
  }

  @Put('set-account-config')
  @Audited('config.account.update', { target: 'config', id: section('switch'), load: configLoader('switch') })
  async setAccountConfig(@Body() dto: AccountConfigDto): Promise<AccountConfig> {
    const sw = await this.siteConfig.set('switch', { register: dto.register });
    return { register: sw.register, rules: this.system.accountRules() };
  }

  @Post('home-carousel')
  @Audited('config.carousel.add', { target: 'config', id: section('carousel'), load: configLoader('carousel') })
  @ApiOperation({ summary: 'Add a picture (URL of an uploaded image) to the home carousel' })
  async addHomeCarousel(@Body() dto: HomeCarouselDto): Promise<HomeCarouselItem[]> {
    const list = await this.siteConfig.get('carousel');
    const id = list.reduce((max, item) => Math.max(max, item.id), 0) + 1;
    return this.siteConfig.set('carousel', [...list, { id, url: dto.url }]);
  }

  @Delete('home-carousel')
  @Audited('config.carousel.delete', { target: 'config', id: section('carousel'), load: configLoader('carousel') })
  async deleteHomeCarousel(@Query() query: IdQuery): Promise<HomeCarouselItem[]> {
    const list = await this.siteConfig.get('carousel');
    const gone = list.find((item) => item.id === query.id);
    if (!gone) throw new NotFoundError();
    const left = await this.siteConfig.set(
      'carousel',
      list.filter((item) => item.id !== query.id),
    );
    // A picture uploaded for the carousel goes with it (a URL from elsewhere is left alone).
    await this.uploads.removeByLink(gone.url);
    return left;
  }

  @Get('get-email-config')
  @ApiOperation({ summary: 'SMTP config; the password is answered empty' })
  async getEmailConfig(): Promise<EmailConfig & { emailPasswordSet: boolean }> {
    const email = await this.siteConfig.get('email');
    return { ...email, emailPassword: '', emailPasswordSet: Boolean(email.emailPassword) };
  }

  @Put('set-email-config')
  @Audited('config.email.update', { target: 'config', id: section('email'), load: configLoader('email') })
  async setEmailConfig(@Body() dto: EmailConfigDto): Promise<null> {
    const { emailPasswordSet: _ignored, ...email } = dto;
    await this.siteConfig.set('email', { ...email, emailPassword: keepSecret(dto.emailPassword) });
    return null;
  }

  @Post('test-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a test e-mail with the saved SMTP config' })
  async testEmail(@Body() dto: TestEmailDto): Promise<string> {
    const web = await this.siteConfig.get('web');
    await this.mail.send({
      to: dto.email,
      subject: `${web.shortName} test e-mail`,
      text: `This is a test e-mail from ${web.name}. The SMTP configuration works.`,
    });
    return SITE_TEXT.testEmailSent;
  }

  @Get('get-mobile-config')
  async getMobileConfig(): Promise<MobileConfig & { accessKeySecretSet: boolean }> {
    const mobile = await this.siteConfig.get('mobile');
    return { ...mobile, accessKeySecret: '', accessKeySecretSet: Boolean(mobile.accessKeySecret) };
  }

  @Put('set-mobile-config')
  @Audited('config.mobile.update', { target: 'config', id: section('mobile'), load: configLoader('mobile') })
  async setMobileConfig(@Body() dto: MobileConfigDto): Promise<null> {
    const { accessKeySecretSet: _ignored, ...mobile } = dto;
    await this.siteConfig.set('mobile', { ...mobile, accessKeySecret: keepSecret(dto.accessKeySecret) });
    return null;
  }

  @Get('get-db-and-redis-config')
  @ApiOperation({ summary: 'The PostgreSQL and Redis in use (set through DATABASE_URL and REDIS_URL)' })
  getDbAndRedisConfig(): DbAndRedisConfig {
    return this.system.dbAndRedis();
  }

  /**
   * HOJ saves a new data source here; this installation takes it from its environment (DATABASE_URL, REDIS_URL,
   * read once at start), so the call changes nothing and says so.
   */
  @Put('set-db-and-redis-config')
  @ApiOperation({ summary: 'Refused: the data source is set by DATABASE_URL and REDIS_URL' })
  setDbAndRedisConfig(): never {
    throw new BadRequestError(SITE_TEXT.dataSourceReadOnly);
  }
}
