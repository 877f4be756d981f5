/** /admin/exam/:examID/problems: the exam's programming problems with display id, score and colour, added from the bank. */
import { ModalForm, PageContainer, ProColumns, ProFormColorPicker, ProFormDigit, ProFormText, ProTable } from '@ant-design/pro-components';
import { useParams } from 'react-router-dom';
import { EXAM_LIMITS, ExamProblemItem } from '@oj/contracts';
import { BankSource } from '../../components/bank-problem-select';
import { BulkAddProblems } from '../../components/bulk-add-problems';
import { silentClient, useScopedClient } from '../../scope';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { colorValue } from '../problem-edit/contestProblem';
import { addExamProblem, addExamProblemFromGroup, deleteExamProblem, getExamProblems, updateExamProblem } from './api';

interface ProblemValues {
  displayId: string;
  displayTitle?: string;
  score: number;
  color?: string | { toHexString(): string } | null;
}

/** The score field: the same for every problem added at once (default 100), and in a row's edit dialog. */
function ScoreField() {
  const { t } = useT();
  return (
    <ProFormDigit
      name="score"
      label={t('admin.examProblem.score')}
      min={0}
      max={EXAM_LIMITS.scoreMax}
      fieldProps={{ precision: 0 }}
      rules={[{ required: true, message: t('admin.examQuestion.scoreRequired') }]}
    />
  );
}

/** A row's edit dialog: display id, title, score and colour. */
function ProblemForm({ row, onSaved }: { row: ExamProblemItem; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useModalSave<ProblemValues>(true, onSaved, async (v) => {
    await updateExamProblem(
      { id: row.id, displayId: v.displayId.trim(), displayTitle: v.displayTitle || undefined, score: v.score, color: colorValue(v.color) },
      client,
    );
  });
  return (
    <ModalForm<ProblemValues>
      title={t('admin.examProblem.editTitle')}
      width={560}
      trigger={<FormTrigger editing createLabel="" />}
      initialValues={{ displayId: row.displayId, displayTitle: row.displayTitle, score: row.score, color: row.color }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="displayId"
        label={t('admin.examProblem.displayId')}
        rules={[{ required: true, whitespace: true, message: t('admin.question.displayIdRequired') }]}
        fieldProps={{ 'data-testid': 'exam-problem-display-id' } as object}
      />
      <ProFormText name="displayTitle" label={t('admin.examProblem.displayTitle')} />
      <ScoreField />
      <ProFormColorPicker name="color" label={t('admin.examProblem.color')} />
    </ModalForm>
  );
}

/**
 * "Add a problem" (public bank, or in a group its own bank): several at once, each with the next free display
 * id and the score given (100 by default); the display title and colour when one problem is chosen.
 */
function AddProblems({ eid, source = 'public', onSaved }: { eid: number; source?: BankSource; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const quiet = silentClient(client);
  const createLabel = source === 'group' ? t('admin.groupEditors.addFromGroup') : t('admin.examProblem.add');
  return (
    <BulkAddProblems<Omit<ProblemValues, 'displayId'>>
      source={source}
      title={source === 'group' ? createLabel : t('admin.examProblem.addTitle')}
      createLabel={createLabel}
      testId={source === 'group' ? 'admin-exam-add-group-problem' : 'admin-exam-add-problem'}
      selectLabel={t('admin.examProblem.bankProblem')}
      selectTestId="exam-problem-select"
      requiredMessage={t('admin.examProblem.problemRequired')}
      displayIdLabel={t('admin.examProblem.displayId')}
      displayIdRequired={t('admin.question.displayIdRequired')}
      fallbackDisplayId="P1"
      initialValues={{ score: 100 }}
      loadTaken={async () => (await getExamProblems(eid, client)).map((p) => p.displayId)}
      renderFields={(single) => (
        <>
          {source !== 'group' && single && <ProFormText name="displayTitle" label={t('admin.examProblem.displayTitle')} />}
          <ScoreField />
          {source !== 'group' && single && <ProFormColorPicker name="color" label={t('admin.examProblem.color')} />}
        </>
      )}
      add={(pick, displayId, v, single) =>
        source === 'group' && client.gid != null
          ? addExamProblemFromGroup(client.gid, { problemId: String(pick.value), eid, displayId }, true)
          : addExamProblem(
              {
                eid,
                pid: pick.value as number,
                displayId,
                score: v.score,
                ...(single ? { displayTitle: v.displayTitle || undefined, color: colorValue(v.color) } : {}),
              },
              quiet,
            )
      }
      onSaved={onSaved}
    />
  );
}

export default function ExamProblemsPage() {
  const { t } = useT();
  const eid = Number(useParams().examID);
  return (
    <PageContainer title={t('admin.examProblem.title')}>
      <ExamProblems eid={eid} />
    </PageContainer>
  );
}

/** The exam's problem table without router or page frame (a group mounts it too, adding from its bank). */
export function ExamProblems({ eid }: { eid: number }) {
  const { t } = useT();
  const client = useScopedClient();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<ExamProblemItem>[] = [
    { title: t('admin.examProblem.displayId'), dataIndex: 'displayId', width: 100 },
    { title: t('admin.examProblem.displayTitle'), dataIndex: 'displayTitle', ellipsis: true },
    { title: 'PID', dataIndex: 'pid', width: 80 },
    { title: t('admin.examProblem.score'), dataIndex: 'score', width: 80 },
    {
      title: t('admin.examProblem.color'),
      dataIndex: 'color',
      width: 80,
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
      width: 160,
      render: (_d, r) => [
        <ProblemForm key="edit" row={r} onSaved={reload} />,
        <DeleteAction
          key="delete"
          title={t('admin.examProblem.deleteConfirm')}
          onDelete={() => deleteExamProblem(r.id, client)}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <ProTable<ExamProblemItem>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      pagination={false}
      request={async () => {
        try {
          const data = await getExamProblems(eid, client);
          return { data, total: data.length, success: true };
        } catch (_e) {
          return { data: [], total: 0, success: false };
        }
      }}
      toolBarRender={() => [
        <AddProblems key="add" eid={eid} onSaved={reload} />,
        client.gid != null ? <AddProblems key="addGroup" eid={eid} source="group" onSaved={reload} /> : null,
      ]}
    />
  );
}
