import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { bullRedisRetryDelayMs } from '@oj/contracts';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** Bull root configuration: the Redis of config.redis.url and the key prefix BULL_PREFIX. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        url: config.redis.url,
        prefix: config.bull.prefix,
        redis: { retryStrategy: bullRedisRetryDelayMs },
      }),
    }),
  ],
})
export class QueueModule {}
