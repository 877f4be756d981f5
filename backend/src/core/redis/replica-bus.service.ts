import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS } from './redis.token';

/**
 * Tells every replica of this installation that something they keep a copy of changed (group levels, group rows,
 * the group directory): one subscriber connection per process for all of its channels. Channels are named under
 * REDIS_PREFIX (ioredis prefixes keys, not channels), so two installations sharing a Redis never hear each other.
 * A replica hears its own messages too; handlers only drop copies, so hearing one twice costs a re-read.
 */
@Injectable()
export class ReplicaBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ReplicaBus.name);
  private readonly handlers = new Map<string, (message: string) => void>();
  private subscriber?: Redis;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.keyPrefix}bus:`;
  }

  /** Listens on a channel; called from a provider's constructor (every provider exists before any init hook). */
  on(channel: string, handler: (message: string) => void): void {
    const name = this.prefix + channel;
    this.handlers.set(name, handler);
    void this.subscriber?.subscribe(name).catch((e: Error) => this.logger.warn(`subscribe failed: ${e.message}`));
  }

  /** Sends after the shared state changed, so that a replica dropping its copy reads the new state. */
  async publish(channel: string, message: string): Promise<void> {
    await this.redis.publish(this.prefix + channel, message).catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('error', (e: Error) => this.logger.warn(`Redis: ${e.message}`));
    this.subscriber.on('message', (channel: string, message: string) => this.handlers.get(channel)?.(message));
    if (this.handlers.size) await this.subscriber.subscribe(...this.handlers.keys());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
