import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** The mapping is re-read at least this often, even if an invalidation message was missed. */
const CACHE_MS = 10_000;

/**
 * The stored role → permission mapping (`auth` and `role_auth`), read by the `@Permission` guard and by services
 * (submit, discussion posting). Kept in memory; a change invalidates every replica through a Redis channel, so a
 * permission taken from a role is refused at once. The super administrator holds every permission.
 */
@Injectable()
export class PermissionService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PermissionService.name);
  private cache?: { byRole: Map<number, Set<string>>; at: number };
  private loading?: Promise<Map<number, Set<string>>>;
  private generation = 0;
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redis.keyPrefix}role-auth`;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', () => this.invalidateLocal());
    await this.subscriber.subscribe(this.channel);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  private invalidateLocal(): void {
    this.generation++;
    this.cache = undefined;
    this.loading = undefined;
  }

  /** After any change to `auth` or `role_auth`: every replica reloads before its next check. */
  async invalidate(): Promise<void> {
    this.invalidateLocal();
    await this.redis.publish(this.channel, '1').catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
  }

  private async mapping(): Promise<Map<number, Set<string>>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.byRole;
    if (!this.loading) {
      const generation = this.generation;
      const load = this.ds
        .query<{ role_id: number; permission: string }[]>(
          `SELECT ra.role_id, a.permission FROM role_auth ra JOIN auth a ON a.id = ra.auth_id WHERE a.status = 0`,
        )
        .then((rows) => {
          const byRole = new Map<number, Set<string>>();
          for (const r of rows) {
            let set = byRole.get(r.role_id);
            if (!set) byRole.set(r.role_id, (set = new Set()));
            set.add(r.permission);
          }
          if (generation === this.generation) this.cache = { byRole, at: Date.now() };
          return byRole;
        })
        .finally(() => {
          if (this.loading === load) this.loading = undefined;
        });
      this.loading = load;
    }
    return this.loading;
  }

  /** The keys the role holds now, sorted (HOJ's `permissions` of get-user-auth-info); root: every one in force. */
  async permissionsOf(roleId: number): Promise<string[]> {
    const byRole = await this.mapping();
    if (roleId !== Role.Root) return [...(byRole.get(roleId) ?? [])].sort();
    const all = new Set<string>();
    for (const set of byRole.values()) for (const p of set) all.add(p);
    const rows = await this.ds.query<{ permission: string }[]>(`SELECT permission FROM auth WHERE status = 0`);
    for (const r of rows) all.add(r.permission);
    return [...all].sort();
  }

  /** Whether the role holds the permission now (the super administrator always does). */
  async holds(roleId: number, permission: string): Promise<boolean> {
    if (roleId === Role.Root) return true;
    return (await this.mapping()).get(roleId)?.has(permission) ?? false;
  }
}
