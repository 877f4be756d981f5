import { Controller, Get, Query } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { Roles } from '../../../core/auth/decorators';
import { XLSX_MIME, xlsxFile } from '../../../core/xlsx/xlsx';
import { AdminUserService } from './admin-user.service';
import { GeneratedUsersKeyQuery } from '../dto/admin-user.dto';

/** HOJ's UserFileController: the accounts of a generate-user call as a spreadsheet, by the call's key (root). */
@ApiTags('file')
@Roles(Role.Root)
@Controller('file')
export class UserFileController {
  constructor(private readonly adminUsers: AdminUserService) {}

  @Get('generate-user-excel')
  @ApiProduces(XLSX_MIME)
  async generateUserExcel(@Query() q: GeneratedUsersKeyQuery) {
    const users = await this.adminUsers.generated(q.key);
    return xlsxFile(
      'generated-users.xlsx',
      'Users',
      ['Username', 'Password'],
      users.map((u) => [u.username, u.password]),
    );
  }
}
