/**
 * /admin/training/:trainingID/problems: the training's problems in order; search the public bank and add one
 * under a display id, rename, move up or down, remove (the bank keeps the problem).
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProColumns, ProFormText, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { AdminTrainingProblemRow } from '@oj/contracts';
import { DeleteAction, FormTrigger, useModalSave, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { useNestedHeader } from '../../components/nested-page';
import { BankProblemSelect, BankSource } from '../../components/bank-problem-select';
import { useScopedClient } from '../../scope';
import { RemoteImportModal } from '../problems/RemoteImportModal';
import {
  addTrainingProblem,
  addTrainingProblemFromGroup,
  getTrainingProblemList,
  removeTrainingProblem,
  updateTrainingProblem,
} from './api';

type Row = AdminTrainingProblemRow & { problemId: string; title: string };

interface AddValues {
  /** pid from the public bank; the problem id from a group's bank */
  pid?: number | string;
  displayId: string;
}

function ProblemForm({ tid, row, source = 'public', onSaved }: { tid: number; row?: Row; source?: BankSource; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useModalSave<AddValues>(
    !!row,
    onSaved,
    async (v) => {
      const displayId = v.displayId.trim();
      if (row) await updateTrainingProblem({ id: row.id, tid, displayId }, client);
      else if (source === 'group' && client.gid != null) await addTrainingProblemFromGroup(client.gid, { problemId: String(v.pid), tid });
      else await addTrainingProblem({ tid, pid: v.pid as number, displayId }, client);
    },
    'admin.common.added',
  );
  const createLabel = source === 'group' ? t('admin.groupEditors.addFromGroup') : t('admin.trainingProblem.add');
  // The site lists the public problems not yet in the training (queryExisted false).
  const siteOptions = async (keyword?: string) => {
    const { problemList } = await getTrainingProblemList({ tid, currentPage: 1, limit: 20, keyword, queryExisted: false }, client);
    return problemList.records.map((p) => ({ value: p.id, label: `${p.problemId} ${p.title}` }));
  };
  return (
    <ModalForm<AddValues>
      title={row ? t('admin.trainingProblem.editTitle') : source === 'group' ? createLabel : t('admin.trainingProblem.addTitle')}
      width={560}
      trigger={
        <FormTrigger
          editing={!!row}
          createLabel={createLabel}
          testId={source === 'group' ? 'admin-training-add-group-problem' : 'admin-training-add-problem'}
        />
      }
      initialValues={row ? { displayId: row.displayId } : { displayId: '' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      {!row && (
        <BankProblemSelect
          source={source}
          label={t('admin.trainingProblem.bankProblem')}
          requiredMessage={t('admin.trainingProblem.problemRequired')}
          testId="admin-training-bank-select"
          siteOptions={siteOptions}
        />
      )}
      {source !== 'group' && (
        <ProFormText
          name="displayId"
          label={t('admin.trainingProblem.displayId')}
          rules={[{ required: true, whitespace: true, message: t('admin.trainingProblem.displayIdRequired') }]}
          fieldProps={{ 'data-testid': 'admin-training-display-id' } as object}
        />
      )}
    </ModalForm>
  );
}

export default function TrainingProblemsPage() {
  const { t } = useT();
  const tid = Number(useParams().trainingID);
  const header = useNestedHeader([
    { to: '/training', label: t('admin.menu.trainingList') },
    { to: `/training/${tid}/edit`, label: `#${tid}` },
    { label: t('admin.trainingProblem.title', { tid }) },
  ]);
  return (
    <PageContainer title={t('admin.trainingProblem.title', { tid })} {...header}>
      <TrainingProblems tid={tid} />
    </PageContainer>
  );
}

/** The training's problem table without router or page frame (a group mounts it too, adding from its bank). */
export function TrainingProblems({ tid }: { tid: number }) {
  const { t } = useT();
  const client = useScopedClient();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);
  const rows = useRef<Row[]>([]);

  /** Moves a row by one; the ranks are renumbered 1..n so that equal ranks cannot stall a move. */
  const move = (index: number, by: -1 | 1) =>
    run(async () => {
      const order = rows.current.map((r) => r.id);
      const [moved] = order.splice(index, 1);
      order.splice(index + by, 0, moved);
      for (const [i, id] of order.entries()) await updateTrainingProblem({ id, tid, rank: i + 1 }, client);
    }, 'admin.common.updated');

  const columns: ProColumns<Row>[] = [
    { title: t('admin.trainingProblem.order'), key: 'order', width: 70, render: (_d, _r, i) => i + 1 },
    { title: t('admin.trainingProblem.displayId'), dataIndex: 'displayId', width: 120 },
    { title: t('admin.trainingProblem.problemId'), dataIndex: 'problemId', width: 150 },
    { title: t('admin.trainingProblem.titleField'), dataIndex: 'title', ellipsis: true },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 240,
      render: (_d, r, i) => [
        <Button key="up" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label="up" />,
        <Button
          key="down"
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={i === rows.current.length - 1}
          onClick={() => move(i, 1)}
          aria-label="down"
        />,
        <ProblemForm key="edit" tid={tid} row={r} onSaved={reload} />,
        <DeleteAction
          key="remove"
          title={t('admin.trainingProblem.removeConfirm')}
          onDelete={() => removeTrainingProblem(tid, r.pid, client)}
          onDeleted={reload}
        />,
      ],
    },
  ];

  return (
    <ProTable<Row>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      pagination={false}
      request={async () => {
        try {
          const { problemList, trainingProblemMap } = await getTrainingProblemList(
            { tid, currentPage: 1, limit: 200, queryExisted: true },
            client,
          );
          rows.current = problemList.records.map((p) => ({
            ...trainingProblemMap[String(p.id)],
            problemId: p.problemId,
            title: p.title,
          }));
          return { data: rows.current, success: true, total: rows.current.length };
        } catch (_e) {
          return { data: [], success: false, total: 0 };
        }
      }}
      toolBarRender={() => [
        <ProblemForm key="add" tid={tid} onSaved={reload} />,
        client.gid != null ? <ProblemForm key="addGroup" tid={tid} source="group" onSaved={reload} /> : null,
        // a site training only: a group's problems come from its own bank
        client.gid == null ? <RemoteImportModal key="remote" target={{ kind: 'training', tid }} onImported={reload} /> : null,
      ]}
    />
  );
}
