import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

/** Any fixed number: replicas that start together take this PostgreSQL advisory lock in turn. */
export const MIGRATION_LOCK_KEY = 734_120_001;

/**
 * Runs pending migrations under a session-level advisory lock, so several backend replicas
 * starting at once migrate one after another instead of racing on the same DDL.
 */
async function runMigrationsLocked(dataSource: DataSource): Promise<void> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockRunner.release();
  }
}

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.database), autoLoadEntities: true }),
      // TypeORM's own migrationsRun takes no lock: initialise without it, then migrate under the lock.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource({ ...options!, migrationsRun: false }).initialize();
        if (options!.migrationsRun) await runMigrationsLocked(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
