import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PERMISSION, Role } from '@oj/contracts';
import { Permission, Roles } from '../../../core/auth/decorators';
import { AdminGroupProblemListQueryDto, ChangeGroupProblemProgressDto } from './group-problem.dto';
import { AdminGroupProblemService } from './admin-group-problem.service';

/** /api/admin/group-problem (HOJ AdminGroupProblemController): the public-bank applications, for problem admins. */
@ApiTags('admin group problem')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.problemAdmin)
@Controller('admin/group-problem')
export class AdminGroupProblemController {
  constructor(private readonly applications: AdminGroupProblemService) {}

  @Get('list')
  list(@Query() q: AdminGroupProblemListQueryDto) {
    return this.applications.list(q);
  }

  @Put('change-progress')
  async changeProgress(@Body() dto: ChangeGroupProblemProgressDto): Promise<null> {
    await this.applications.changeProgress(dto.pid, dto.progress);
    return null;
  }
}
