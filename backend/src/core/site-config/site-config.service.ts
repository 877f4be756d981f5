import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SiteSwitch, WebsiteConfig } from '@oj/contracts';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { SiteConfigEntry } from './site-config.entity';
import { SITE_CONFIG_DEFAULTS, SectionName, SiteConfigSections } from './site-config.defaults';

/** Cached sections are re-read at least this often, even if an invalidation message was missed. */
const CACHE_MS = 10_000;

/**
 * Site configuration and switches. Reads are served from memory; a write invalidates the cache of
 * every backend replica through a Redis channel, so a switch turned off applies at once everywhere.
 */
@Injectable()
export class SiteConfigService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SiteConfigService.name);
  private readonly cache = new Map<SectionName, { value: unknown; at: number }>();
  /** Bumped by every invalidation: a read that started before it must not refill the cache. */
  private generation = 0;
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    @InjectRepository(SiteConfigEntry) private readonly entries: Repository<SiteConfigEntry>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redis.keyPrefix}site-config`;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, section: string) => this.invalidate(section as SectionName));
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  async get<K extends SectionName>(section: K): Promise<SiteConfigSections[K]> {
    const hit = this.cache.get(section);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as SiteConfigSections[K];
    const generation = this.generation;
    const row = await this.entries.findOne({ where: { key: section } });
    const defaults = SITE_CONFIG_DEFAULTS[section];
    const value = (
      Array.isArray(defaults) ? (row?.value ?? defaults) : { ...defaults, ...((row?.value as object) ?? {}) }
    ) as SiteConfigSections[K];
    if (generation === this.generation) this.cache.set(section, { value, at: Date.now() });
    return value;
  }

  private invalidate(section: SectionName): void {
    this.generation++;
    this.cache.delete(section);
  }

  /** Saves the given keys of a section (unknown keys and null values are dropped) and tells every replica. */
  async set<K extends SectionName>(
    section: K,
    patch: Partial<SiteConfigSections[K]> | SiteConfigSections[K],
  ): Promise<SiteConfigSections[K]> {
    const current = await this.get(section);
    const defaults = SITE_CONFIG_DEFAULTS[section];
    let value: SiteConfigSections[K];
    if (Array.isArray(defaults)) {
      value = patch as SiteConfigSections[K];
    } else {
      const known = Object.keys(defaults);
      // null is "not given" as undefined is: a section's fields keep their types (a null switch was stored before).
      const picked = Object.fromEntries(Object.entries(patch).filter(([k, v]) => known.includes(k) && v !== undefined && v !== null));
      value = { ...current, ...picked } as SiteConfigSections[K];
    }
    await this.entries.save({ key: section, value });
    this.invalidate(section);
    await this.redis.publish(this.channel, section).catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
    return value;
  }

  async isSwitchOn(name: SiteSwitch): Promise<boolean> {
    return (await this.get('switch'))[name];
  }

  /** GET /api/get-website-config: the public fields of product §3 only. */
  async publicWebsiteConfig(): Promise<WebsiteConfig> {
    const web = await this.get('web');
    const sw = await this.get('switch');
    const email = await this.get('email');
    const emailConfigured = Boolean(email.emailHost);
    return {
      shortName: web.shortName,
      projectName: web.projectName,
      projectUrl: web.projectUrl,
      recordName: web.recordName,
      recordUrl: web.recordUrl,
      description: web.description,
      // Registering needs a mailed code: until SMTP is set the site cannot register anyone, so clients that do not
      // read emailConfigured (HOJ's) are told it is closed. The stored switch is unchanged (Admin → Switch shows it).
      register: sw.register && emailConfigured,
      openPublicDiscussion: sw.openPublicDiscussion,
      openGroupDiscussion: sw.openGroupDiscussion,
      openContestComment: sw.openContestComment,
      openPublicJudge: sw.openPublicJudge,
      // Registration needs a mailed code: clients hide or explain the register link without an SMTP host.
      emailConfigured,
    };
  }
}
