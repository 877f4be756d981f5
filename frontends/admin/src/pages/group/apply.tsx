/**
 * /admin/group-problem/apply (product §2, §4 apply-public): group problems proposed for the public bank; root and
 * problem admins accept one (it becomes public and leaves the group) or refuse it.
 */
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Popconfirm, Tag } from 'antd';
import { ApplyPublicProgress, DEFAULT_PAGE_SIZE, GroupProblemApplyRow } from '@oj/contracts';
import { pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { changeApplyProgress, getGroupProblemApplies } from './api';

const PROGRESS: Record<number, { id: string; color: string }> = {
  [ApplyPublicProgress.Applying]: { id: 'admin.groupApply.applying', color: 'gold' },
  [ApplyPublicProgress.Public]: { id: 'admin.groupApply.accepted', color: 'green' },
  [ApplyPublicProgress.Refused]: { id: 'admin.groupApply.refused', color: 'red' },
};

/** The accept/refuse link of an applying row, behind a confirmation. */
function Decide({ row, progress, onDone }: { row: GroupProblemApplyRow; progress: ApplyPublicProgress; onDone: () => void }) {
  const { t } = useT();
  const run = useNotifiedAction(onDone);
  const accept = progress === ApplyPublicProgress.Public;
  return (
    <Popconfirm
      title={t(accept ? 'admin.groupApply.acceptConfirm' : 'admin.groupApply.refuseConfirm')}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      onConfirm={() => run(() => changeApplyProgress(row, progress), 'admin.common.updated')}
    >
      <a style={accept ? undefined : { color: '#ff4d4f' }} data-testid={`group-apply-${accept ? 'accept' : 'refuse'}-${row.id}`}>
        {t(accept ? 'admin.groupApply.accept' : 'admin.groupApply.refuse')}
      </a>
    </Popconfirm>
  );
}

export default function GroupProblemApplyPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<GroupProblemApplyRow>[] = [
    { title: 'ID', dataIndex: 'id', width: 70, search: false },
    { title: t('admin.groupApply.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('admin.groupApply.problemId'), dataIndex: 'problemId', width: 140, search: false },
    { title: t('admin.groupApply.titleField'), dataIndex: 'title', ellipsis: true, search: false },
    { title: t('admin.groupApply.author'), dataIndex: 'author', width: 120, search: false },
    { title: t('admin.groupApply.gid'), dataIndex: 'gid', width: 100, valueType: 'digit' },
    {
      title: t('admin.groupApply.progress'),
      dataIndex: 'applyPublicProgress',
      width: 110,
      search: false,
      render: (_d, r) => {
        const p = r.applyPublicProgress == null ? null : PROGRESS[r.applyPublicProgress];
        return p ? <Tag color={p.color}>{t(p.id)}</Tag> : '-';
      },
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 140,
      render: (_d, r) =>
        r.applyPublicProgress === ApplyPublicProgress.Applying
          ? [
              <Decide key="accept" row={r} progress={ApplyPublicProgress.Public} onDone={reload} />,
              <Decide key="refuse" row={r} progress={ApplyPublicProgress.Refused} onDone={reload} />,
            ]
          : [],
    },
  ];
  return (
    <PageContainer title={t('admin.groupApply.title')}>
      <ProTable<GroupProblemApplyRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        locale={{ emptyText: t('admin.groupApply.empty') }}
        request={pagedRequest((currentPage, limit, { keyword, gid }) =>
          getGroupProblemApplies({
            currentPage,
            limit,
            keyword: (keyword as string) || undefined,
            gid: gid ? Number(gid) : undefined,
          }),
        )}
      />
    </PageContainer>
  );
}
