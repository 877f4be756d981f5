/** /admin/discussion: every public discussion, hidden ones too: hide or show, pin, delete one or a selection. */
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, DiscussionStatus, DiscussionVO } from '@oj/contracts';
import { discussionCategoryName } from '@oj/kit';
import { pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { deleteAdminDiscussions, getAdminDiscussions, updateAdminDiscussion } from './api';

export default function AdminDiscussionPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const [selected, setSelected] = useState<number[]>([]);
  const run = useNotifiedAction(() => {
    setSelected([]);
    reload();
  });

  const columns: ProColumns<DiscussionVO>[] = [
    { title: 'ID', dataIndex: 'id', width: 80, search: false },
    {
      title: t('admin.discussion.titleField'),
      dataIndex: 'title',
      ellipsis: true,
      search: false,
      render: (_d, row) => (
        <a href={`/discussion/${row.id}`} target="_blank" rel="noreferrer">
          {row.title}
        </a>
      ),
    },
    { title: t('admin.discussion.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('admin.discussion.category'),
      dataIndex: 'categoryName',
      width: 120,
      search: false,
      render: (_v, row) => (row.categoryName ? discussionCategoryName(({ id }) => t(id), row.categoryName) : '-'),
    },
    { title: t('admin.discussion.author'), dataIndex: 'author', width: 130, search: false },
    { title: t('admin.discussion.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170, search: false },
    {
      title: t('admin.discussion.pinned'),
      dataIndex: 'topPriority',
      width: 90,
      search: false,
      render: (_d, row) => (
        <Switch
          size="small"
          checked={row.topPriority}
          onChange={(v) => run(() => updateAdminDiscussion({ id: row.id, topPriority: v }), 'admin.common.updated')}
        />
      ),
    },
    {
      title: t('admin.discussion.visible'),
      dataIndex: 'status',
      width: 110,
      search: false,
      render: (_d, row) => (
        <Space>
          <Switch
            size="small"
            data-testid={`discussion-visible-${row.id}`}
            checked={row.status === DiscussionStatus.Shown}
            onChange={(v) =>
              run(
                () => updateAdminDiscussion({ id: row.id, status: v ? DiscussionStatus.Shown : DiscussionStatus.Hidden }),
                'admin.common.updated',
              )
            }
          />
          {row.status === DiscussionStatus.Hidden && <Tag color="orange">{t('admin.discussion.hidden')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 90,
      render: (_d, row) => [
        <Popconfirm
          key="delete"
          title={t('admin.discussion.deleteConfirm')}
          onConfirm={() => run(() => deleteAdminDiscussions([row.id]), 'admin.common.deleted')}
        >
          <a>{t('admin.common.delete')}</a>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.discussion.title')}>
      <ProTable<DiscussionVO>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        request={pagedRequest((current, pageSize, params) => getAdminDiscussions(current, pageSize, params.keyword as string | undefined))}
        toolBarRender={() => [
          <Popconfirm
            key="bulk"
            title={t('admin.discussion.deleteSelectedConfirm')}
            disabled={!selected.length}
            onConfirm={() => run(() => deleteAdminDiscussions(selected), 'admin.common.deleted')}
          >
            <Button danger disabled={!selected.length}>
              {t('admin.discussion.deleteSelected')}
            </Button>
          </Popconfirm>,
        ]}
      />
    </PageContainer>
  );
}
