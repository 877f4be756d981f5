import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { XLSX_MIME, xlsxFile } from '../../core/xlsx/xlsx';
import { AdminInsertUsersResult, AdminUserRow, GeneratedUser, Page, Role } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../core/auth/decorators';
import { AdminUserService } from './admin-user.service';
import {
  AdminDeleteUsersDto,
  AdminEditUserDto,
  AdminInsertUsersDto,
  AdminUserListQuery,
  GeneratedUsersExcelDto,
  GenerateUsersDto,
} from './dto/admin-user.dto';

/** Admin → User (super admin only, spec §6). */
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
  async edit(@Body() dto: AdminEditUserDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.adminUsers.edit(dto, user);
    return null;
  }

  @Delete('delete-user')
  async remove(@Body() dto: AdminDeleteUsersDto, @CurrentUser() user: AuthUser): Promise<{ deleted: number }> {
    return { deleted: await this.adminUsers.remove(dto.ids, user) };
  }

  @Post('insert-batch-user')
  insertBatch(@Body() dto: AdminInsertUsersDto): Promise<AdminInsertUsersResult> {
    return this.adminUsers.insertBatch(dto.users);
  }

  @Post('generate-user')
  generate(@Body() dto: GenerateUsersDto): Promise<GeneratedUser[]> {
    return this.adminUsers.generate(dto);
  }

  /** The generated accounts as a spreadsheet (HOJ's generate-user-excel), written from the rows generate-user answered. */
  @Post('generate-user-excel')
  @HttpCode(200)
  @ApiProduces(XLSX_MIME)
  generateExcel(@Body() dto: GeneratedUsersExcelDto) {
    return xlsxFile(
      'generated-users.xlsx',
      'Users',
      ['Username', 'Password'],
      dto.users.map((u) => [u.username, u.password]),
    );
  }
}
