/** /admin/exam/:examID/problems: the exam's programming problems with display id, score and colour, added from the bank. */
import {
  ModalForm,
  PageContainer,
  ProColumns,
  ProFormColorPicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProTable,
} from '@ant-design/pro-components';
import { useParams } from 'react-router-dom';
import { EXAM_LIMITS, ExamProblemItem } from '@oj/contracts';
import { getProblemList } from '../../api/admin';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { colorValue } from '../problem-edit/contestProblem';
import { addExamProblem, deleteExamProblem, getExamProblems, updateExamProblem } from './api';

interface ProblemValues {
  pid?: number;
  displayId: string;
  displayTitle?: string;
  score: number;
  color?: string | { toHexString(): string } | null;
}

function ProblemForm({ eid, row, onSaved }: { eid: number; row?: ExamProblemItem; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<ProblemValues>(!!row, onSaved, async (v) => {
    const common = { displayId: v.displayId.trim(), displayTitle: v.displayTitle || undefined, score: v.score, color: colorValue(v.color) };
    if (row) await updateExamProblem({ id: row.id, ...common });
    else await addExamProblem({ eid, pid: v.pid!, ...common });
  });
  return (
    <ModalForm<ProblemValues>
      title={row ? t('admin.examProblem.editTitle') : t('admin.examProblem.addTitle')}
      width={560}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.examProblem.add')} testId="admin-exam-add-problem" />}
      initialValues={
        row
          ? { displayId: row.displayId, displayTitle: row.displayTitle, score: row.score, color: row.color }
          : { displayId: '', score: 100 }
      }
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      {!row && (
        <ProFormSelect
          name="pid"
          label={t('admin.examProblem.bankProblem')}
          showSearch
          rules={[{ required: true, message: t('admin.examProblem.problemRequired') }]}
          fieldProps={{ filterOption: false, 'data-testid': 'exam-problem-select' } as object}
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
        label={t('admin.examProblem.displayId')}
        rules={[{ required: true, whitespace: true, message: t('admin.question.displayIdRequired') }]}
        fieldProps={{ 'data-testid': 'exam-problem-display-id' } as object}
      />
      <ProFormText name="displayTitle" label={t('admin.examProblem.displayTitle')} />
      <ProFormDigit
        name="score"
        label={t('admin.examProblem.score')}
        min={0}
        max={EXAM_LIMITS.scoreMax}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: t('admin.examQuestion.scoreRequired') }]}
      />
      <ProFormColorPicker name="color" label={t('admin.examProblem.color')} />
    </ModalForm>
  );
}

export default function ExamProblemsPage() {
  const { t } = useT();
  const eid = Number(useParams().examID);
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
          onDelete={() => deleteExamProblem(r.id)}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <PageContainer title={t('admin.examProblem.title')}>
      <ProTable<ExamProblemItem>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={false}
        request={async () => {
          try {
            const data = await getExamProblems(eid);
            return { data, total: data.length, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [<ProblemForm key="add" eid={eid} onSaved={reload} />]}
      />
    </PageContainer>
  );
}
