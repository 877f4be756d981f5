import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthEntry, Role, RoleAuthEntry } from '@oj/contracts';
import { Roles } from '../../../core/auth/decorators';
import { AdminAuthService } from './admin-auth.service';
import { AuthIdQuery, CreateAuthDto, RoleAuthDto, RoleAuthsDto, UpdateAuthDto } from '../dto/auth.dto';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadAuth, loadRolePermissions, resultId } from '../user-audit';

/** Admin → Auth and Role-auth (super admin only, product §2/§6): fixed to root, never delegable through the mapping. */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin')
export class AdminAuthController {
  constructor(private readonly service: AdminAuthService) {}

  @Get('auth')
  list(): Promise<AuthEntry[]> {
    return this.service.list();
  }

  @Post('auth')
  @Audited('auth.create', { target: 'auth', idFromResult: resultId, load: loadAuth })
  create(@Body() dto: CreateAuthDto): Promise<AuthEntry> {
    return this.service.create(dto);
  }

  @Put('auth')
  @Audited('auth.update', { target: 'auth', id: fromBody('id'), load: loadAuth })
  update(@Body() dto: UpdateAuthDto): Promise<AuthEntry> {
    return this.service.update(dto);
  }

  @Delete('auth')
  @Audited('auth.delete', { target: 'auth', id: fromQuery('id'), load: loadAuth })
  async remove(@Query() q: AuthIdQuery): Promise<null> {
    await this.service.remove(q);
    return null;
  }

  @Get('role-auth')
  roleAuths(): Promise<RoleAuthEntry[]> {
    return this.service.roleAuthList();
  }

  @Put('role-auth')
  @Audited('role.permissions.set', { target: 'role', id: fromBody('roleId'), load: loadRolePermissions })
  setRoleAuths(@Body() dto: RoleAuthsDto): Promise<RoleAuthEntry> {
    return this.service.setRoleAuths(dto);
  }

  @Post('role-auth')
  @Audited('role.permission.grant', { target: 'role', id: fromBody('roleId'), load: loadRolePermissions })
  async grant(@Body() dto: RoleAuthDto): Promise<null> {
    await this.service.grant(dto);
    return null;
  }

  @Delete('role-auth')
  @Audited('role.permission.revoke', { target: 'role', id: fromQuery('roleId'), load: loadRolePermissions })
  async revoke(@Query() q: RoleAuthDto): Promise<null> {
    await this.service.revoke(q);
    return null;
  }
}
