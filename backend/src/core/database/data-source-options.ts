import * as path from 'path';
import { DataSourceOptions } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { SnakeNamingStrategy } from './snake-naming.strategy';

// Compiled (dist, .js) or transpiled by ts-jest (.ts): load entities and migrations of the same kind.
const EXT = __filename.endsWith('.ts') ? 'ts' : 'js';
const SRC = path.resolve(__dirname, '../..');

/** Every entity and migration of the backend, found by file name (modules of every engineer). */
export const ENTITY_GLOB = path.join(SRC, `**/*.entity.${EXT}`);
export const MIGRATION_GLOB = path.join(SRC, `migrations/*.${EXT}`);

export function dataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: db.url,
    entities: [ENTITY_GLOB],
    migrations: [MIGRATION_GLOB],
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: db.synchronize,
    migrationsRun: db.migrationsRun,
    migrationsTransactionMode: 'each',
    extra: { max: db.poolSize },
  };
}
