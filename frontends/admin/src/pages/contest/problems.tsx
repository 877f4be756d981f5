/**
 * /admin/contest/:contestID/problems: the contest's problems with display id, title and balloon colour;
 * bank problems are added here, contest-only ones are written in the problem editor (problem/create,
 * problem/:problemId/edit under the contest).
 */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProColumns, ProFormColorPicker, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import { Button, Popconfirm, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ContestProblemItem, DEFAULT_PAGE_SIZE, ProblemAuth } from '@oj/contracts';
import { getProblemList } from '../../api/admin';
import { DeleteAction, FormTrigger, pagedRequest, useModalSave, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { useContestTitle, useNestedHeader } from '../../components/nested-page';
import { colorValue } from '../problem-edit/contestProblem';
import {
  addContestProblem,
  ContestProblemRow,
  deleteContestOnlyProblem,
  deleteContestProblem,
  getContestProblemPage,
  updateContestProblem,
} from './api';

interface ProblemFormValues {
  pid?: number;
  displayId: string;
  displayTitle?: string;
  color?: string | { toHexString(): string } | null;
}

export { colorValue };

function ProblemForm({ cid, row, onSaved }: { cid: number; row?: ContestProblemItem; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<ProblemFormValues>(
    !!row,
    onSaved,
    async (v) => {
      if (row)
        await updateContestProblem({
          id: row.id,
          displayId: v.displayId.trim(),
          displayTitle: v.displayTitle,
          color: colorValue(v.color),
        });
      else
        await addContestProblem({
          cid,
          pid: v.pid!,
          displayId: v.displayId.trim(),
          displayTitle: v.displayTitle || undefined,
          color: colorValue(v.color),
        });
    },
    'admin.common.added',
  );
  return (
    <ModalForm<ProblemFormValues>
      title={row ? t('admin.contestProblem.editTitle') : t('admin.contestProblem.addTitle')}
      width={560}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.contestProblem.add')} testId="admin-contest-add-problem" />}
      initialValues={row ? { displayId: row.displayId, displayTitle: row.displayTitle, color: row.color } : { displayId: '' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      {!row && (
        <ProFormSelect
          name="pid"
          label={t('admin.contestProblem.bankProblem')}
          showSearch
          rules={[{ required: true, message: t('admin.contestProblem.problemRequired') }]}
          fieldProps={{ filterOption: false }}
          debounceTime={300}
          request={async ({ keyWords }) => {
            try {
              const page = await getProblemList({ currentPage: 1, limit: 20, keyword: keyWords || undefined });
              return page.records.map((p) => ({ value: p.id!, label: `${p.problemId} ${p.title}` }));
            } catch (_e) {
              return [];
            }
          }}
        />
      )}
      <ProFormText
        name="displayId"
        label={t('admin.contestProblem.displayId')}
        rules={[{ required: true, whitespace: true, message: t('admin.contestProblem.displayIdRequired') }]}
      />
      <ProFormText
        name="displayTitle"
        label={t('admin.contestProblem.displayTitle')}
        tooltip={t('admin.contestProblem.displayTitleHint')}
      />
      <ProFormColorPicker name="color" label={t('admin.contestProblem.color')} />
    </ModalForm>
  );
}

/** Deletes a contest-only problem (with its links) after asking. */
function DeleteProblemAction({ pid, onDeleted }: { pid: number; onDeleted: () => void }) {
  const { t } = useT();
  const run = useNotifiedAction(onDeleted);
  return (
    <Popconfirm
      title={t('admin.contestProblem.deleteProblemConfirm')}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      onConfirm={() => run(() => deleteContestOnlyProblem(pid), 'admin.common.deleted')}
    >
      <a style={{ color: '#ff4d4f' }}>{t('admin.contestProblem.deleteProblem')}</a>
    </Popconfirm>
  );
}

export default function ContestProblemsPage() {
  const { t } = useT();
  const cid = Number(useParams().contestID);
  const contestTitle = useContestTitle(cid);
  const header = useNestedHeader([
    { to: '/contest', label: t('admin.menu.contestList') },
    { to: `/contest/${cid}/edit`, label: contestTitle || `#${cid}` },
    { label: t('admin.contestProblem.title') },
  ]);
  const navigate = useNavigate();
  const { actionRef, reload } = useTableReload();

  const columns: ProColumns<ContestProblemRow>[] = [
    { title: t('admin.contestProblem.displayId'), dataIndex: 'displayId', width: 110 },
    { title: t('admin.contestProblem.displayTitle'), dataIndex: 'displayTitle', ellipsis: true },
    { title: t('admin.contestProblem.pid'), dataIndex: 'pid', width: 100 },
    {
      title: t('admin.contestProblem.problemId'),
      dataIndex: 'problemId',
      width: 160,
      render: (_d, r) => (
        <>
          {r.problemId ?? '-'} {r.auth === ProblemAuth.Contest && <Tag color="purple">{t('admin.contestProblem.contestOnly')}</Tag>}
        </>
      ),
    },
    {
      title: t('admin.contestProblem.color'),
      dataIndex: 'color',
      width: 100,
      render: (_d, r) =>
        r.color ? (
          <span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 8, background: r.color }} title={r.color} />
        ) : (
          '-'
        ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 260,
      render: (_d, r) => [
        <ProblemForm key="edit" cid={cid} row={r} onSaved={reload} />,
        <Link key="problem" to={`/contest/${cid}/problem/${r.pid}/edit`} data-testid="admin-contest-edit-problem">
          {t('admin.contestProblem.editProblem')}
        </Link>,
        <DeleteAction
          key="delete"
          title={t('admin.contestProblem.deleteConfirm')}
          onDelete={() => deleteContestProblem(r.id)}
          onDeleted={reload}
        />,
        r.auth === ProblemAuth.Contest ? <DeleteProblemAction key="deleteProblem" pid={r.pid} onDeleted={reload} /> : null,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.contestProblem.title')} subTitle={contestTitle} {...header}>
      <ProTable<ContestProblemRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize) => getContestProblemPage(cid, current, pageSize))}
        toolBarRender={() => [
          <Button
            key="create"
            icon={<PlusOutlined />}
            data-testid="admin-contest-create-problem"
            onClick={() => navigate(`/contest/${cid}/problem/create`)}
          >
            {t('admin.contestProblem.createProblem')}
          </Button>,
          <ProblemForm key="add" cid={cid} onSaved={reload} />,
        ]}
      />
    </PageContainer>
  );
}
