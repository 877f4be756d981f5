/**
 * /admin/audit (super admin, issue 36): the audit trail. Filters by actor, action (exact, or every action of a kind
 * through its "user." prefix), target and time; each row opens to the fields that changed, and the whole before and
 * after. The export downloads the same filters as CSV. Nothing here changes a record: the server has no such route.
 */
import { PageContainer } from '@ant-design/pro-components';
import { App, AutoComplete, Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { AuditListQuery, AuditRecordView } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';
import { useT } from '../../i18n';
import { exportAuditCsv, getAuditActions, getAuditRecords } from './api';
import { fieldChanges, shortValue } from './diff';

interface Filters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** datetime-local values (the browser's time zone) */
  from?: string;
  to?: string;
}

const PAGE_SIZE = 20;

/** The query the server takes: empty fields left out, local times as epoch milliseconds. */
export function toQuery(f: Filters): AuditListQuery {
  const q: AuditListQuery = {};
  const text = (v?: string) => (v && v.trim() ? v.trim() : undefined);
  q.actor = text(f.actor);
  q.action = text(f.action);
  q.targetType = text(f.targetType);
  q.targetId = text(f.targetId);
  const time = (v?: string) => {
    const ms = v ? new Date(v).getTime() : NaN;
    return Number.isNaN(ms) ? undefined : ms;
  };
  q.from = time(f.from);
  q.to = time(f.to);
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as AuditListQuery;
}

function ChangeView({ record }: { record: AuditRecordView }) {
  const { t } = useT();
  const [whole, setWhole] = useState(false);
  const changes = fieldChanges(record.before, record.after);
  return (
    <div data-testid={`audit-detail-${record.id}`}>
      {changes.length === 0 ? (
        <Typography.Text type="secondary">{t('admin.audit.noChange')}</Typography.Text>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey={(c) => c.field || '(value)'}
          dataSource={changes}
          columns={[
            { title: t('admin.audit.field'), dataIndex: 'field', width: 200, render: (f: string) => f || t('admin.audit.wholeValue') },
            {
              title: t('admin.audit.before'),
              render: (_: unknown, c) => <span className="audit-before">{c.kind === 'added' ? '—' : shortValue(c.before)}</span>,
            },
            {
              title: t('admin.audit.after'),
              render: (_: unknown, c) => <span className="audit-after">{c.kind === 'removed' ? '—' : shortValue(c.after)}</span>,
            },
          ]}
        />
      )}
      <Button type="link" size="small" onClick={() => setWhole((w) => !w)}>
        {whole ? t('admin.audit.hideWhole') : t('admin.audit.showWhole')}
      </Button>
      {whole && (
        <Space align="start" style={{ width: '100%' }} wrap>
          <div>
            <Typography.Text strong>{t('admin.audit.before')}</Typography.Text>
            <pre style={{ maxHeight: 360, overflow: 'auto', maxWidth: 560 }}>{JSON.stringify(record.before, null, 2)}</pre>
          </div>
          <div>
            <Typography.Text strong>{t('admin.audit.after')}</Typography.Text>
            <pre style={{ maxHeight: 360, overflow: 'auto', maxWidth: 560 }}>{JSON.stringify(record.after, null, 2)}</pre>
          </div>
        </Space>
      )}
    </div>
  );
}

export default function AuditPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AuditListQuery>({});
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AuditRecordView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [actions, setActions] = useState<string[]>([]);

  const load = useCallback(async (q: AuditListQuery, current: number) => {
    setLoading(true);
    try {
      const data = await getAuditRecords({ ...q, currentPage: current, limit: PAGE_SIZE });
      setRows(data.records);
      setTotal(data.total);
    } catch {
      // the client has shown the server's text (a non-root admin: no permission)
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(query, page);
  }, [load, query, page]);

  useEffect(() => {
    getAuditActions()
      .then(setActions)
      .catch(() => undefined);
  }, []);

  const search = (values: Filters) => {
    setQuery(toQuery(values));
    setPage(1);
  };

  const reset = () => {
    form.resetFields();
    search({});
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(query);
      message.success(t('admin.audit.exported'));
    } catch {
      // shown by the client
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer title={t('admin.audit.title')} content={t('admin.audit.intro')}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }} data-testid="audit-filters">
        <Form.Item name="actor" label={t('admin.audit.actor')}>
          <Input allowClear placeholder={t('admin.audit.actorHint')} data-testid="audit-actor" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="action" label={t('admin.audit.action')}>
          <AutoComplete
            style={{ width: 220 }}
            options={actions.map((a) => ({ value: a }))}
            filterOption={(input, option) => String(option?.value ?? '').startsWith(input)}
          >
            <Input allowClear placeholder={t('admin.audit.actionHint')} data-testid="audit-action" />
          </AutoComplete>
        </Form.Item>
        <Form.Item name="targetType" label={t('admin.audit.targetType')}>
          <Input allowClear style={{ width: 120 }} data-testid="audit-target-type" />
        </Form.Item>
        <Form.Item name="targetId" label={t('admin.audit.targetId')}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-target-id" />
        </Form.Item>
        <Form.Item name="from" label={t('admin.audit.from')}>
          <Input type="datetime-local" data-testid="audit-from" />
        </Form.Item>
        <Form.Item name="to" label={t('admin.audit.to')}>
          <Input type="datetime-local" data-testid="audit-to" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="audit-search">
              {t('admin.audit.search')}
            </Button>
            <Button onClick={reset}>{t('admin.audit.reset')}</Button>
            <Button onClick={doExport} loading={exporting} data-testid="audit-export">
              {t('admin.audit.export')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditRecordView>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: t('admin.audit.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }}
        expandable={{ expandedRowRender: (r) => <ChangeView record={r} /> }}
        columns={[
          { title: t('admin.audit.time'), dataIndex: 'time', width: 180, render: (v: string) => formatDateTime(v) },
          {
            title: t('admin.audit.actor'),
            width: 160,
            render: (_: unknown, r) =>
              r.actorUid ? <span title={r.actorUid}>{r.actorName ?? r.actorUid}</span> : <Tag>{t('admin.audit.system')}</Tag>,
          },
          { title: t('admin.audit.ip'), dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
          { title: t('admin.audit.action'), dataIndex: 'action', render: (v: string) => <Tag color="blue">{v}</Tag> },
          {
            title: t('admin.audit.target'),
            render: (_: unknown, r) => (r.targetType ? `${r.targetType}${r.targetId ? ` #${r.targetId}` : ''}` : '—'),
          },
          { title: t('admin.audit.note'), dataIndex: 'note', render: (v: string | null) => v ?? '' },
        ]}
      />
    </PageContainer>
  );
}
