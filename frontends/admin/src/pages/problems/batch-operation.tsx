/**
 * /admin/problem/batch-operation (product §2): problems in and out of the bank in bulk, as HOJ's page of that name.
 * Export: pick problems across pages and searches (the picks stay listed as tags) and download them as one HOJ
 * archive (GET /api/file/export-problem); the selection must not be empty (product §5). Import: one archive in any
 * of the six formats (POST /api/file/import-*), the same fields as the problem list's import dialog.
 */
import { ExportOutlined, UploadOutlined } from '@ant-design/icons';
import { ActionType, PageContainer, ProColumns, ProForm, ProTable } from '@ant-design/pro-components';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { AdminProblem } from '@oj/contracts';
import { exportProblems, getProblemList } from '../../api/admin';
import { useT } from '../../i18n';
import { ImportFields, ImportValues, submitImport } from './ImportModal';

/** Rows per page of the export table: a short list beside the import form. */
const EXPORT_PAGE_SIZE = 10;

export default function ProblemBatchOperationPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  /** Picked problems by database id, with what their tags show (kept across pages and searches). */
  const [picked, setPicked] = useState<Map<number, AdminProblem>>(new Map());
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    if (!picked.size) {
      message.error(t('admin.problems.exportEmpty'));
      return;
    }
    setExporting(true);
    try {
      await exportProblems([...picked.keys()]);
    } catch (_e) {
      // shown by the client
    } finally {
      setExporting(false);
    }
  };

  const unpick = (id: number) =>
    setPicked((old) => {
      const next = new Map(old);
      next.delete(id);
      return next;
    });

  const columns: ProColumns<AdminProblem>[] = [
    {
      title: t('admin.problems.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('admin.problems.keywordPlaceholder') },
    },
    { title: t('admin.problems.displayId'), dataIndex: 'problemId', width: 140, search: false },
    { title: t('admin.problems.titleColumn'), dataIndex: 'title', search: false, ellipsis: true },
  ];

  return (
    <PageContainer title={t('admin.batch.title')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('admin.batch.exportTitle')} data-testid="problem-batch-export-card">
          <ProTable<AdminProblem>
            rowKey="id"
            actionRef={actionRef}
            columns={columns}
            options={false}
            search={{ labelWidth: 'auto' }}
            pagination={{ defaultPageSize: EXPORT_PAGE_SIZE, showSizeChanger: false }}
            rowSelection={{
              selectedRowKeys: [...picked.keys()],
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) =>
                setPicked((old) => {
                  // antd answers the rows it knows on this page (undefined for picks made on other pages)
                  const next = new Map<number, AdminProblem>();
                  for (const key of keys as number[]) {
                    const row = rows.find((r) => r?.id === key) ?? old.get(key);
                    if (row) next.set(key, row);
                  }
                  return next;
                }),
            }}
            tableAlertRender={false}
            request={async ({ current, pageSize, keyword }) => {
              try {
                const page = await getProblemList({ currentPage: current, limit: pageSize, keyword });
                return { data: page.records, total: page.total, success: true };
              } catch (_e) {
                return { data: [], total: 0, success: false };
              }
            }}
          />
          <Space wrap style={{ marginTop: 12 }} data-testid="problem-batch-picked">
            <Typography.Text type="secondary">{t('admin.problems.selected', { count: picked.size })}</Typography.Text>
            {[...picked.values()].map((p) => (
              <Tag key={p.id} closable onClose={() => unpick(p.id!)}>
                {p.problemId} {p.title}
              </Tag>
            ))}
          </Space>
          <div style={{ marginTop: 12 }}>
            <Button type="primary" icon={<ExportOutlined />} loading={exporting} onClick={onExport} data-testid="problem-batch-export">
              {t('admin.batch.export')}
            </Button>
          </div>
        </Card>
        <Card title={t('admin.problemImport.title')} data-testid="problem-batch-import-card">
          <ProForm<ImportValues>
            initialValues={{ format: 'hoj' }}
            submitter={{
              render: (props) => (
                <Button type="primary" icon={<UploadOutlined />} onClick={() => props.submit()} data-testid="problem-batch-import">
                  {t('admin.problemImport.button')}
                </Button>
              ),
            }}
            onFinish={async (values) => {
              const stored = await submitImport(values, t, message);
              if (stored) actionRef.current?.reload();
              return stored;
            }}
          >
            <ImportFields />
          </ProForm>
        </Card>
      </Space>
    </PageContainer>
  );
}
