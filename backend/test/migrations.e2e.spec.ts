import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/core/database/data-source-options';
import { TEST_PG_URL } from './utils/test-app';

/** CI's drift check: after every committed migration, the entities need no further change. */
describe('migrations', () => {
  const database = `oj_test_migr_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: TEST_PG_URL });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  let ds: DataSource;

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${database}"`);
    const url = new URL(TEST_PG_URL);
    url.pathname = '/' + database;
    ds = new DataSource(dataSourceOptions({ url: url.toString(), synchronize: false, migrationsRun: false, poolSize: 2, embedded: false }));
    await ds.initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  it('match the entities exactly (migration:generate would produce nothing)', async () => {
    await ds.runMigrations();
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query.trim())).toEqual([]);
  });

  it('revert cleanly down to an empty schema', async () => {
    for (let i = 0; i < ds.migrations.length; i++) await ds.undoLastMigration();
    const tables = await ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations'`,
    );
    expect(tables).toEqual([]);
    await ds.runMigrations();
  });
});
