import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { SubmissionStoreModule } from '../submission-store/submission-store.module';
import { GroupRankController } from './group/group-rank.controller';
import { GroupRankService } from './group/group-rank.service';
import { RankController } from './public/rank.controller';
import { RankService } from './rank.service';

@Module({
  imports: [GroupModule, SubmissionStoreModule],
  controllers: [GroupRankController, RankController],
  providers: [GroupRankService, RankService],
})
export class RankModule {}
