/** Import users from a CSV (seven columns, no header, UTF-8): a preview, then the server's report of skipped rows. */
import { UploadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Card, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { AdminInsertUsersResult } from '@oj/contracts';
import { localizeServerMessage } from '@oj/kit';
import { useT } from '../../i18n';
import { insertUsers } from './api';
import { parseImportCsv } from './csv';

/** Titles of the seven CSV columns (IMPORT_COLUMNS), in order. */
const IMPORT_TITLE_IDS = [
  'admin.user.username',
  'admin.user.password',
  'admin.user.email',
  'admin.user.realname',
  'admin.user.gender',
  'admin.user.nickname',
  'admin.user.school',
];

export function ImportUsers({ onImported }: { onImported: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [rows, setRows] = useState<string[][]>([]);
  const [result, setResult] = useState<AdminInsertUsersResult | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (file: File) => {
    const parsed = parseImportCsv(await file.arrayBuffer());
    setResult(null);
    if (!parsed) {
      setRows([]);
      message.error(t('admin.userImport.notUtf8'));
      return;
    }
    setRows(parsed);
  };
  const submit = async () => {
    setBusy(true);
    try {
      const r = await insertUsers(rows);
      setResult(r);
      setRows([]);
      message.success(t('admin.userImport.done', { created: r.created, skipped: r.skipped.length }));
      onImported();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('admin.userImport.title')} data-testid="import-users">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('admin.userImport.hint')} />
        <Space>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void read(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="import-choose">
              {t('admin.userImport.choose')}
            </Button>
          </Upload>
          <Button type="primary" disabled={!rows.length} loading={busy} onClick={submit} data-testid="import-submit">
            {t('admin.userImport.submit', { count: rows.length })}
          </Button>
        </Space>
        {rows.length > 0 && (
          <Table
            size="small"
            rowKey={(_r, i) => String(i)}
            dataSource={rows}
            pagination={{ pageSize: 10 }}
            columns={IMPORT_TITLE_IDS.map((id, i) => ({ title: t(id), render: (_v: unknown, r: string[]) => r[i] }))}
          />
        )}
        {result && result.skipped.length > 0 && (
          <Table
            size="small"
            data-testid="import-skipped"
            rowKey="row"
            dataSource={result.skipped}
            pagination={false}
            columns={[
              { title: t('admin.userImport.row'), dataIndex: 'row', width: 80 },
              // The server's catalogue text, in the user's language (issue 37 item 14).
              { title: t('admin.userImport.reason'), dataIndex: 'reason', render: (reason: string) => localizeServerMessage(reason) },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
