/**
 * Admin → backups (issue 36): the daily backup's settings sent as edited, the archives listed with size and time,
 * "back up now" followed to its result (and no further), and deleting an archive after confirming.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { BACKUP_API, BackupArchiveView, BackupRunView, BackupSettings } from '@oj/contracts';
import { api, setLocale } from '@oj/kit';
import BackupPage, { formatSize } from '../src/pages/backup';
import { answer, mountPage, settle, unmountPage, until } from './page-harness';

jest.setTimeout(60_000);

type Sent = { method: string; url: string; params: Record<string, unknown>; body: unknown };

const IDLE: BackupRunView = {
  state: 'idle',
  trigger: null,
  progress: 0,
  name: null,
  size: null,
  ms: null,
  error: null,
  startedAt: null,
  finishedAt: null,
};
const OLD: BackupArchiveView = { name: 'oj-backup-20261201-030000-abcdef.tar.gz', size: 1572864, createdAt: '2026-12-01T03:00:09Z' };
const NEW: BackupArchiveView = { name: 'oj-backup-20261206-101500-123456.tar.gz', size: 2048, createdAt: '2026-12-06T10:15:02Z' };

describe('the size of an archive', () => {
  it('is written in the unit that fits', () => {
    expect([0, 1023, 2048, 1572864, 5 * 1024 ** 3].map(formatSize)).toEqual(['0 B', '1023 B', '2.0 KB', '1.5 MB', '5.0 GB']);
  });
});

describe('the backups page', () => {
  let sent: Sent[] = [];
  let settings: BackupSettings;
  let archives: BackupArchiveView[];
  /** what GET status answers, one read at a time, the last one staying */
  let statuses: BackupRunView[];
  let root: Root | null = null;

  beforeAll(() => {
    api.defaults.adapter = async (config: AdapterRequest) => {
      const method = String(config.method).toUpperCase();
      const body = config.data ? JSON.parse(config.data as string) : undefined;
      const params = { ...(config.params as Record<string, unknown>) };
      sent.push({ method, url: String(config.url), params, body });
      let data: unknown = null;
      if (config.url === BACKUP_API.settings) data = method === 'PUT' ? (settings = body) : settings;
      if (config.url === BACKUP_API.list) data = archives;
      if (config.url === BACKUP_API.status) data = statuses.length > 1 ? statuses.shift() : statuses[0];
      if (config.url === BACKUP_API.run) data = { ...IDLE, state: 'running', trigger: 'manual', startedAt: '2026-12-06T10:15:00Z' };
      if (config.url === BACKUP_API.archive && method === 'DELETE') archives = archives.filter((a) => a.name !== params.name);
      return answer(config, data);
    };
  });

  beforeEach(() => {
    sent = [];
    settings = { enabled: false, hour: 3, retention: 7 };
    archives = [OLD];
    statuses = [IDLE];
  });
  afterEach(async () => {
    await unmountPage(root);
    root = null;
    await act(async () => setLocale('zh-CN'));
  });

  const $ = (selector: string) => document.querySelector(selector) as HTMLElement | null;
  const click = (selector: string) => act(async () => $(selector)!.click());
  const text = () => document.body.textContent ?? '';
  const reads = (url: string) => sent.filter((s) => s.url === url && s.method === 'GET').length;

  it('shows the settings and saves them as edited', async () => {
    await act(async () => setLocale('en-US'));
    root = await mountPage(<BackupPage />);
    await until(
      () => ($('[data-testid="backup-hour"] input, input[data-testid="backup-hour"]') as HTMLInputElement)?.value === '3',
      'the hour',
    );
    const input = $('input[data-testid="backup-hour"]') ?? $('[data-testid="backup-hour"] input');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(input, '5');
      input!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click('[data-testid="backup-enabled"]');
    await click('[data-testid="backup-save"]');
    await until(() => sent.some((s) => s.method === 'PUT'), 'the save');
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      url: BACKUP_API.settings,
      body: { enabled: true, hour: 5, retention: 7 },
    });
    await until(() => text().includes('Saved'), 'the saved note');
  });

  it('lists the archives, backs up now and follows the run to its result only', async () => {
    await act(async () => setLocale('en-US'));
    root = await mountPage(<BackupPage />);
    await until(() => text().includes(OLD.name), 'the list');
    expect(text()).toContain('1.5 MB');
    const listReads = reads(BACKUP_API.list);

    statuses = [
      { ...IDLE, state: 'running', trigger: 'manual', progress: 40 },
      { ...IDLE, state: 'done', trigger: 'manual', progress: 100, name: NEW.name, size: NEW.size, ms: 2500 },
    ];
    archives = [NEW, OLD];
    await click('[data-testid="backup-run"]');
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual([BACKUP_API.run]);
    await until(() => !!$('[data-testid="backup-progress"]'), 'the progress bar', 100);
    await until(() => !!$('[data-testid="backup-result"]'), 'the result', 200);
    expect($('[data-testid="backup-result"]')!.textContent).toContain(`Archive ${NEW.name} written (2.0 KB, 2.5 s)`);
    await until(() => text().includes(NEW.name) && reads(BACKUP_API.list) > listReads, 'the list read again');
    // done: no further status reads
    const statusReads = reads(BACKUP_API.status);
    await settle(2500);
    expect(reads(BACKUP_API.status)).toBe(statusReads);
  });

  it('deletes an archive after confirming, in Chinese by default', async () => {
    root = await mountPage(<BackupPage />);
    await until(() => text().includes(OLD.name), 'the list');
    expect(text()).toContain('立即备份');
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === '删除')!;
    await act(async () => link.click());
    await until(() => !!$('.ant-popconfirm .ant-btn-primary'), 'the confirmation');
    await click('.ant-popconfirm .ant-btn-primary');
    await until(() => sent.some((s) => s.method === 'DELETE'), 'the delete');
    expect(sent.find((s) => s.method === 'DELETE')).toMatchObject({ url: BACKUP_API.archive, params: { name: OLD.name } });
    await until(() => !text().includes(OLD.name), 'the row gone');
  });
});
