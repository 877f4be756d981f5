import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGroupRow, Page, Role } from '@oj/contracts';
import { Roles } from '../../../core/auth/decorators';
import { AdminGroupListQueryDto } from '../dto/admin-group.dto';
import { AdminGroupService } from './admin-group.service';

/** /api/admin/group/...: root manages every group (product §6); ban/unban and delete are PUT/DELETE /api/group. */
@ApiTags('admin')
@Roles(Role.Root)
@Controller('admin/group')
export class AdminGroupController {
  constructor(private readonly groups: AdminGroupService) {}

  @Get('get-group-list')
  @ApiOperation({ summary: 'Every group with its ban status (root)' })
  list(@Query() q: AdminGroupListQueryDto): Promise<Page<AdminGroupRow>> {
    return this.groups.list(q);
  }
}
