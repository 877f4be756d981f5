/** /admin/contest: the contests an admin manages, with visibility, edit, problems, announcements, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Switch, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ContestAuth, ContestInfo, ContestStatus, ContestType, DEFAULT_PAGE_SIZE, contestStatusAt } from '@oj/contracts';
import { DeleteAction, pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { changeContestVisible, deleteContest, getAdminContests } from './api';
import { downloadContestRank } from '../../api/admin';
import { RatedSwitch } from './rated-switch';

export default function ContestListPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);

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

  const setVisible = (c: ContestInfo, visible: boolean) => run(() => changeContestVisible(c.id, visible), 'admin.common.updated');

  const columns: ProColumns<ContestInfo>[] = [
    { title: t('admin.contest.id'), dataIndex: 'id', width: 70, search: false },
    { title: t('admin.contest.keyword'), dataIndex: 'keyword', hideInTable: true },
    // A width of its own: without one the fixed-width columns below squeeze the title to nothing.
    { title: t('admin.contest.titleField'), dataIndex: 'title', width: 240, ellipsis: true, search: false },
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
      title: t('admin.contest.rated'),
      dataIndex: 'rated',
      width: 80,
      search: false,
      render: (_d, c) => <RatedSwitch cid={c.id} />,
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 260,
      fixed: 'right',
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
        <a key="rank" onClick={() => void downloadContestRank(c.id).catch(() => undefined)} data-testid="admin-contest-rank-xlsx">
          {t('admin.contest.exportRank')}
        </a>,
        <DeleteAction key="delete" title={t('admin.contest.deleteConfirm')} onDelete={() => deleteContest(c.id)} onDeleted={reload} />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.contest.listTitle')}>
      <ProTable<ContestInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize, { keyword }) => getAdminContests(current, pageSize, (keyword as string) || undefined))}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/contest/create')}>
            {t('admin.contest.create')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
