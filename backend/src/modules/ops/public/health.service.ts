import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { MIGRATION_LOCK_KEY } from '../../../core/database/database.module';
import { REDIS } from '../../../core/redis/redis.module';

export type CheckState = 'up' | 'down';

export interface Readiness {
  ready: boolean;
  checks: {
    postgres: CheckState;
    /** 'running' while some replica holds the migration lock or migrations are pending. */
    migrations: 'done' | 'running' | 'unknown';
    redis: CheckState;
  };
}

/** Every check answers within this time, so a probe never hangs on a dead dependency. */
const CHECK_TIMEOUT_MS = 1_500;

function within<T>(p: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.catch(() => fallback),
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness of this replica. Readiness needs PostgreSQL answering with no migration running (another
 * replica holding the migration lock, or migrations pending) and Redis answering PING: a replica that cannot reach
 * the judge queue or the caches should be taken out of the load balancer, not restarted.
 */
@Injectable()
export class HealthService {
  /** Once the migrations are seen done they stay done for this process (new ones only come with a new release). */
  private migrated = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async readiness(): Promise<Readiness> {
    const [postgres, migrations, redis] = await Promise.all([
      within(
        this.dataSource.query('SELECT 1').then((): CheckState => 'up'),
        'down' as CheckState,
      ),
      within(this.migrationState(), 'unknown' as const),
      within(this.redisPing(), 'down' as CheckState),
    ]);
    return { ready: postgres === 'up' && migrations === 'done' && redis === 'up', checks: { postgres, migrations, redis } };
  }

  private async migrationState(): Promise<'done' | 'running'> {
    if (this.migrated) return 'done';
    // A session-level advisory lock on a key below 2^32 shows as classid 0, objid = key, objsubid 1; advisory locks
    // belong to one database, so another installation migrating on the same server is not this one migrating.
    const rows: { held: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS held`,
      [MIGRATION_LOCK_KEY],
    );
    if (rows[0]?.held || (await this.dataSource.showMigrations())) return 'running';
    this.migrated = true;
    return 'done';
  }

  private async redisPing(): Promise<CheckState> {
    // ioredis queues commands while disconnected: only an open connection counts.
    if (this.redis.status !== 'ready') return 'down';
    return (await this.redis.ping()) === 'PONG' ? 'up' : 'down';
  }
}
