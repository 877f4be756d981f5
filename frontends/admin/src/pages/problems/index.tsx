/**
 * /admin/problems: problem list with search, visibility toggle, edit, plagiarism check of the practice submissions,
 * delete, test data download, export, and (root and admins) rejudging every practice submission of a problem.
 */
import { DownloadOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { ActionType, PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { App, Button, Popconfirm, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminProblem, DEFAULT_PAGE_SIZE, ProblemAuth } from '@oj/contracts';
import { changeProblemAuth, deleteProblem, downloadTestcase, exportProblems, getProblemList, rejudgeProblem } from '../../api/admin';
import { isSiteAdminUser } from '../../auth/guard';
import { useSession } from '../../auth/session';
import { formatDateTime } from '@oj/kit';
import { useT } from '../../i18n';
import { ImportModal } from './ImportModal';
import { RemoteImportModal } from './RemoteImportModal';

export default function ProblemListPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>();
  const [selected, setSelected] = useState<number[]>([]);
  const canRejudgeAll = isSiteAdminUser(useSession().user?.roleList);

  const authOptions = [
    { value: ProblemAuth.Public, label: t('admin.problems.authPublic') },
    { value: ProblemAuth.Private, label: t('admin.problems.authPrivate') },
    { value: ProblemAuth.Contest, label: t('admin.problems.authContest') },
  ];

  const onAuthChange = async (row: AdminProblem, auth: ProblemAuth) => {
    try {
      await changeProblemAuth(row.id!, auth);
      message.success(t('admin.common.updated'));
      actionRef.current?.reload();
    } catch (_e) {
      // shown by the client
    }
  };

  const onExport = async () => {
    // Product §5: the exported selection must not be empty.
    if (!selected.length) {
      message.error(t('admin.problems.exportEmpty'));
      return;
    }
    try {
      await exportProblems(selected);
    } catch (_e) {
      // shown by the client
    }
  };

  const columns: ProColumns<AdminProblem>[] = [
    // Display id with the internal id under it, author with the change time: fewer, fuller columns keep the
    // title whole and the table inside its box at 1280 px (issue 21).
    {
      title: t('admin.problems.displayId'),
      dataIndex: 'problemId',
      width: 120,
      search: false,
      render: (_dom, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.problemId}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('admin.problems.id')} {row.id}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('admin.problems.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('admin.problems.keywordPlaceholder') },
    },
    { title: t('admin.problems.titleColumn'), dataIndex: 'title', search: false },
    {
      title: `${t('admin.problems.author')} · ${t('admin.problems.modified')}`,
      dataIndex: 'author',
      width: 170,
      search: false,
      render: (_dom, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.author}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.gmtModified ? formatDateTime(row.gmtModified) : '-'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('admin.problems.auth'),
      dataIndex: 'auth',
      width: 140,
      valueType: 'select',
      fieldProps: { options: authOptions },
      render: (_dom, row) => (
        <Select<ProblemAuth>
          size="small"
          style={{ width: 120 }}
          value={row.auth}
          options={authOptions}
          onChange={(auth) => onAuthChange(row, auth)}
          data-testid={`problem-auth-${row.id}`}
        />
      ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 260,
      render: (_dom, row) => [
        canRejudgeAll && !row.isRemote && (
          <Popconfirm
            key="rejudge"
            title={t('admin.problems.rejudgeConfirm')}
            okText={t('admin.common.ok')}
            cancelText={t('admin.common.cancel')}
            onConfirm={async () => {
              try {
                const { count } = await rejudgeProblem(row.id!);
                message.success(t('admin.problems.rejudged', { count }));
              } catch (_e) {
                // shown by the client
              }
            }}
          >
            <a data-testid={`problem-rejudge-${row.id}`}>{t('admin.problems.rejudge')}</a>
          </Popconfirm>
        ),
        <a key="edit" onClick={() => navigate(`/problem/edit/${row.id}`)}>
          {t('admin.common.edit')}
        </a>,
        <a key="plagiarism" onClick={() => navigate(`/problem/${row.id}/plagiarism`)} data-testid={`problem-plagiarism-${row.id}`}>
          {t('admin.plagiarism.entry')}
        </a>,
        !row.isRemote && (
          <a key="download" onClick={() => downloadTestcase(row.id!).catch(() => undefined)}>
            <DownloadOutlined /> {t('admin.problems.downloadTestcase')}
          </a>
        ),
        <Popconfirm
          key="delete"
          title={t('admin.problems.deleteConfirm')}
          okText={t('admin.common.ok')}
          cancelText={t('admin.common.cancel')}
          onConfirm={async () => {
            try {
              await deleteProblem(row.id!);
              message.success(t('admin.common.deleted'));
              actionRef.current?.reload();
            } catch (_e) {
              // shown by the client
            }
          }}
        >
          <a style={{ color: '#ff4d4f' }}>{t('admin.common.delete')}</a>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.problems.title')}>
      <ProTable<AdminProblem>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 860 }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        tableAlertRender={({ selectedRowKeys }) => t('admin.problems.selected', { count: selectedRowKeys.length })}
        request={async ({ current, pageSize, keyword, auth }) => {
          try {
            const page = await getProblemList({ currentPage: current, limit: pageSize, keyword, auth });
            return { data: page.records, total: page.total, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [
          <Space key="actions">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/problem/create')}>
              {t('admin.problems.create')}
            </Button>
            <ImportModal onImported={() => actionRef.current?.reload()} />
            <RemoteImportModal onImported={() => actionRef.current?.reload()} />
            <Button icon={<ExportOutlined />} onClick={onExport} data-testid="problem-export">
              {t('admin.problems.export')}
            </Button>
          </Space>,
        ]}
      />
    </PageContainer>
  );
}
