import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ReplicaBus } from './replica-bus.service';
import { REDIS } from './redis.token';

const logger = new Logger('Redis');

export { REDIS } from './redis.token';

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = new Redis(config.redis.url, { keyPrefix: config.redis.keyPrefix, maxRetriesPerRequest: 3 });
        // Without a listener a lost connection is an "Unhandled error event"; ioredis reconnects by itself.
        redis.on('error', (e: Error) => logger.warn(`Redis: ${e.message}`));
        return redis;
      },
    },
    RedisShutdown,
    ReplicaBus,
  ],
  exports: [REDIS, ReplicaBus],
})
export class RedisModule {}
