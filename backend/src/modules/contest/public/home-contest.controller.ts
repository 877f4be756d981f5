import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/decorators';
import { RecentContest, RecentContestsService } from '../recent-contests.service';

/** GET /api/get-recent-contest (product §7 Site, HOJ HomeController): the home page's recent contests. */
@ApiTags('home')
@Controller()
export class HomeContestController {
  constructor(private readonly recent: RecentContestsService) {}

  @Public()
  @Get('get-recent-contest')
  @ApiOperation({ summary: 'Visible site contests running, starting or ended within the recent 14 days' })
  recentContests(): Promise<RecentContest[]> {
    return this.recent.find();
  }
}
