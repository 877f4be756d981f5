import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../../core/auth/decorators';
import { RankListQueryDto } from '../dto/rank-query.dto';
import { RankService } from '../rank.service';

@ApiTags('rank')
@Controller()
export class RankController {
  constructor(private readonly ranks: RankService) {}

  @Public()
  @Get('get-rank-list')
  list(@Query() q: RankListQueryDto) {
    return this.ranks.rankList(q);
  }

  @Public()
  @Get('get-recent-seven-ac-rank')
  recent() {
    return this.ranks.recentAcRank();
  }
}
