import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { BACKUP_TEXT, BackupArchiveView, BackupRunState, BackupRunView, BackupSettings } from '@oj/contracts';
import { randomBytes } from 'crypto';
import { createReadStream, promises as fs, ReadStream } from 'fs';
import Redis from 'ioredis';
import * as path from 'path';
import { Repository } from 'typeorm';
import { AuditActor, AuditService } from '../../core/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { REDIS } from '../../core/redis/redis.module';
import { createBackup } from './archive/create-backup';
import { ARCHIVE_NAME } from './archive-name';
import { appVersion } from './backup-cli';
import { BackupSettingsRow } from './entities/backup-settings.entity';

/** Redis keys (under the installation's prefix): one backup at a time over every replica, and its state. */
const LOCK_KEY = 'backup:lock';
const RUN_KEY = 'backup:run';
const scheduledKey = (day: string) => `backup:scheduled:${day}`;
/** The lock lapses this long after its holder stops renewing it (a replica that died mid-backup). */
const LOCK_MS = 120_000;
const RENEW_MS = 30_000;

const IDLE: BackupRunView = {
  state: BackupRunState.Idle,
  trigger: null,
  progress: 0,
  name: null,
  size: null,
  ms: null,
  error: null,
  startedAt: null,
  finishedAt: null,
};

/** Deletes the lock only when it is still ours (a lapsed lock may be another replica's by now). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Archives into DATA_DIR/backups: started by root ("back up now") or by the daily schedule, one at a time across
 * all replicas (a Redis lock), its progress in Redis so every replica answers the status; the archives beyond the
 * retention are deleted after each one.
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger(BackupService.name);
  readonly dir: string;

  constructor(
    @InjectRepository(BackupSettingsRow) private readonly settingsRepo: Repository<BackupSettingsRow>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {
    this.dir = path.join(config.paths.dataDir, 'backups');
  }

  async settings(): Promise<BackupSettings> {
    const row = await this.settingsRepo.findOne({ where: { id: 1 } });
    return { enabled: row?.enabled ?? false, hour: row?.hour ?? 3, retention: row?.retention ?? 7 };
  }

  async updateSettings(next: BackupSettings, actor: AuditActor): Promise<BackupSettings> {
    const before = await this.settings();
    const after = { enabled: next.enabled, hour: next.hour, retention: next.retention };
    await this.settingsRepo.manager.transaction(async (m) => {
      await m.getRepository(BackupSettingsRow).save({ id: 1, ...after, updatedBy: actor.actorUid });
      await this.audit.record({ action: 'backup.settings.update', ...actor, targetType: 'config', targetId: 'backup', before, after }, m);
    });
    return after;
  }

  async list(): Promise<BackupArchiveView[]> {
    let names: string[];
    try {
      names = (await fs.readdir(this.dir)).filter((n) => ARCHIVE_NAME.test(n));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: BackupArchiveView[] = [];
    for (const name of names) {
      const st = await fs.stat(path.join(this.dir, name)).catch(() => null);
      if (st?.isFile()) out.push({ name, size: st.size, createdAt: st.mtime.toISOString() });
    }
    // newest first; the name carries the creation time, so equal mtimes still sort
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  private async archivePath(name: string): Promise<{ file: string; size: number }> {
    if (!ARCHIVE_NAME.test(name)) throw new NotFoundError(BACKUP_TEXT.notFound);
    const file = path.join(this.dir, name);
    const st = await fs.stat(file).catch(() => null);
    if (!st?.isFile()) throw new NotFoundError(BACKUP_TEXT.notFound);
    return { file, size: st.size };
  }

  async open(name: string, actor: AuditActor): Promise<{ stream: ReadStream; size: number }> {
    const { file, size } = await this.archivePath(name);
    const stream = createReadStream(file);
    // opened before it is recorded: a download that cannot start leaves no record
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
    await this.audit.record({ action: 'backup.download', ...actor, targetType: 'backup', targetId: name, after: { size } });
    return { stream, size };
  }

  async remove(name: string, actor: AuditActor): Promise<void> {
    const { file, size } = await this.archivePath(name);
    await fs.unlink(file);
    await this.audit.record({ action: 'backup.delete', ...actor, targetType: 'backup', targetId: name, before: { size } });
  }

  async status(): Promise<BackupRunView> {
    const raw = await this.redis.get(RUN_KEY);
    if (!raw) return IDLE;
    const run = JSON.parse(raw) as BackupRunView;
    // a run whose replica died: its lock lapsed without a final state
    if (run.state === BackupRunState.Running && !(await this.redis.exists(LOCK_KEY))) {
      return { ...run, state: BackupRunState.Failed, error: 'interrupted' };
    }
    return run;
  }

  /** Root's "back up now": starts the archive in the background and answers at once; refused while one runs. */
  async startNow(actor: AuditActor): Promise<BackupRunView> {
    const run = await this.begin('manual');
    if (!run) throw new BadRequestError(BACKUP_TEXT.running);
    await this.audit.record({ action: 'backup.run', ...actor, targetType: 'backup', targetId: null, note: 'manual backup started' });
    void run.done;
    return run.view;
  }

  /** Every hour on the hour: the daily backup when it is due (the hour of the settings). */
  @Cron('0 * * * *', { name: 'daily-backup' })
  async onHour(): Promise<void> {
    await this.runScheduledIfDue(new Date()).catch((e: Error) => this.logger.error(`scheduled backup: ${e.message}`));
  }

  /**
   * The scheduled backup of `now`'s day, when `now` is in the settings' hour and no replica has taken that day's
   * run yet (a key set once per day: the replicas all fire at the same minute, one of them runs it). Resolves
   * when the archive is written (true) or when there is nothing to do (false).
   */
  async runScheduledIfDue(now: Date): Promise<boolean> {
    const s = await this.settings();
    if (!s.enabled || now.getHours() !== s.hour) return false;
    const day = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
    if ((await this.redis.set(scheduledKey(day), '1', 'EX', 26 * 3600, 'NX')) !== 'OK') return false;
    const run = await this.begin('scheduled');
    if (!run) {
      // a manual backup is running: it is today's archive; the retention is applied when it ends
      return false;
    }
    await run.done;
    return true;
  }

  /** Takes the lock and starts writing; null when another backup holds it. */
  private async begin(trigger: 'manual' | 'scheduled'): Promise<{ view: BackupRunView; done: Promise<void> } | null> {
    const token = randomBytes(8).toString('hex');
    if ((await this.redis.set(LOCK_KEY, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return null;
    const started = new Date();
    const view: BackupRunView = { ...IDLE, state: BackupRunState.Running, trigger, startedAt: started.toISOString() };
    await this.redis.set(RUN_KEY, JSON.stringify(view));
    const renew = setInterval(() => void this.redis.eval(RENEW, 1, LOCK_KEY, token, String(LOCK_MS)).catch(() => undefined), RENEW_MS);
    let lastWrite = 0;
    const save = (patch: Partial<BackupRunView>) => this.redis.set(RUN_KEY, JSON.stringify(Object.assign(view, patch)));
    const done = (async () => {
      try {
        const result = await createBackup({
          databaseUrl: this.config.database.url,
          dataDir: this.config.paths.dataDir,
          filesDir: this.config.paths.filesDir,
          outDir: this.dir,
          appVersion: appVersion(),
          onProgress: (p) => {
            // database 0..60 %, files 60..95 %, archive to 100 %; written at most twice a second
            const share = p.phase === 'database' ? [0, 60] : p.phase === 'files' ? [60, 95] : p.phase === 'archive' ? [95, 99] : [100, 100];
            const progress = Math.floor(share[0] + ((share[1] - share[0]) * p.done) / Math.max(1, p.total));
            if (Date.now() - lastWrite < 500 && p.phase !== 'done') return;
            lastWrite = Date.now();
            void save({ progress }).catch(() => undefined);
          },
        });
        await save({
          state: BackupRunState.Done,
          progress: 100,
          name: path.basename(result.file),
          size: result.size,
          ms: result.ms,
          finishedAt: new Date().toISOString(),
        });
        await this.prune();
      } catch (e) {
        this.logger.error(`backup failed: ${(e as Error).message}`);
        await save({ state: BackupRunState.Failed, error: (e as Error).message, finishedAt: new Date().toISOString() }).catch(
          () => undefined,
        );
      } finally {
        clearInterval(renew);
        await this.redis.eval(RELEASE, 1, LOCK_KEY, token).catch(() => undefined);
      }
    })();
    return { view: { ...view }, done };
  }

  /** Deletes the oldest archives beyond the retention. */
  private async prune(): Promise<void> {
    const { retention } = await this.settings();
    for (const old of (await this.list()).slice(retention)) {
      await fs.unlink(path.join(this.dir, old.name)).catch(() => undefined);
      await this.audit.record({
        action: 'backup.delete',
        actorUid: null,
        targetType: 'backup',
        targetId: old.name,
        before: { size: old.size },
        note: `beyond the retention of ${retention}`,
      });
    }
  }
}
