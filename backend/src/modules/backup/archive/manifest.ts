import { createHash } from 'crypto';
import { createReadStream } from 'fs';
import * as path from 'path';

/** Format of the archive; a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;

/** One table of the dump: its file in the archive, the columns in the order the file holds them, its row count. */
export interface ManifestTable {
  name: string;
  file: string;
  columns: string[];
  rows: number;
}

export interface ManifestSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** manifest.json, the first entry of every archive. */
export interface BackupManifest {
  format: number;
  app: { name: string; version: string };
  createdAt: string;
  postgres: { version: string; versionNum: number };
  /** Names of the migrations the dumped schema had run, oldest first; the last one is the schema's level. */
  migrations: string[];
  lastMigration: string | null;
  tables: ManifestTable[];
  sequences: ManifestSequence[];
  /** Every other entry of the archive (table files and data files), path → sha256 and size. */
  files: Record<string, { sha256: string; size: number }>;
}

/** Entries of the data folder (relative to DATA_DIR) never put in an archive: see the module's README. */
export const DATA_DIR_EXCLUDED = new Set([
  // the embedded PostgreSQL's own files: the database is in the archive as a logical dump instead
  'postgres',
  'postgres-password',
  'postgres-port',
  // the private redis-server's data and port: Redis holds caches and queues, rebuilt or refilled after a restore
  'redis',
  'redis-port',
  // archives themselves (an archive inside the next one would grow without end) and the judge's compile cache
  'backups',
  'judge-cache',
]);

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** True when an archive path stays inside the archive (no absolute path, no `..`). */
export function safeEntry(name: string): boolean {
  const n = path.posix.normalize(name);
  return !path.posix.isAbsolute(n) && n !== '..' && !n.startsWith('../') && !n.includes('\0');
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
