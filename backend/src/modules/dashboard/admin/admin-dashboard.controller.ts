import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DashboardInfo, Role, PERMISSION } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Permission, Roles } from '../../../core/auth/decorators';
import { RecentContest } from '../../contest/recent-contests.service';
import { DashboardService } from '../dashboard.service';
import { LoginSession } from '../entities/login-session.entity';

/** /api/admin/dashboard/... (product §2 "Admin dashboard", §7 admin "dashboard info and sessions"). */
@ApiTags('admin')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Permission(PERMISSION.dashboardView)
@Controller('admin/dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('get-dashboard-info')
  @ApiOperation({ summary: 'Total users, submissions since midnight, contests of the recent 14 days, judge backlog and drain rate' })
  info(): Promise<DashboardInfo> {
    return this.dashboard.info();
  }

  @Get('get-sessions')
  @ApiOperation({ summary: "The caller's latest logins (ip, user agent, time), newest first" })
  sessions(@CurrentUser() user: AuthUser): Promise<LoginSession[]> {
    return this.dashboard.findRecentSessions(user.uid);
  }

  /** HOJ's call: a POST (its client sends the uid, which is not trusted: the caller's own sessions only). */
  @Post('get-sessions')
  @HttpCode(200)
  @ApiOperation({ summary: "HOJ: the caller's previous login (the latest when there is only one)" })
  previousSession(@CurrentUser() user: AuthUser): Promise<LoginSession | null> {
    return this.dashboard.findPreviousSession(user.uid);
  }

  @Get('get-recent-contest')
  @ApiOperation({ summary: 'Visible site contests running, starting or ended within the recent 14 days' })
  recentContests(): Promise<RecentContest[]> {
    return this.dashboard.recentContests();
  }
}
