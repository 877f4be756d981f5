import { Module } from '@nestjs/common';
import { OtherContestController } from './other-contest.controller';
import { CodeforcesFetcher, OTHER_CONTEST_FETCHERS } from './other-contest.fetcher';
import { OtherContestService } from './other-contest.service';

/** Upcoming contests of other judges for the home page. */
@Module({
  controllers: [OtherContestController],
  providers: [OtherContestService, { provide: OTHER_CONTEST_FETCHERS, useFactory: () => [new CodeforcesFetcher()] }],
})
export class OtherContestModule {}
