/**
 * /admin/backup (root, issue 36): the daily backup's hour and retention, "back up now" followed to its result, and
 * the archives in DATA_DIR/backups with their size and time, to download or delete.
 */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Alert, App, Button, Form, InputNumber, Progress, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BACKUP_LIMITS, BackupArchiveView, BackupRunView, BackupSettings } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';
import { DeleteAction } from '../../components/crud';
import { useT } from '../../i18n';
import { deleteBackup, downloadBackup, getBackups, getBackupSettings, getBackupStatus, saveBackupSettings, startBackup } from './api';

/** How often a running backup's progress is read. */
export const BACKUP_POLL_MS = 1000;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let n = bytes / 1024;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(n < 10 ? 1 : 0)} ${units[i]}`;
}

function SettingsCard() {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<BackupSettings>();
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void getBackupSettings().then((s) => {
      form.setFieldsValue(s);
      setLoaded(true);
    });
  }, [form]);
  const save = async (values: BackupSettings) => {
    setSaving(true);
    try {
      form.setFieldsValue(await saveBackupSettings(values));
      message.success(t('admin.backup.saved'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ProCard title={t('admin.backup.settings')} bordered>
      <Form form={form} layout="inline" onFinish={(v) => void save(v).catch(() => undefined)} disabled={!loaded}>
        <Form.Item name="enabled" label={t('admin.backup.enabled')} valuePropName="checked">
          <Switch data-testid="backup-enabled" />
        </Form.Item>
        <Form.Item name="hour" label={t('admin.backup.hour')} rules={[{ required: true }]}>
          <InputNumber data-testid="backup-hour" min={0} max={23} precision={0} />
        </Form.Item>
        <Form.Item
          name="retention"
          label={t('admin.backup.retention')}
          tooltip={t('admin.backup.retentionHint')}
          rules={[{ required: true }]}
        >
          <InputNumber data-testid="backup-retention" min={BACKUP_LIMITS.minRetention} max={BACKUP_LIMITS.maxRetention} precision={0} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="backup-save">
            {t('admin.backup.save')}
          </Button>
        </Form.Item>
      </Form>
    </ProCard>
  );
}

export default function BackupPage() {
  const { t } = useT();
  const [archives, setArchives] = useState<BackupArchiveView[]>([]);
  const [loading, setLoading] = useState(true);
  const [run, setRun] = useState<BackupRunView | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setArchives(await getBackups());
    } finally {
      setLoading(false);
    }
  }, []);

  /** Reads the run's state until it is no longer running; the list is read again when it ends. */
  const follow = useCallback(async () => {
    clearTimeout(timer.current);
    let next: BackupRunView;
    try {
      next = await getBackupStatus();
      setPollFailed(false);
    } catch {
      setPollFailed(true);
      timer.current = setTimeout(() => void follow(), BACKUP_POLL_MS);
      return;
    }
    setRun(next);
    if (next.state === 'running') timer.current = setTimeout(() => void follow(), BACKUP_POLL_MS);
    else void reload().catch(() => undefined);
  }, [reload]);

  useEffect(() => {
    void reload().catch(() => undefined);
    // a backup started elsewhere (the schedule, another tab) is shown as it goes
    void follow();
    return () => clearTimeout(timer.current);
  }, [reload, follow]);

  const start = async () => {
    try {
      setRun(await startBackup());
      timer.current = setTimeout(() => void follow(), BACKUP_POLL_MS);
    } catch {
      // the client already showed the server's text (e.g. a backup is already running)
    }
  };

  const columns: ColumnsType<BackupArchiveView> = [
    { title: t('admin.backup.name'), dataIndex: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    { title: t('admin.backup.size'), dataIndex: 'size', width: 120, render: (size: number) => formatSize(size) },
    { title: t('admin.backup.createdAt'), dataIndex: 'createdAt', width: 200, render: (at: string) => formatDateTime(at) },
    {
      title: t('admin.backup.actions'),
      width: 160,
      render: (_: unknown, row) => (
        <Space>
          <a data-testid={`backup-download-${row.name}`} onClick={() => void downloadBackup(row.name).catch(() => undefined)}>
            {t('admin.backup.download')}
          </a>
          <DeleteAction
            title={t('admin.backup.deleteConfirm', { name: row.name })}
            onDelete={() => deleteBackup(row.name)}
            onDeleted={() => void reload().catch(() => undefined)}
          />
        </Space>
      ),
    },
  ];

  const running = run?.state === 'running';
  return (
    <PageContainer title={t('admin.backup.title')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('admin.backup.intro')}</Typography.Paragraph>
        <SettingsCard />
        <ProCard
          title={t('admin.backup.archives')}
          bordered
          extra={
            <Button type="primary" onClick={() => void start()} loading={running} data-testid="backup-run">
              {running ? t('admin.backup.running') : t('admin.backup.runNow')}
            </Button>
          }
        >
          {running && <Progress percent={run.progress} status="active" data-testid="backup-progress" />}
          {run?.state === 'done' && run.name && (
            <Alert
              type="success"
              showIcon
              data-testid="backup-result"
              message={t('admin.backup.done', {
                name: run.name,
                size: formatSize(run.size ?? 0),
                seconds: ((run.ms ?? 0) / 1000).toFixed(1),
              })}
            />
          )}
          {run?.state === 'failed' && (
            <Alert type="error" showIcon data-testid="backup-result" message={t('admin.backup.failed', { error: run.error ?? '' })} />
          )}
          {pollFailed && <Alert type="warning" showIcon message={t('admin.backup.pollFailed')} />}
          <Table<BackupArchiveView>
            rowKey="name"
            columns={columns}
            dataSource={archives}
            loading={loading}
            pagination={false}
            locale={{ emptyText: t('admin.backup.empty') }}
            style={{ marginTop: 16 }}
          />
        </ProCard>
      </Space>
    </PageContainer>
  );
}
