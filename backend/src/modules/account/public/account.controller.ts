import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CaptchaResponse,
  CheckUsernameOrEmailResponse,
  HEADERS,
  RegisterCodeResponse,
  SITE_TEXT,
  SlideChallenge,
  SlideVerifyResponse,
  UserInfo,
} from '@oj/contracts';
import type { Response } from 'express';
import { AuthRequest, AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Public, RequireSwitch } from '../../../core/auth/decorators';
import { PermissionService } from '../../../core/auth/permission.service';
import { BadRequestError } from '../../../core/http/api.exception';
import { AccountService } from '../account.service';
import { CaptchaService } from '../captcha/captcha.service';
import {
  ApplyResetPasswordDto,
  CheckUsernameOrEmailDto,
  LoginDto,
  RegisterCodeQuery,
  RegisterDto,
  ResetPasswordDto,
  SlideVerifyDto,
} from '../dto/account.dto';
import { SlideVerifyService } from '../captcha/slide-verify.service';
import { LockExempt } from '../../../core/auth/lockdown';

const clientIp = (req: AuthRequest) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Product §7 Account. */
@ApiTags('account')
// Logging in and out and the caller's own account stay open to a participant held in a locked exam or contest.
@LockExempt()
@Controller()
export class AccountController {
  constructor(
    private readonly accounts: AccountService,
    private readonly captcha: CaptchaService,
    private readonly slide: SlideVerifyService,
    private readonly permissions: PermissionService,
  ) {}

  @Public()
  @RequireSwitch('register')
  @Get('get-register-code')
  @ApiOperation({ summary: 'E-mail a 6-digit registration code (60 s between two requests)' })
  getRegisterCode(@Query() query: RegisterCodeQuery, @Req() req: AuthRequest): Promise<RegisterCodeResponse> {
    return this.accounts.sendRegisterCode(query.email, clientIp(req));
  }

  @Public()
  @RequireSwitch('register')
  @Post('register')
  @HttpCode(200)
  async register(@Body() dto: RegisterDto): Promise<null> {
    await this.accounts.register(dto);
    return null;
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in: the token comes in the Authorization header, the user info in data' })
  async login(@Body() dto: LoginDto, @Req() req: AuthRequest, @Res({ passthrough: true }) res: Response): Promise<UserInfo> {
    const result = await this.accounts.login(dto, clientIp(req));
    res.setHeader(HEADERS.authorization, result.token);
    return result.user;
  }

  @Public()
  @Get('get-slide-verify')
  @ApiOperation({ summary: 'A slide puzzle; needed after 5 failed logins' })
  getSlideVerify(): Promise<SlideChallenge> {
    return this.slide.createChallenge();
  }

  @Public()
  @Post('check-slide-verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check where the piece was dropped; answers the proof for the next login' })
  async checkSlideVerify(@Body() dto: SlideVerifyDto): Promise<SlideVerifyResponse> {
    const slideToken = await this.slide.check(dto.slideKey, dto.x, dto.username);
    if (!slideToken) throw new BadRequestError(SITE_TEXT.slideWrong);
    return { slideToken };
  }

  @Public()
  @Post('check-username-or-email-or-mobile')
  @HttpCode(200)
  checkUsernameOrEmailOrMobile(@Body() dto: CheckUsernameOrEmailDto, @Req() req: AuthRequest): Promise<CheckUsernameOrEmailResponse> {
    return this.accounts.checkUsernameOrEmail(dto, clientIp(req));
  }

  /** The same check under HOJ's older name, which its client still calls. */
  @Public()
  @Post('check-username-or-email')
  @HttpCode(200)
  checkUsernameOrEmail(@Body() dto: CheckUsernameOrEmailDto, @Req() req: AuthRequest): Promise<CheckUsernameOrEmailResponse> {
    return this.accounts.checkUsernameOrEmail(dto, clientIp(req));
  }

  @Public()
  @Get('captcha')
  getCaptcha(): Promise<CaptchaResponse> {
    return this.captcha.create();
  }

  @Public()
  @Post('apply-reset-password')
  @HttpCode(200)
  async applyResetPassword(@Body() dto: ApplyResetPasswordDto, @Req() req: AuthRequest): Promise<null> {
    await this.accounts.applyResetPassword(dto, clientIp(req));
    return null;
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<null> {
    await this.accounts.resetPassword(dto);
    return null;
  }

  @Get('logout')
  @ApiOperation({ summary: 'Revoke the token of this request' })
  async logout(@Req() req: AuthRequest): Promise<null> {
    await this.accounts.logout(req.token);
    return null;
  }

  /** HOJ UserAuthInfoVO, asked on every page load of a logged-in user: role names; HOJ leaves `permissions` null. */
  @Get('get-user-auth-info')
  async userAuthInfo(@CurrentUser() user: AuthUser): Promise<{ roles: string[]; permissions: string[] }> {
    // HOJ's UserAuthInfoVO: the role names and the permission keys the role holds now (admin → Auth).
    return { roles: user.roleList, permissions: await this.permissions.permissionsOf(user.roleId) };
  }
}
