import { createHash, randomBytes } from 'crypto';
import { createReadStream, createWriteStream, promises as fs } from 'fs';
import * as path from 'path';
import { Transform } from 'stream';
import { pipeline } from 'stream/promises';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { BACKUP_FORMAT, BackupManifest, DATA_DIR_EXCLUDED, ManifestSequence, ManifestTable, quoteIdent } from './manifest';

export interface BackupProgress {
  phase: 'database' | 'files' | 'archive' | 'done';
  /** tables or files done in this phase, out of total */
  done: number;
  total: number;
}

export interface CreateBackupOptions {
  databaseUrl: string;
  /** DATA_DIR: its files (test data, uploads, the generated secrets) go into the archive, see DATA_DIR_EXCLUDED. */
  dataDir: string;
  /** FILES_DIR; archived separately only when it is outside DATA_DIR. */
  filesDir?: string;
  /** Folder the archive is written to (made if missing). */
  outDir: string;
  appVersion: string;
  onProgress?: (p: BackupProgress) => void;
}

export interface BackupResult {
  file: string;
  size: number;
  manifest: BackupManifest;
  ms: number;
}

/** Prefix of the folders a backup or a restore works in; never archived, removed when done. */
export const WORK_DIR_PREFIX = '.oj-backup-work-';

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/** Name of a new archive: sortable by time (UTC), unique by a random tail. */
export function archiveName(at: Date): string {
  return `oj-backup-${stamp(at)}-${randomBytes(3).toString('hex')}.tar.gz`;
}

/** A pass-through that hashes and counts what flows through it. */
function hashing(): Transform & { digest(): { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { digest(): { sha256: string; size: number } };
  t.digest = () => ({ sha256: hash.digest('hex'), size });
  return t;
}

/** Regular files under dir, relative paths with '/' separators; `skipTop` names are skipped at the top level. */
export async function listFiles(dir: string, skipTop: (name: string) => boolean = () => false): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries;
    try {
      entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      if (!rel && skipTop(entry.name)) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) out.push(child);
      // sockets, fifos and symbolic links are not data of the platform: skipped
    }
  };
  await walk('');
  return out.sort();
}

/**
 * Writes one archive: a logical dump of the database taken in one snapshot (REPEATABLE READ, READ ONLY: every table
 * as of the same instant, while the site keeps running), the data folder's files, and manifest.json with versions,
 * row counts and the sha256 of every other entry. Written beside its final name and renamed when complete, so a
 * listed archive is always whole.
 */
export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const progress = options.onProgress ?? (() => undefined);
  await fs.mkdir(options.outDir, { recursive: true });
  const work = await fs.mkdtemp(path.join(options.outDir, WORK_DIR_PREFIX));
  try {
    const files: BackupManifest['files'] = {};
    const client = new Client({ connectionString: options.databaseUrl });
    await client.connect();
    let manifest: Omit<BackupManifest, 'files'>;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const version = await client.query<{ v: string; n: string }>(
        `SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`,
      );
      const tableRows = await client.query<{ name: string; kind: string }>(
        `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
      );
      const columnRows = await client.query<{ table: string; column: string }>(
        `SELECT c.relname AS table, a.attname AS column FROM pg_attribute a
           JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY c.relname, a.attnum`,
      );
      const columns = new Map<string, string[]>();
      for (const r of columnRows.rows) columns.set(r.table, [...(columns.get(r.table) ?? []), r.column]);
      const hasMigrations = tableRows.rows.some((t) => t.name === 'migrations');
      const migrations = hasMigrations
        ? (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY timestamp, id')).rows.map((r) => r.name)
        : [];

      await fs.mkdir(path.join(work, 'db'));
      const tables: ManifestTable[] = [];
      let i = 0;
      for (const t of tableRows.rows) {
        const cols = columns.get(t.name) ?? [];
        const file = `db/${String(i).padStart(4, '0')}-${t.name}.copy`;
        const list = cols.map(quoteIdent).join(', ');
        // COPY's text format: readable by any PostgreSQL version the restore may run on
        const source = client.query(copyTo(`COPY (SELECT ${list} FROM ${quoteIdent(t.name)}) TO STDOUT`));
        const hash = hashing();
        await pipeline(source, hash, createWriteStream(path.join(work, file)));
        files[file] = hash.digest();
        tables.push({ name: t.name, file, columns: cols, rows: Number(source.rowCount ?? 0) });
        progress({ phase: 'database', done: ++i, total: tableRows.rows.length });
      }

      const sequenceNames = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
      );
      const sequences: ManifestSequence[] = [];
      for (const s of sequenceNames.rows) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
          `SELECT last_value::text AS last_value, is_called FROM ${quoteIdent(s.name)}`,
        );
        sequences.push({ name: s.name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
      }
      await client.query('COMMIT');
      manifest = {
        format: BACKUP_FORMAT,
        app: { name: 'oj-platform', version: options.appVersion },
        createdAt: new Date(started).toISOString(),
        postgres: { version: version.rows[0].v, versionNum: Number(version.rows[0].n) },
        migrations,
        lastMigration: migrations[migrations.length - 1] ?? null,
        tables,
        sequences,
      };
    } finally {
      await client.end().catch(() => undefined);
    }

    // Files after the snapshot: a file is written before the row that names it, so every row of the dump finds its file.
    const dataDir = path.resolve(options.dataDir);
    const skip = (name: string) => DATA_DIR_EXCLUDED.has(name) || name.startsWith(WORK_DIR_PREFIX);
    const sources: { from: string; to: string }[] = (await listFiles(dataDir, skip)).map((rel) => ({
      from: path.join(dataDir, rel),
      to: `data/${rel}`,
    }));
    const filesDir = options.filesDir ? path.resolve(options.filesDir) : undefined;
    if (filesDir && path.relative(dataDir, filesDir).startsWith('..')) {
      for (const rel of await listFiles(filesDir)) sources.push({ from: path.join(filesDir, rel), to: `files/${rel}` });
    }
    let done = 0;
    for (const s of sources) {
      const target = path.join(work, s.to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const hash = hashing();
      try {
        // copied, not archived in place: the checksum is of exactly the bytes the archive holds
        await pipeline(createReadStream(s.from), hash, createWriteStream(target, { mode: 0o600 }));
      } catch (e) {
        // a file deleted since it was listed (a cleanup of unused test data) is simply not in this archive
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
          await fs.rm(target, { force: true });
          continue;
        }
        throw e;
      }
      files[s.to] = hash.digest();
      progress({ phase: 'files', done: ++done, total: sources.length });
    }

    const full: BackupManifest = { ...manifest, files };
    await fs.writeFile(path.join(work, 'manifest.json'), JSON.stringify(full, null, 1));
    progress({ phase: 'archive', done: 0, total: 1 });
    const name = archiveName(new Date(started));
    const partial = path.join(work, name);
    const entries = ['manifest.json', 'db', ...['data', 'files'].filter((d) => Object.keys(files).some((f) => f.startsWith(d + '/')))];
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, entries);
    const final = path.join(options.outDir, name);
    await fs.rename(partial, final);
    const size = (await fs.stat(final)).size;
    progress({ phase: 'done', done: 1, total: 1 });
    return { file: final, size, manifest: full, ms: Date.now() - started };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
