import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { OtherContestController } from './public/other-contest.controller';
import { CodeforcesFetcher, OTHER_CONTEST_FETCHERS } from './public/other-contest.fetcher';
import { OtherContestService } from './public/other-contest.service';

/** Upcoming contests of other judges for the home page. */
@Module({
  controllers: [OtherContestController],
  providers: [
    OtherContestService,
    {
      provide: OTHER_CONTEST_FETCHERS,
      // Each configured source (OTHER_CONTESTS) by name; an unknown name fails the start.
      useFactory: (config: AppConfig) =>
        config.otherContestSources.map((name) => {
          if (name === 'codeforces') return new CodeforcesFetcher();
          throw new Error(`OTHER_CONTESTS: unknown source "${name}" (known: codeforces)`);
        }),
      inject: [APP_CONFIG],
    },
  ],
})
export class OtherContestModule {}
