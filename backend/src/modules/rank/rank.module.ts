import { Module } from '@nestjs/common';
import { GroupModule } from '../group/group.module';
import { GroupRankController } from './group/group-rank.controller';
import { GroupRankService } from './group/group-rank.service';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Submission } from '../submission-store/entities/submission.entity';
import { UserJudgeStat } from '../submission-store/entities/user-judge-stat.entity';
import { User } from '../../core/auth/entities/user.entity';
import { RankController } from './public/rank.controller';
import { RankService } from './rank.service';

@Module({
  imports: [GroupModule, TypeOrmModule.forFeature([UserJudgeStat, Submission, User])],
  controllers: [GroupRankController, RankController],
  providers: [GroupRankService, RankService],
})
export class RankModule {}
