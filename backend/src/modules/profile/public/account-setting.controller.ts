import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChangeAccountResult, HEADERS } from '@oj/contracts';
import type { Response } from 'express';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { AccountSettingService } from './account-setting.service';
import { ChangeEmailDto, ChangeMobileDto, ChangePasswordDto, ChangeUserInfoDto, EmailCodeQuery, MobileCodeQuery } from '../dto/profile.dto';

/** Product §7 User: the caller's own settings (login needed on every route). */
@ApiTags('user')
@Controller()
export class AccountSettingController {
  constructor(private readonly settings: AccountSettingService) {}

  @Post('change-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Old password checked; every other session ends; the new token comes in Authorization' })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() dto: ChangePasswordDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChangeAccountResult> {
    const result = await this.settings.changePassword(user, dto);
    if (result.token) res.setHeader(HEADERS.authorization, result.token);
    return result;
  }

  @Get('get-email-code')
  @ApiOperation({ summary: 'E-mail a code to the new address (90 s between requests)' })
  emailCode(@CurrentUser() user: AuthUser, @Query() q: EmailCodeQuery) {
    return this.settings.sendEmailCode(user, q.email);
  }

  /** HOJ's client calls the same thing by this name. */
  @Get('get-change-email-code')
  changeEmailCode(@CurrentUser() user: AuthUser, @Query() q: EmailCodeQuery) {
    return this.settings.sendEmailCode(user, q.email);
  }

  @Post('change-email')
  @HttpCode(200)
  changeEmail(@CurrentUser() user: AuthUser, @Body() dto: ChangeEmailDto): Promise<ChangeAccountResult> {
    return this.settings.changeEmail(user, dto);
  }

  @Get('get-mobile-code')
  @ApiOperation({ summary: 'Text a code to the new number through the admin SMS config (90 s between requests)' })
  mobileCode(@CurrentUser() user: AuthUser, @Query() q: MobileCodeQuery) {
    return this.settings.sendMobileCode(user, q.mobile);
  }

  @Post('change-mobile')
  @HttpCode(200)
  changeMobile(@CurrentUser() user: AuthUser, @Body() dto: ChangeMobileDto): Promise<ChangeAccountResult> {
    return this.settings.changeMobile(user, dto);
  }

  @Post('change-userInfo')
  @HttpCode(200)
  changeUserInfo(@CurrentUser() user: AuthUser, @Body() dto: ChangeUserInfoDto) {
    return this.settings.changeUserInfo(user, dto);
  }
}
