/** Admin → backups calls (issue 36, contracts BACKUP_API); root only. */
import { BACKUP_API, BackupArchiveView, BackupRunView, BackupSettings } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { saveBlob } from '../../api/admin';

export const getBackupSettings = () => call<BackupSettings>(api.get(BACKUP_API.settings));
export const saveBackupSettings = (body: BackupSettings) => call<BackupSettings>(api.put(BACKUP_API.settings, body));
export const getBackups = () => call<BackupArchiveView[]>(api.get(BACKUP_API.list));
/** Read again and again while a backup runs: silent, the page says itself when it cannot read it. */
export const getBackupStatus = () => call<BackupRunView>(api.get(BACKUP_API.status, { silent: true }));
export const startBackup = () => call<BackupRunView>(api.post(BACKUP_API.run));
export const deleteBackup = (name: string) => call<null>(api.delete(BACKUP_API.archive, { params: { name } }));

/** Downloads through the client (the token is sent) and saves the archive under its own name. */
export async function downloadBackup(name: string): Promise<void> {
  const res = await api.get(BACKUP_API.download, { params: { name }, responseType: 'blob', timeout: 0 });
  saveBlob(res.data as Blob, name);
}
