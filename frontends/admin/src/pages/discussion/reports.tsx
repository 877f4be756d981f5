/**
 * /admin/discussion/report: reports, open ones first. Hide or delete the post on the discussion screen,
 * then mark the report handled: the reporter gets a "mine" message saying what became of the post.
 */
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Tag } from 'antd';
import { DEFAULT_PAGE_SIZE, DiscussionReportVO } from '@oj/contracts';
import { pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { getReports, handleReport } from './api';

export default function DiscussionReportPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);
  const columns: ProColumns<DiscussionReportVO>[] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('admin.discussion.titleField'),
      dataIndex: 'discussionTitle',
      ellipsis: true,
      render: (_d, row) =>
        row.discussionTitle ? (
          <a href={`/discussion/${row.did}`} target="_blank" rel="noreferrer">
            {row.discussionTitle}
          </a>
        ) : (
          <Tag>{t('admin.discussion.gone')}</Tag>
        ),
    },
    { title: t('admin.discussion.author'), dataIndex: 'discussionAuthor', width: 120 },
    { title: t('admin.discussion.reporter'), dataIndex: 'reporter', width: 120 },
    { title: t('admin.discussion.reportContent'), dataIndex: 'content', ellipsis: true },
    { title: t('admin.discussion.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170 },
    {
      title: t('admin.discussion.reportStatus'),
      dataIndex: 'status',
      width: 150,
      render: (_d, row) =>
        row.status ? (
          <Tag color="green">{t('admin.discussion.handled')}</Tag>
        ) : (
          <Button
            size="small"
            type="primary"
            data-testid={`report-handle-${row.id}`}
            onClick={() => run(() => handleReport(row.id), 'admin.common.updated')}
          >
            {t('admin.discussion.markHandled')}
          </Button>
        ),
    },
  ];
  return (
    <PageContainer title={t('admin.discussion.reports')}>
      <ProTable<DiscussionReportVO>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize) => getReports(current, pageSize))}
      />
    </PageContainer>
  );
}
