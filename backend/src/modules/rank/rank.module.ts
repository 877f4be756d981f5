import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Submission } from '../submission-store/entities/submission.entity';
import { UserJudgeStat } from '../submission-store/entities/user-judge-stat.entity';
import { User } from '../../core/auth/entities/user.entity';
import { RankController } from './public/rank.controller';
import { RankService } from './rank.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserJudgeStat, Submission, User])],
  controllers: [RankController],
  providers: [RankService],
})
export class RankModule {}
