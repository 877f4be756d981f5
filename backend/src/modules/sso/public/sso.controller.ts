import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HEADERS, SsoPublicInfo, UserInfo } from '@oj/contracts';
import type { Response } from 'express';
import { AuthRequest } from '../../../core/auth/auth-user';
import { Public } from '../../../core/auth/decorators';
import { SsoAuthorizeDto, SsoExchangeDto, SsoLdapLoginDto } from '../dto/sso.dto';
import { SsoLoginService } from '../sso-login.service';
import { SsoProviderService } from '../sso-provider.service';

const clientIp = (req: AuthRequest) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** /api/sso/...: the login dialog's buttons and the sign-in flows (module README). */
@ApiTags('sso')
@Controller('sso')
export class SsoController {
  constructor(
    private readonly providers: SsoProviderService,
    private readonly logins: SsoLoginService,
  ) {}

  @Public()
  @Get('providers')
  @ApiOperation({ summary: 'Enabled sign-in providers (id, name, type) and whether password login is off for non-admins' })
  providerList(): Promise<SsoPublicInfo> {
    return this.providers.publicInfo();
  }

  @Public()
  @Post('authorize')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start an OIDC or CAS sign-in: the address the browser goes to' })
  authorize(@Body() dto: SsoAuthorizeDto, @Req() req: AuthRequest): Promise<{ url: string }> {
    return this.logins.authorize(dto.id, dto.proof, clientIp(req));
  }

  /** The provider's redirect back: always a 302 to the web app's callback page (with a code, or the refusal). */
  @Public()
  @Get('callback/:id')
  async callback(@Param('id', ParseIntPipe) id: number, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') params[k] = v;
    const to = await this.logins.callback(id, params);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, to);
  }

  @Public()
  @Post('exchange')
  @HttpCode(200)
  @ApiOperation({ summary: 'The callback page trades its one-time code for the session token (Authorization header)' })
  async exchange(@Body() dto: SsoExchangeDto, @Req() req: AuthRequest, @Res({ passthrough: true }) res: Response): Promise<UserInfo> {
    const result = await this.logins.exchange(dto.code, dto.proof, clientIp(req));
    res.setHeader(HEADERS.authorization, result.token);
    return result.user;
  }

  @Public()
  @Post('ldap-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with a directory (LDAP / AD) account: answered as /api/login' })
  async ldapLogin(@Body() dto: SsoLdapLoginDto, @Req() req: AuthRequest, @Res({ passthrough: true }) res: Response): Promise<UserInfo> {
    const result = await this.logins.ldapLogin(dto.id, dto.username, dto.password, clientIp(req));
    res.setHeader(HEADERS.authorization, result.token);
    return result.user;
  }
}
