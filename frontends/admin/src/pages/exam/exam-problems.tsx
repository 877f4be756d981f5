/** /admin/exam/:examID/problems: the exam's programming problems with display id, score and colour, added from the bank. */
import { ModalForm, PageContainer, ProColumns, ProFormColorPicker, ProFormDigit, ProFormText, ProTable } from '@ant-design/pro-components';
import { useParams } from 'react-router-dom';
import { EXAM_LIMITS, ExamProblemItem } from '@oj/contracts';
import { BankProblemSelect, BankSource } from '../../components/bank-problem-select';
import { useScopedClient } from '../../scope';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { colorValue } from '../problem-edit/contestProblem';
import { addExamProblem, addExamProblemFromGroup, deleteExamProblem, getExamProblems, updateExamProblem } from './api';

interface ProblemValues {
  /** pid from the public bank; the problem id from a group's bank */
  pid?: number | string;
  displayId: string;
  displayTitle?: string;
  score: number;
  color?: string | { toHexString(): string } | null;
}

function ProblemForm({
  eid,
  row,
  source = 'public',
  onSaved,
}: {
  eid: number;
  row?: ExamProblemItem;
  source?: BankSource;
  onSaved: () => void;
}) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useModalSave<ProblemValues>(!!row, onSaved, async (v) => {
    const common = { displayId: v.displayId.trim(), displayTitle: v.displayTitle || undefined, score: v.score, color: colorValue(v.color) };
    if (row) await updateExamProblem({ id: row.id, ...common }, client);
    else if (source === 'group' && client.gid != null)
      await addExamProblemFromGroup(client.gid, { problemId: String(v.pid), eid, displayId: common.displayId });
    else await addExamProblem({ eid, pid: v.pid as number, ...common }, client);
  });
  const createLabel = source === 'group' ? t('admin.groupEditors.addFromGroup') : t('admin.examProblem.add');
  return (
    <ModalForm<ProblemValues>
      title={row ? t('admin.examProblem.editTitle') : source === 'group' ? createLabel : t('admin.examProblem.addTitle')}
      width={560}
      trigger={
        <FormTrigger
          editing={!!row}
          createLabel={createLabel}
          testId={source === 'group' ? 'admin-exam-add-group-problem' : 'admin-exam-add-problem'}
        />
      }
      initialValues={
        row
          ? { displayId: row.displayId, displayTitle: row.displayTitle, score: row.score, color: row.color }
          : { displayId: '', score: 100 }
      }
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      {!row && (
        <BankProblemSelect
          source={source}
          label={t('admin.examProblem.bankProblem')}
          requiredMessage={t('admin.examProblem.problemRequired')}
          testId="exam-problem-select"
        />
      )}
      <ProFormText
        name="displayId"
        label={t('admin.examProblem.displayId')}
        rules={[{ required: true, whitespace: true, message: t('admin.question.displayIdRequired') }]}
        fieldProps={{ 'data-testid': 'exam-problem-display-id' } as object}
      />
      {source !== 'group' && <ProFormText name="displayTitle" label={t('admin.examProblem.displayTitle')} />}
      <ProFormDigit
        name="score"
        label={t('admin.examProblem.score')}
        min={0}
        max={EXAM_LIMITS.scoreMax}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: t('admin.examQuestion.scoreRequired') }]}
      />
      {source !== 'group' && <ProFormColorPicker name="color" label={t('admin.examProblem.color')} />}
    </ModalForm>
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
        <ProblemForm key="edit" eid={eid} row={r} onSaved={reload} />,
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
        <ProblemForm key="add" eid={eid} onSaved={reload} />,
        client.gid != null ? <ProblemForm key="addGroup" eid={eid} source="group" onSaved={reload} /> : null,
      ]}
    />
  );
}
