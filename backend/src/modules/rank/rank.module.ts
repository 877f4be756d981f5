import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Judge } from '../submission/entities/judge.entity';
import { UserJudgeStat } from '../submission/entities/user-judge-stat.entity';
import { User } from '../../core/auth/entities/user.entity';
import { RankController } from './rank.controller';
import { RankService } from './rank.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserJudgeStat, Judge, User])],
  controllers: [RankController],
  providers: [RankService],
})
export class RankModule {}
