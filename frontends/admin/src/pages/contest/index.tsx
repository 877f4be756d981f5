/** /admin/contest: the contests an admin manages, with visibility, edit, problems, announcements, plagiarism check, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Space, Switch, Tag } from 'antd';
import { formatDateTime } from '@oj/kit';
import { useNavigate } from 'react-router-dom';
import { ContestAuth, ContestInfo, ContestStatus, ContestType, DEFAULT_PAGE_SIZE, contestStatusAt } from '@oj/contracts';
import { DeleteAction, pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { changeContestVisible, deleteContest, getAdminContests } from './api';
import { downloadContestRank } from '../../api/admin';
import { RatedSwitch } from './rated-switch';

/** The columns' least width: below it (phones) the table scrolls inside its box, above it the title grows. */
const CONTEST_TABLE_WIDTH = 880;

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

  // Eight columns that fit the content box of a 1280 px screen (about 900 px beside the menu): the rule,
  // access and status sit as tags under the title, the two times share a cell and the actions wrap, so the
  // title keeps its room and nothing hides behind sideways scrolling. Narrower screens scroll inside the table.
  const columns: ProColumns<ContestInfo>[] = [
    { title: t('admin.contest.id'), dataIndex: 'id', width: 64, search: false },
    { title: t('admin.contest.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('admin.contest.titleField'),
      dataIndex: 'title',
      search: false,
      render: (_d, c) => (
        <Space direction="vertical" size={4}>
          <span>{c.title}</span>
          <Space size={[4, 4]} wrap>
            <Tag>{c.type === ContestType.OI ? t('admin.contest.typeOi') : t('admin.contest.typeAcm')}</Tag>
            <Tag>{authText(c.auth)}</Tag>
            {statusTag(c)}
          </Space>
        </Space>
      ),
    },
    {
      title: t('admin.contest.time'),
      dataIndex: 'startTime',
      width: 168,
      search: false,
      render: (_d, c) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(c.startTime)}</span>
          <span>{formatDateTime(c.endTime)}</span>
        </Space>
      ),
    },
    { title: t('admin.contest.author'), dataIndex: 'author', width: 100, ellipsis: true, search: false },
    {
      title: t('admin.contest.visible'),
      dataIndex: 'visible',
      width: 72,
      search: false,
      render: (_d, c) => <Switch size="small" checked={c.visible} onChange={(v) => setVisible(c, v)} />,
    },
    {
      title: t('admin.contest.rated'),
      dataIndex: 'rated',
      width: 72,
      search: false,
      render: (_d, c) => <RatedSwitch cid={c.id} />,
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 176,
      fixed: 'right',
      render: (_d, c) => (
        <Space size={[12, 4]} wrap>
          <a onClick={() => navigate(`/contest/${c.id}/edit`)}>{t('admin.common.edit')}</a>
          <a onClick={() => navigate(`/contest/${c.id}/problems`)} data-testid="admin-contest-problems-link">
            {t('admin.contest.problems')}
          </a>
          <a onClick={() => navigate(`/contest/${c.id}/announcement`)}>{t('admin.contest.announcements')}</a>
          <a onClick={() => void downloadContestRank(c.id).catch(() => undefined)} data-testid="admin-contest-rank-xlsx">
            {t('admin.contest.exportRank')}
          </a>
          <a onClick={() => navigate(`/contest/${c.id}/plagiarism`)} data-testid="admin-contest-plagiarism-link">
            {t('admin.plagiarism.entry')}
          </a>
          <DeleteAction title={t('admin.contest.deleteConfirm')} onDelete={() => deleteContest(c.id)} onDeleted={reload} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title={t('admin.contest.listTitle')}>
      <ProTable<ContestInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: CONTEST_TABLE_WIDTH }}
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
