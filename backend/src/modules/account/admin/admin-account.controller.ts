import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminLoginResponse, HEADERS, Role } from '@oj/contracts';
import type { Response } from 'express';
import { AuthRequest } from '../../../core/auth/auth-user';
import { Public, Roles } from '../../../core/auth/decorators';
import { AccountService } from '../account.service';
import { LoginDto } from '../dto/account.dto';

/** /api/admin/login refuses every role but root, admin and problem admin. */
@ApiTags('admin')
@Controller('admin')
export class AdminAccountController {
  constructor(private readonly accounts: AccountService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin login (admin-type roles only)' })
  async login(@Body() dto: LoginDto, @Req() req: AuthRequest, @Res({ passthrough: true }) res: Response): Promise<AdminLoginResponse> {
    const result = await this.accounts.login(dto, req.ip ?? 'unknown', true);
    res.setHeader(HEADERS.authorization, result.token);
    return result.user;
  }

  @Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
  @Get('logout')
  async logout(@Req() req: AuthRequest): Promise<null> {
    await this.accounts.logout(req.token);
    return null;
  }
}
