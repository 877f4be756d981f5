import { createReadStream, promises as fs } from 'fs';
import Redis from 'ioredis';
import * as path from 'path';
import { pipeline } from 'stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { resolveInstallationId } from '../../../core/config/installation';
import { dataSourceOptions } from '../../../core/database/data-source-options';
import { listFiles, WORK_DIR_PREFIX } from './create-backup';
import { BACKUP_FORMAT, BackupManifest, quoteIdent, safeEntry, sha256File } from './manifest';

/** The archive is damaged, incomplete or not ours: nothing was changed. */
export class BackupVerifyError extends Error {}
/** The target is not empty and `force` was not given: nothing was changed. */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  archive: string;
  databaseUrl: string;
  dataDir: string;
  /** FILES_DIR, where the archive's `files/` go (an archive made with FILES_DIR outside DATA_DIR). */
  filesDir?: string;
  /** Replace a database that already has tables (its schema `public` is dropped) and data files that differ. */
  force?: boolean;
  onProgress?: (p: { phase: 'verify' | 'schema' | 'tables' | 'migrations' | 'files'; done: number; total: number }) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** migrations newer than the archive, run after its data was loaded */
  pendingMigrationsRun: string[];
  ms: number;
}

async function migrationSource(url: string): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions({ url, synchronize: false, migrationsRun: false, poolSize: 2, embedded: false }));
  await ds.initialize();
  return ds;
}

const migrationName = (m: { name?: string; constructor: { name: string } }) => m.name || m.constructor.name;

/** Extracts and checks every entry against the manifest; throws BackupVerifyError on the first difference. */
export async function extractAndVerify(archive: string, into: string): Promise<BackupManifest> {
  try {
    await tar.x({
      file: archive,
      cwd: into,
      strict: true,
      // plain files and folders inside the archive only: no links, devices or paths out of it
      filter: (p, entry) => safeEntry(p) && 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (e) {
    throw new BackupVerifyError(`the archive cannot be read (${(e as Error).message})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(into, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch (e) {
    throw new BackupVerifyError(`the archive has no readable manifest.json (${(e as Error).message})`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupVerifyError(`unknown archive format ${String(manifest.format)}`);
  const present = new Set((await listFiles(into)).filter((f) => f !== 'manifest.json'));
  for (const [file, want] of Object.entries(manifest.files ?? {})) {
    if (!safeEntry(file) || !present.delete(file)) throw new BackupVerifyError(`${file} is missing from the archive`);
    const got = await sha256File(path.join(into, file));
    if (got !== want.sha256) throw new BackupVerifyError(`${file} does not match its checksum in the manifest`);
  }
  if (present.size) throw new BackupVerifyError(`${[...present][0]} is in the archive but not in its manifest`);
  for (const t of manifest.tables) {
    if (!manifest.files[t.file]) throw new BackupVerifyError(`table ${t.name} has no file in the archive`);
  }
  return manifest;
}

/** Moves a file into place, replacing what is there; copies when the two folders are on different devices. */
async function moveInto(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await fs.copyFile(from, to);
  }
}

/** Tables in dependency order: a table after every table its foreign keys refer to. */
async function loadOrder(client: Client, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname`,
  );
  const parents = new Map<string, string[]>();
  for (const r of rows) parents.set(r.child, [...(parents.get(r.child) ?? []), r.parent]);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (n: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const p of parents.get(n) ?? []) if (names.includes(p)) visit(p);
    out.push(n);
  };
  for (const n of names) visit(n);
  return out;
}

/**
 * Restores an archive of createBackup into an empty database and a data folder: verifies every checksum first,
 * makes the schema by running this version's migrations up to the archive's last one, loads every table in one
 * transaction (all or nothing), sets the sequences, runs the migrations the archive did not have yet, then puts
 * the files in place. Redis is not touched here (flushInstallationCache).
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const progress = options.onProgress ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const work = await fs.mkdtemp(path.join(dataDir, WORK_DIR_PREFIX));
  try {
    progress({ phase: 'verify', done: 0, total: 1 });
    const manifest = await extractAndVerify(path.resolve(options.archive), work);

    // Refusals first, before anything is changed.
    const client = new Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      const existing = await client.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
      );
      const objects = Number(existing.rows[0].n);
      if (objects && !options.force) {
        throw new RestoreRefusedError(
          `the database is not empty (${objects} tables, views or sequences in schema public): restore into an empty database, or pass --force to replace it`,
        );
      }
      const conflicts: string[] = [];
      for (const file of Object.keys(manifest.files)) {
        const target = targetOf(file, dataDir, options.filesDir);
        if (!target) continue;
        const there = await fs.stat(target).catch(() => null);
        if (there && (await sha256File(target)) !== manifest.files[file].sha256) conflicts.push(target);
      }
      if (conflicts.length && !options.force) {
        throw new RestoreRefusedError(
          `the data folder already holds ${conflicts.length} different file(s), e.g. ${conflicts[0]}: restore into an empty data folder, or pass --force to replace them`,
        );
      }
      const known = await migrationSource(options.databaseUrl);
      try {
        const names = new Set(known.migrations.map(migrationName));
        const unknown = manifest.migrations.find((m) => !names.has(m));
        if (unknown) {
          throw new RestoreRefusedError(`the archive was made by a newer version (migration ${unknown} is unknown here): upgrade first`);
        }
      } finally {
        await known.destroy();
      }
      if (objects) {
        await client.query('DROP SCHEMA public CASCADE');
        await client.query('CREATE SCHEMA public');
      }

      // The schema as it was: this version's migrations up to the archive's last one.
      progress({ phase: 'schema', done: 0, total: 1 });
      const upTo = await migrationSource(options.databaseUrl);
      try {
        const wanted = new Set(manifest.migrations);
        const list = upTo.migrations as unknown as { name?: string; constructor: { name: string } }[];
        for (let i = list.length - 1; i >= 0; i--) if (!wanted.has(migrationName(list[i]))) list.splice(i, 1);
        await upTo.runMigrations({ transaction: 'each' });
      } finally {
        await upTo.destroy();
      }
      // made outside the migrations (core/config/installation.ts); its row comes from the archive
      if (manifest.tables.some((t) => t.name === 'installation')) await resolveInstallationId(options.databaseUrl);

      await client.query('BEGIN');
      // Triggers (the audit trail's append-only guard) and foreign-key checks are off while the rows go back in,
      // as they were already checked when written; without the right to do so, tables load in dependency order.
      await client.query('SAVEPOINT replica');
      const replica = await client.query('SET LOCAL session_replication_role = replica').then(
        () => true,
        async () => {
          await client.query('ROLLBACK TO SAVEPOINT replica');
          return false;
        },
      );
      const { rows: tableRows } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
      );
      const inDb = new Set(tableRows.map((r) => r.name));
      const missing = manifest.tables.find((t) => !inDb.has(t.name));
      if (missing) throw new BackupVerifyError(`table ${missing.name} of the archive is not made by the migrations`);
      // rows the migrations seeded (roles, default config) make way for the archive's
      const seeded: string[] = [];
      for (const name of inDb) {
        const { rowCount } = await client.query(`SELECT 1 FROM ${quoteIdent(name)} LIMIT 1`);
        if (rowCount) seeded.push(name);
      }
      if (seeded.length) await client.query(`TRUNCATE ${seeded.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);
      const byName = new Map(manifest.tables.map((t) => [t.name, t]));
      const order = replica ? manifest.tables.map((t) => t.name) : await loadOrder(client, [...byName.keys()]);
      let done = 0;
      for (const name of order) {
        const t = byName.get(name)!;
        const sink = client.query(copyFrom(`COPY ${quoteIdent(t.name)} (${t.columns.map(quoteIdent).join(', ')}) FROM STDIN`));
        await pipeline(createReadStream(path.join(work, t.file)), sink);
        if (Number(sink.rowCount) !== t.rows) {
          throw new BackupVerifyError(`table ${t.name}: ${String(sink.rowCount)} rows loaded, the manifest says ${t.rows}`);
        }
        progress({ phase: 'tables', done: ++done, total: order.length });
      }
      for (const s of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoteIdent(s.name), s.lastValue, s.isCalled]);
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      await client.end().catch(() => undefined);
    }

    progress({ phase: 'migrations', done: 0, total: 1 });
    const rest = await migrationSource(options.databaseUrl);
    let pending: string[];
    try {
      pending = (await rest.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await rest.destroy();
    }

    let moved = 0;
    const fileNames = Object.keys(manifest.files).filter((f) => targetOf(f, dataDir, options.filesDir));
    for (const file of fileNames) {
      await moveInto(path.join(work, file), targetOf(file, dataDir, options.filesDir)!);
      progress({ phase: 'files', done: ++moved, total: fileNames.length });
    }
    return { manifest, pendingMigrationsRun: pending, ms: Date.now() - started };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Where an archive entry goes: data/ into DATA_DIR, files/ into FILES_DIR (else DATA_DIR/files); db/ nowhere. */
function targetOf(file: string, dataDir: string, filesDir: string | undefined): string | null {
  if (file.startsWith('data/')) return path.join(dataDir, file.slice(5));
  if (file.startsWith('files/')) return path.join(filesDir ? path.resolve(filesDir) : path.join(dataDir, 'files'), file.slice(6));
  return null;
}

/**
 * Deletes the installation's cached keys (boards, sessions, pages: everything under its Redis prefix), so they are
 * rebuilt from the restored rows. Other installations' prefixes and the Bull queues are left alone.
 */
export async function flushInstallationCache(redisUrl: string, prefix: string): Promise<number> {
  if (!prefix || prefix.length < 3) throw new Error(`refusing to flush Redis keys under the prefix "${prefix}"`);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    const pattern = prefix.replace(/[*?[\]\\]/g, '\\$&') + '*';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length) deleted += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
