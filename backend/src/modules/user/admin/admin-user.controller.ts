import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminInsertUsersResult, AdminUserRow, GenerateUsersResult, Page, Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../../core/auth/decorators';
import { AdminUserService } from './admin-user.service';
import { AdminDeleteUsersDto, AdminEditUserDto, AdminInsertUsersDto, AdminUserListQuery, GenerateUsersDto } from '../dto/admin-user.dto';
import { Audited, fromBody } from '../../../core/audit/audited.decorator';
import { loadUsers } from '../user-audit';

/** Admin → User (super admin only, product §6). */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/user')
export class AdminUserController {
  constructor(private readonly adminUsers: AdminUserService) {}

  @Get('get-user-list')
  list(@Query() query: AdminUserListQuery): Promise<Page<AdminUserRow>> {
    return this.adminUsers.list(query);
  }

  @Put('edit-user')
  @Audited('user.update', {
    target: 'user',
    id: fromBody('uid'),
    load: loadUsers,
    note: (req) => ((req.body as { setNewPwd?: unknown })?.setNewPwd === true ? 'password reset' : null),
  })
  async edit(@Body() dto: AdminEditUserDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.adminUsers.edit(dto, user);
    return null;
  }

  @Delete('delete-user')
  @Audited('user.delete', { target: 'user', id: fromBody('ids'), load: loadUsers })
  async remove(@Body() dto: AdminDeleteUsersDto, @CurrentUser() user: AuthUser): Promise<{ deleted: number }> {
    return { deleted: await this.adminUsers.remove(dto.ids, user) };
  }

  @Post('insert-batch-user')
  @Audited('user.create-batch', {
    target: 'user',
    after: (req, result) => ({ usernames: ((req.body as { users?: unknown[][] })?.users ?? []).map((u) => u?.[0]), result }),
  })
  insertBatch(@Body() dto: AdminInsertUsersDto): Promise<AdminInsertUsersResult> {
    return this.adminUsers.insertBatch(dto.users);
  }

  /** HOJ's body (number_from, number_to, password_length) or ours; answers HOJ's `{key}` with the accounts. */
  @Post('generate-user')
  @Audited('user.generate', { target: 'user', after: (req, result) => ({ request: req.body, result }) })
  generate(@Body() dto: GenerateUsersDto): Promise<GenerateUsersResult> {
    return this.adminUsers.generate(dto);
  }
}
