import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role, SubmissionChartDay, PERMISSION } from '@oj/contracts';
import { Permission, Roles } from '../../../core/auth/decorators';
import { SubmissionChartService } from './submission-chart.service';

/** The dashboard's chart of the last 14 days' submissions (product §2), beside get-dashboard-info. */
@ApiTags('admin')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.dashboardView)
@Controller('admin/dashboard')
export class AdminSubmissionChartController {
  constructor(private readonly chart: SubmissionChartService) {}

  @Get('get-submission-chart')
  @ApiOperation({ summary: 'Submissions and accepted ones per day over the last 14 days' })
  lastDays(): Promise<SubmissionChartDay[]> {
    return this.chart.lastDays();
  }
}
