/**
 * `npm run backup` and `npm run restore ARCHIVE` (scripts/backup.js, scripts/restore.js run these compiled, with
 * DATABASE_URL set: the external database's, or the embedded one's they started). Reads the environment the way
 * the backend does (DATA_DIR, FILES_DIR, REDIS_URL, REDIS_PREFIX), but without loadConfig: that would write new
 * secrets into an empty data folder before the archive's own are restored.
 */
import { readFileSync } from 'fs';
import * as path from 'path';
import { installationPrefixes } from '@oj/contracts';
import { resolveInstallationId } from '../../core/config/installation';
import { createBackup } from './archive/create-backup';
import { BackupVerifyError, flushInstallationCache, restoreBackup, RestoreRefusedError } from './archive/restore-backup';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function paths(env: NodeJS.ProcessEnv) {
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  return { dataDir, filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')) };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function backupMain(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const url = env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const { dataDir, filesDir } = paths(env);
  const outIndex = args.indexOf('--out');
  const outDir = path.resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : path.join(dataDir, 'backups'));
  const result = await createBackup({ databaseUrl: url, dataDir, filesDir, outDir, appVersion: appVersion() });
  const rows = result.manifest.tables.reduce((s, t) => s + t.rows, 0);
  console.log(
    `[backup] ${result.file}\n[backup] ${result.manifest.tables.length} tables, ${rows} rows, ` +
      `${Object.keys(result.manifest.files).filter((f) => !f.startsWith('db/')).length} files, ${mb(result.size)}, ` +
      `migration ${result.manifest.lastMigration ?? '-'}, ${(result.ms / 1000).toFixed(1)} s`,
  );
  return 0;
}

export async function restoreMain(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const url = env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const archive = args.find((a) => !a.startsWith('--'));
  if (!archive) {
    console.error('usage: npm run restore -- ARCHIVE [--force]');
    return 2;
  }
  const { dataDir, filesDir } = paths(env);
  try {
    const result = await restoreBackup({
      archive,
      databaseUrl: url,
      dataDir,
      filesDir,
      force: args.includes('--force'),
      onProgress: (p) => {
        if (p.phase === 'tables' && p.done % 20 && p.done !== p.total) return;
        if (p.phase === 'files' && p.done % 500 && p.done !== p.total) return;
        console.log(`[restore] ${p.phase}${p.total > 1 ? ` ${p.done}/${p.total}` : ''}`);
      },
    });
    // the restored installation's own prefix (its id came back with the database), or REDIS_PREFIX when set
    const prefix = env.REDIS_PREFIX || installationPrefixes(await resolveInstallationId(url)).redis;
    const flushed = await flushInstallationCache(env.REDIS_URL || 'redis://127.0.0.1:6379', prefix).catch((e: Error) => {
      console.warn(`[restore] Redis not reached (${e.message}): delete the keys under ${prefix} before starting`);
      return 0;
    });
    console.log(
      `[restore] done in ${(result.ms / 1000).toFixed(1)} s: archive of ${result.manifest.createdAt} (version ` +
        `${result.manifest.app.version}, migration ${result.manifest.lastMigration ?? '-'}), ` +
        `${result.pendingMigrationsRun.length} newer migration(s) run, ${flushed} cached Redis key(s) under ${prefix} deleted`,
    );
    return 0;
  } catch (e) {
    if (e instanceof BackupVerifyError || e instanceof RestoreRefusedError) {
      console.error(`[restore] refused: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
