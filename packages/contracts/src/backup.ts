/**
 * Backups (issue 36): archives of the database, the data folder and the installation's secrets, written by
 * `npm run backup`, by the daily schedule, or by root from the admin area into DATA_DIR/backups; root lists,
 * downloads and deletes them there. Routes under /api/admin/backup, root only.
 */

export const BACKUP_LIMITS = {
  /** archives the schedule keeps (older scheduled and manual archives beyond it are deleted after each run) */
  minRetention: 1,
  maxRetention: 365,
  defaultRetention: 7,
  defaultHour: 3,
} as const;

/** Where the admin area's archive is in its work (GET /api/admin/backup/status). */
export const BackupRunState = { Idle: 'idle', Running: 'running', Done: 'done', Failed: 'failed' } as const;
export type BackupRunState = (typeof BackupRunState)[keyof typeof BackupRunState];

/** GET /api/admin/backup/settings; PUT the same shape. */
export interface BackupSettings {
  /** run the daily backup */
  enabled: boolean;
  /** hour of the day (0..23, the server's local time) the daily backup starts */
  hour: number;
  /** archives kept in DATA_DIR/backups (BACKUP_LIMITS) */
  retention: number;
}

/** One archive in DATA_DIR/backups (GET /api/admin/backup/list). */
export interface BackupArchiveView {
  /** the file name: the key of download and delete */
  name: string;
  size: number;
  /** when the archive was written (ISO) */
  createdAt: string;
}

/** The last or current backup started from the admin area or the schedule (GET /api/admin/backup/status). */
export interface BackupRunView {
  state: BackupRunState;
  /** 'manual' (root's "back up now") or 'scheduled' */
  trigger: 'manual' | 'scheduled' | null;
  /** 0..100 */
  progress: number;
  /** the archive written (done) */
  name: string | null;
  size: number | null;
  ms: number | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The catalogue of the backup answers (its zh-CN forms in frontends/kit's server-zh-CN.ts). */
export const BACKUP_TEXT = {
  running: 'A backup is already running, please wait for it to finish.',
  notFound: 'The backup archive does not exist.',
  badHour: 'The hour of the daily backup must be between 0 and 23.',
  badRetention: `The number of archives kept must be between ${BACKUP_LIMITS.minRetention} and ${BACKUP_LIMITS.maxRetention}.`,
} as const;

/** Routes of the admin area's backup page (under /api). */
export const BACKUP_API = {
  /** GET → BackupSettings; PUT (BackupSettings) → BackupSettings */
  settings: '/admin/backup/settings',
  /** GET → BackupArchiveView[], newest first */
  list: '/admin/backup/list',
  /** GET → BackupRunView */
  status: '/admin/backup/status',
  /** POST → BackupRunView (refused with BACKUP_TEXT.running while one runs) */
  run: '/admin/backup/run',
  /** GET (name) → the archive, streamed */
  download: '/admin/backup/download',
  /** DELETE (name) */
  archive: '/admin/backup/archive',
} as const;
