/**
 * /admin/contest/:contestID/problems: the contest's problems with display id, title and balloon colour;
 * bank problems are added here, contest-only ones are written in the problem editor (problem/create,
 * problem/:problemId/edit under the contest).
 */
import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProColumns, ProFormColorPicker, ProFormText, ProTable } from '@ant-design/pro-components';
import { Button, Popconfirm, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ContestProblemItem, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ProblemAuth } from '@oj/contracts';
import { BankSource } from '../../components/bank-problem-select';
import { BulkAddProblems } from '../../components/bulk-add-problems';
import { RemoteImportModal } from '../problems/RemoteImportModal';
import { silentClient, useScopedClient } from '../../scope';
import { DeleteAction, FormTrigger, pagedRequest, useModalSave, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { useContestTitle, useNestedHeader } from '../../components/nested-page';
import { colorValue } from '../problem-edit/contestProblem';
import {
  addContestProblem,
  addContestProblemFromGroup,
  ContestProblemRow,
  deleteContestOnlyProblem,
  deleteContestProblem,
  getContestProblemPage,
  updateContestProblem,
} from './api';

interface ProblemFormValues {
  displayId: string;
  displayTitle?: string;
  color?: string | { toHexString(): string } | null;
}

export { colorValue };

/** A link's edit dialog: display id, title and balloon colour. */
function ProblemForm({ row, onSaved }: { row: ContestProblemItem; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useModalSave<ProblemFormValues>(true, onSaved, async (v) => {
    await updateContestProblem(
      { id: row.id, displayId: v.displayId.trim(), displayTitle: v.displayTitle, color: colorValue(v.color) },
      client,
    );
  });
  return (
    <ModalForm<ProblemFormValues>
      title={t('admin.contestProblem.editTitle')}
      width={560}
      trigger={<FormTrigger editing createLabel="" />}
      initialValues={{ displayId: row.displayId, displayTitle: row.displayTitle, color: row.color }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
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

/**
 * "Add from the bank" (public, or in a group its own bank): several problems at once, each with the next free
 * display id; the display title and colour are offered when one problem is chosen (a group's bank takes neither).
 */
function AddProblems({ cid, source = 'public', onSaved }: { cid: number; source?: BankSource; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const quiet = silentClient(client);
  const createLabel = source === 'group' ? t('admin.groupEditors.addFromGroup') : t('admin.contestProblem.add');
  return (
    <BulkAddProblems<{ displayTitle?: string; color?: ProblemFormValues['color'] }>
      source={source}
      title={source === 'group' ? createLabel : t('admin.contestProblem.addTitle')}
      createLabel={createLabel}
      testId={source === 'group' ? 'admin-contest-add-group-problem' : 'admin-contest-add-problem'}
      selectLabel={t('admin.contestProblem.bankProblem')}
      requiredMessage={t('admin.contestProblem.problemRequired')}
      displayIdLabel={t('admin.contestProblem.displayId')}
      displayIdRequired={t('admin.contestProblem.displayIdRequired')}
      fallbackDisplayId="A"
      loadTaken={async () => (await getContestProblemPage(cid, 1, MAX_PAGE_SIZE, client)).records.map((r) => r.displayId)}
      renderFields={(single) =>
        source !== 'group' && single ? (
          <>
            <ProFormText
              name="displayTitle"
              label={t('admin.contestProblem.displayTitle')}
              tooltip={t('admin.contestProblem.displayTitleHint')}
            />
            <ProFormColorPicker name="color" label={t('admin.contestProblem.color')} />
          </>
        ) : null
      }
      add={(pick, displayId, v, single) =>
        source === 'group' && client.gid != null
          ? addContestProblemFromGroup(client.gid, { problemId: String(pick.value), cid, displayId }, true)
          : addContestProblem(
              {
                cid,
                pid: pick.value as number,
                displayId,
                ...(single ? { displayTitle: v.displayTitle || undefined, color: colorValue(v.color) } : {}),
              },
              quiet,
            )
      }
      onSaved={onSaved}
    />
  );
}

/** Deletes a contest-only problem (with its links) after asking. */
function DeleteProblemAction({ pid, onDeleted }: { pid: number; onDeleted: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const run = useNotifiedAction(onDeleted);
  return (
    <Popconfirm
      title={t('admin.contestProblem.deleteProblemConfirm')}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      onConfirm={() => run(() => deleteContestOnlyProblem(pid, client), 'admin.common.deleted')}
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
  return (
    <PageContainer title={t('admin.contestProblem.title')} subTitle={contestTitle} {...header}>
      <ContestProblems
        cid={cid}
        onCreateProblem={() => navigate(`/contest/${cid}/problem/create`)}
        onEditProblem={(pid) => navigate(`/contest/${cid}/problem/${pid}/edit`)}
      />
    </PageContainer>
  );
}

/**
 * The contest's problem table without router or page frame (a group mounts it too): the problem editor is
 * opened by the caller (`onCreateProblem`, `onEditProblem`); in a group, problems also come from its bank.
 */
export function ContestProblems({
  cid,
  onCreateProblem,
  onEditProblem,
  reloadKey,
}: {
  cid: number;
  onCreateProblem: () => void;
  onEditProblem: (pid: number) => void;
  /** Changed by the caller after it saved a problem, to list it. */
  reloadKey?: number;
}) {
  const { t } = useT();
  const client = useScopedClient();
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
        <ProblemForm key="edit" row={r} onSaved={reload} />,
        <a key="problem" onClick={() => onEditProblem(r.pid)} data-testid="admin-contest-edit-problem">
          {t('admin.contestProblem.editProblem')}
        </a>,
        <DeleteAction
          key="delete"
          title={t('admin.contestProblem.deleteConfirm')}
          onDelete={() => deleteContestProblem(r, client)}
          onDeleted={reload}
        />,
        r.auth === ProblemAuth.Contest ? <DeleteProblemAction key="deleteProblem" pid={r.pid} onDeleted={reload} /> : null,
      ],
    },
  ];

  return (
    <ProTable<ContestProblemRow>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      params={{ reloadKey }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
      request={pagedRequest((current, pageSize) => getContestProblemPage(cid, current, pageSize, client))}
      toolBarRender={() => [
        <Button key="create" icon={<PlusOutlined />} data-testid="admin-contest-create-problem" onClick={onCreateProblem}>
          {t('admin.contestProblem.createProblem')}
        </Button>,
        <AddProblems key="add" cid={cid} onSaved={reload} />,
        client.gid != null ? <AddProblems key="addGroup" cid={cid} source="group" onSaved={reload} /> : null,
        // a site contest only: a group's problems come from its own bank
        client.gid == null ? (
          <RemoteImportModal
            key="remote"
            target={{ kind: 'contest', cid }}
            loadTakenDisplayIds={async () => (await getContestProblemPage(cid, 1, MAX_PAGE_SIZE, client)).records.map((r) => r.displayId)}
            onImported={reload}
          />
        ) : null,
      ]}
    />
  );
}
