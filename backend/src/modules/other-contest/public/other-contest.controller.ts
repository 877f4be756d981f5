import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { OtherContest } from '@oj/contracts';
import { Public } from '../../../core/auth/decorators';
import { OtherContestService } from './other-contest.service';

@ApiTags('site')
@Controller()
export class OtherContestController {
  constructor(private readonly others: OtherContestService) {}

  @Public()
  @Get('get-recent-other-contest')
  @ApiOperation({ summary: "Other judges' upcoming contests (HOJ: oj, title, url, beginTime, endTime); empty without network" })
  list(): Promise<OtherContest[]> {
    return this.others.list();
  }
}
