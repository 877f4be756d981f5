import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PERMISSION, Role, TopGroupRow } from '@oj/contracts';
import { Permission, Roles } from '../../../core/auth/decorators';
import { TopGroupService } from './top-group.service';

/** The dashboard's top 10 teams chart (product §2), beside get-dashboard-info. */
@ApiTags('admin')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.dashboardView)
@Controller('admin/dashboard')
export class AdminTopGroupController {
  constructor(private readonly top: TopGroupService) {}

  @Get('get-top-group-rank')
  @ApiOperation({ summary: "The 10 groups whose members solved the most problems (sum of the members' solved)" })
  topGroups(): Promise<TopGroupRow[]> {
    return this.top.topGroups();
  }
}
