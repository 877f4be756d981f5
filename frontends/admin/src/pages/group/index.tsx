/** /admin/group (root, product §6): every group, banned ones included; search, ban/unban, delete. */
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Popconfirm, Tag } from 'antd';
import { AdminGroupRow, DEFAULT_PAGE_SIZE, GroupAuth, GroupStatus } from '@oj/contracts';
import { DeleteAction, pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { deleteGroup, getAdminGroups, setGroupStatus } from './api';

const AUTH_IDS: Record<number, string> = {
  [GroupAuth.Public]: 'admin.group.authPublic',
  [GroupAuth.Protected]: 'admin.group.authProtected',
  [GroupAuth.Private]: 'admin.group.authPrivate',
};

export default function GroupListPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);

  const columns: ProColumns<AdminGroupRow>[] = [
    { title: 'ID', dataIndex: 'id', width: 70, search: false },
    { title: t('admin.group.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('admin.group.name'), dataIndex: 'name', ellipsis: true, search: false },
    { title: t('admin.group.shortName'), dataIndex: 'shortName', width: 120, search: false },
    { title: t('admin.group.owner'), dataIndex: 'owner', width: 120, search: false },
    {
      title: t('admin.group.auth'),
      dataIndex: 'auth',
      width: 100,
      search: false,
      render: (_d, g) => <Tag>{t(AUTH_IDS[g.auth] ?? 'admin.group.authPublic')}</Tag>,
    },
    {
      title: t('admin.group.visible'),
      dataIndex: 'visible',
      width: 90,
      search: false,
      render: (_d, g) => (g.visible ? t('admin.group.yes') : t('admin.group.no')),
    },
    { title: t('admin.group.members'), dataIndex: 'memberCount', width: 90, search: false },
    {
      title: t('admin.group.status'),
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: {
        [GroupStatus.Normal]: { text: t('admin.group.statusNormal') },
        [GroupStatus.Banned]: { text: t('admin.group.statusBanned') },
      },
      render: (_d, g) =>
        g.status === GroupStatus.Banned ? (
          <Tag color="red">{t('admin.group.statusBanned')}</Tag>
        ) : (
          <Tag color="green">{t('admin.group.statusNormal')}</Tag>
        ),
    },
    { title: t('admin.group.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170, search: false },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 150,
      render: (_d, g) => {
        const banned = g.status === GroupStatus.Banned;
        return [
          <Popconfirm
            key="status"
            title={t(banned ? 'admin.group.unbanConfirm' : 'admin.group.banConfirm')}
            okText={t('admin.common.ok')}
            cancelText={t('admin.common.cancel')}
            onConfirm={() => run(() => setGroupStatus(g, banned ? GroupStatus.Normal : GroupStatus.Banned), 'admin.common.updated')}
          >
            <a data-testid={`admin-group-${banned ? 'unban' : 'ban'}-${g.id}`}>{t(banned ? 'admin.group.unban' : 'admin.group.ban')}</a>
          </Popconfirm>,
          <DeleteAction key="delete" title={t('admin.group.deleteConfirm')} onDelete={() => deleteGroup(g.id)} onDeleted={reload} />,
        ];
      },
    },
  ];

  return (
    <PageContainer title={t('admin.group.title')}>
      <ProTable<AdminGroupRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((currentPage, limit, { keyword, status }) =>
          getAdminGroups({
            currentPage,
            limit,
            keyword: (keyword as string) || undefined,
            status: status === undefined || status === '' ? undefined : (Number(status) as GroupStatus),
          }),
        )}
      />
    </PageContainer>
  );
}
