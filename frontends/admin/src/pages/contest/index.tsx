/** /admin/contest: the contests an admin manages, with visibility, edit, problems, announcements, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { ActionType, PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { App, Button, Popconfirm, Switch, Tag } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ContestAuth, ContestInfo, ContestStatus, ContestType, DEFAULT_PAGE_SIZE, contestStatusAt } from '@oj/contracts';
import { useT } from '../../i18n';
import { changeContestVisible, deleteContest, getAdminContests } from './api';

export default function ContestListPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const statusTag = (c: ContestInfo) => {
    const s = contestStatusAt(c.startTime, c.endTime);
    if (s === ContestStatus.Scheduled) return <Tag color="blue">{t('admin.contest.statusScheduled')}</Tag>;
    if (s === ContestStatus.Running) return <Tag color="green">{t('admin.contest.statusRunning')}</Tag>;
    return <Tag>{t('admin.contest.statusEnded')}</Tag>;
  };
  const authText = (a: ContestAuth) =>
    a === ContestAuth.Private
      ? t('admin.contest.authPrivate')
      : a === ContestAuth.Protected
        ? t('admin.contest.authProtected')
        : t('admin.contest.authPublic');

  const setVisible = async (c: ContestInfo, visible: boolean) => {
    try {
      await changeContestVisible(c.id, visible);
      message.success(t('admin.common.updated'));
      reload();
    } catch (_e) {
      // shown by the client
    }
  };

  const columns: ProColumns<ContestInfo>[] = [
    { title: t('admin.contest.id'), dataIndex: 'id', width: 70, search: false },
    { title: t('admin.contest.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('admin.contest.titleField'), dataIndex: 'title', ellipsis: true, search: false },
    {
      title: t('admin.contest.type'),
      dataIndex: 'type',
      width: 80,
      search: false,
      render: (_d, c) => (c.type === ContestType.OI ? t('admin.contest.typeOi') : t('admin.contest.typeAcm')),
    },
    { title: t('admin.contest.auth'), dataIndex: 'auth', width: 90, search: false, render: (_d, c) => authText(c.auth) },
    { title: t('admin.contest.status'), dataIndex: 'status', width: 90, search: false, render: (_d, c) => statusTag(c) },
    { title: t('admin.contest.startTime'), dataIndex: 'startTime', valueType: 'dateTime', width: 170, search: false },
    { title: t('admin.contest.endTime'), dataIndex: 'endTime', valueType: 'dateTime', width: 170, search: false },
    { title: t('admin.contest.author'), dataIndex: 'author', width: 110, search: false },
    {
      title: t('admin.contest.visible'),
      dataIndex: 'visible',
      width: 80,
      search: false,
      render: (_d, c) => <Switch size="small" checked={c.visible} onChange={(v) => setVisible(c, v)} />,
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 260,
      render: (_d, c) => [
        <a key="edit" onClick={() => navigate(`/contest/${c.id}/edit`)}>
          {t('admin.common.edit')}
        </a>,
        <a key="problems" onClick={() => navigate(`/contest/${c.id}/problems`)} data-testid="admin-contest-problems-link">
          {t('admin.contest.problems')}
        </a>,
        <a key="announcement" onClick={() => navigate(`/contest/${c.id}/announcement`)}>
          {t('admin.contest.announcements')}
        </a>,
        <Popconfirm
          key="delete"
          title={t('admin.contest.deleteConfirm')}
          okText={t('admin.common.ok')}
          cancelText={t('admin.common.cancel')}
          onConfirm={async () => {
            try {
              await deleteContest(c.id);
              message.success(t('admin.common.deleted'));
              reload();
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
    <PageContainer title={t('admin.contest.listTitle')}>
      <ProTable<ContestInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={async ({ current, pageSize, keyword }) => {
          try {
            const page = await getAdminContests(current ?? 1, pageSize ?? DEFAULT_PAGE_SIZE, (keyword as string) || undefined);
            return { data: page.records, total: page.total, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/contest/create')}>
            {t('admin.contest.create')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
