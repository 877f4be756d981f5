import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContestModule } from '../contest/contest.module';
import { AdminRatingController } from './admin/admin-rating.controller';
import { ContestRated } from './entities/contest-rated.entity';
import { ContestRating } from './entities/contest-rating.entity';
import { UserRating } from './entities/user-rating.entity';
import { NameStyleController } from './public/name-style.controller';
import { RatingService } from './rating.service';

/** Contest rating (Codeforces' method): rated contests, history, current ratings. */
@Module({
  imports: [ContestModule, TypeOrmModule.forFeature([ContestRated, ContestRating, UserRating])],
  controllers: [AdminRatingController, NameStyleController],
  providers: [RatingService],
  exports: [RatingService],
})
export class RatingModule {}
