import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REMOTE_ACCOUNT_LIMITS, Role } from '@oj/contracts';
import type { RemoteJudgeAccountView, RemoteJudgeSiteView } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { Roles } from '../../../core/auth/decorators';
import { RemoteAccountAdminService } from './remote-account-admin.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadRemoteAccount, resultId } from '../remote-judge-audit';

class RemoteAccountDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
  @IsString() @MinLength(1) @MaxLength(20) oj: string;
  @IsString() @MinLength(1) @MaxLength(REMOTE_ACCOUNT_LIMITS.usernameMax) username: string;
  @IsOptional() @IsString() @MaxLength(REMOTE_ACCOUNT_LIMITS.passwordMax) password?: string;
  @IsOptional() @IsString() @MaxLength(REMOTE_ACCOUNT_LIMITS.cookieMax) cookie?: string | null;
  @IsOptional() @IsString() @MaxLength(REMOTE_ACCOUNT_LIMITS.userAgentMax) userAgent?: string | null;
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsBoolean() clearCookie?: boolean;
}

class AccountListQueryDto {
  @IsOptional() @IsString() @MaxLength(20) oj?: string;
}

class AccountIdQueryDto {
  @Type(() => Number) @IsInt() @Min(1) id: number;
}

class SiteSwitchDto {
  @IsString() @MinLength(1) @MaxLength(20) oj: string;
  @IsBoolean() enabled: boolean;
}

/** /api/admin/remote-judge: Admin → Remote judge, the sites and their accounts (issue 34). Root only. */
@ApiTags('admin remote judge')
@Roles(Role.Root)
@Controller('admin/remote-judge')
export class AdminRemoteJudgeController {
  constructor(private readonly admin: RemoteAccountAdminService) {}

  @Get('sites')
  sites(): Promise<RemoteJudgeSiteView[]> {
    return this.admin.siteList();
  }

  @Put('site')
  @Audited('remote-judge.site.switch', { target: 'config', id: fromBody('oj'), after: (req) => req.body })
  switchSite(@Body() dto: SiteSwitchDto): Promise<RemoteJudgeSiteView[]> {
    return this.admin.setSiteEnabled(dto.oj, dto.enabled);
  }

  @Get('account/list')
  list(@Query() q: AccountListQueryDto): Promise<RemoteJudgeAccountView[]> {
    return this.admin.list(q.oj?.toUpperCase());
  }

  @Post('account')
  @Audited('remote-judge.account.create', { target: 'remote-account', idFromResult: resultId, load: loadRemoteAccount })
  create(@Body() dto: RemoteAccountDto): Promise<RemoteJudgeAccountView> {
    return this.admin.create(dto);
  }

  @Put('account')
  @Audited('remote-judge.account.update', { target: 'remote-account', id: fromBody('id'), load: loadRemoteAccount })
  update(@Body() dto: RemoteAccountDto): Promise<RemoteJudgeAccountView> {
    return this.admin.update(dto);
  }

  @Delete('account')
  @Audited('remote-judge.account.delete', { target: 'remote-account', id: fromQuery('id'), load: loadRemoteAccount })
  async remove(@Query() q: AccountIdQueryDto): Promise<null> {
    await this.admin.remove(q.id);
    return null;
  }
}
