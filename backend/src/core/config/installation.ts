import { randomBytes } from 'crypto';
import { Client } from 'pg';

/**
 * The installation id: made once, kept in the database's one-row table `installation`, so every replica of one
 * installation (same database) finds the same id, and two installations sharing a Redis derive different key
 * and queue prefixes from theirs (contracts installationPrefixes).
 *
 * It is read before the app connects to Redis, which is before TypeORM runs the migrations: so the table is made
 * here (IF NOT EXISTS, under an advisory lock against concurrent first starts) rather than by a migration, and no
 * entity maps it (the schema drift check does not see tables without entities).
 */
const LOCK_KEY = 0x0f1d_1d; // any constant; only this code takes it

export async function resolveInstallationId(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS installation (
         singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
         id varchar(32) NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query('INSERT INTO installation (id) VALUES ($1) ON CONFLICT (singleton) DO NOTHING', [randomBytes(6).toString('hex')]);
    const { rows } = await client.query<{ id: string }>('SELECT id FROM installation');
    await client.query('COMMIT');
    return rows[0].id;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
}
