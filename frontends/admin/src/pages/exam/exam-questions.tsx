/**
 * /admin/exam/:examID/questions: the exam's questions with display id and score; added from the bank or written
 * in place (exam-only visibility), the bank question itself editable from here.
 */
import { ModalForm, PageContainer, ProColumns, ProFormDigit, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import { App, Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useParams } from 'react-router-dom';
import { AdminExamQuestionItem, EXAM_LIMITS, QuestionAuth, QuestionType } from '@oj/contracts';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { useScopedClient } from '../../scope';
import { addExamQuestion, createExamQuestion, deleteExamQuestion, getExamQuestions, getQuestionPage, updateExamQuestion } from './api';
import { QuestionFields, questionTypeId } from './question-fields';
import { QuestionModal } from './questions';
import { QuestionFormValues, emptyQuestionForm, formToBody, questionFormErrors } from './questionForm';

interface LinkValues {
  questionId?: number;
  displayId: string;
  score: number;
}

function ScoreFields() {
  const { t } = useT();
  return (
    <Space wrap>
      <ProFormText
        name="displayId"
        label={t('admin.examQuestion.displayId')}
        rules={[{ required: true, whitespace: true, message: t('admin.question.displayIdRequired') }]}
        fieldProps={{ 'data-testid': 'exam-question-display-id' } as object}
      />
      <ProFormDigit
        name="score"
        label={t('admin.examQuestion.score')}
        min={0}
        max={EXAM_LIMITS.scoreMax}
        fieldProps={{ precision: 0, 'data-testid': 'exam-question-score' } as object}
        rules={[{ required: true, message: t('admin.examQuestion.scoreRequired') }]}
      />
    </Space>
  );
}

/** Adds a bank question to the exam, or edits a link's display id and score (`row`). */
function LinkForm({ eid, row, onSaved }: { eid: number; row?: AdminExamQuestionItem; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useModalSave<LinkValues>(!!row, onSaved, async (v) => {
    if (row) await updateExamQuestion({ id: row.id, displayId: v.displayId.trim(), score: v.score }, client);
    else await addExamQuestion({ eid, questionId: v.questionId!, displayId: v.displayId.trim(), score: v.score }, client);
  });
  return (
    <ModalForm<LinkValues>
      title={row ? t('admin.examQuestion.editTitle') : t('admin.examQuestion.addTitle')}
      width={560}
      trigger={
        <FormTrigger
          editing={!!row}
          createLabel={t('admin.examQuestion.addFromBank')}
          editLabel={t('admin.examQuestion.editLink')}
          testId="admin-exam-add-question"
        />
      }
      initialValues={row ? { displayId: row.displayId, score: row.score } : { displayId: '', score: 10 }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      {!row && (
        <ProFormSelect
          name="questionId"
          label={t('admin.examQuestion.bankQuestion')}
          showSearch
          rules={[{ required: true, message: t('admin.examQuestion.questionRequired') }]}
          fieldProps={{ filterOption: false }}
          debounceTime={300}
          request={async ({ keyWords }) => {
            try {
              const page = await getQuestionPage({ currentPage: 1, limit: 20, keyword: keyWords || undefined }, client);
              return page.records.map((q) => ({
                value: q.id,
                label: `${q.displayId} [${t(questionTypeId(q.type))}] ${q.description.slice(0, 40)}`,
              }));
            } catch (_e) {
              return [];
            }
          }}
        />
      )}
      <ScoreFields />
    </ModalForm>
  );
}

/** Writes a new question right into the exam (exam-only in the bank unless another visibility is chosen). */
function CreateInPlace({ eid, onSaved }: { eid: number; onSaved: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const client = useScopedClient();
  return (
    <ModalForm<QuestionFormValues & { score: number }>
      title={t('admin.examQuestion.createTitle')}
      width={720}
      trigger={
        <Button icon={<PlusOutlined />} data-testid="admin-exam-create-question">
          {t('admin.examQuestion.createInPlace')}
        </Button>
      }
      initialValues={{ ...emptyQuestionForm(), auth: QuestionAuth.Exam, score: 10 }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={async (v) => {
        const errors = questionFormErrors(v);
        if (errors.length) {
          message.error(t(errors[0]));
          return false;
        }
        try {
          await createExamQuestion({ eid, displayId: v.displayId.trim(), score: v.score, question: formToBody(v) }, client);
        } catch (_e) {
          return false;
        }
        message.success(t('admin.common.created'));
        onSaved();
        return true;
      }}
    >
      <ScoreFields />
      <QuestionFields withDisplayId={false} />
    </ModalForm>
  );
}

export default function ExamQuestionsPage() {
  const { t } = useT();
  const eid = Number(useParams().examID);
  return (
    <PageContainer title={t('admin.examQuestion.title')}>
      <ExamQuestions eid={eid} />
    </PageContainer>
  );
}

/** The exam's question table without router or page frame (a group mounts it too; its bank is the group's). */
export function ExamQuestions({ eid }: { eid: number }) {
  const { t } = useT();
  const client = useScopedClient();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<AdminExamQuestionItem>[] = [
    { title: t('admin.examQuestion.displayId'), dataIndex: 'displayId', width: 100 },
    {
      title: t('admin.question.type'),
      dataIndex: ['question', 'type'],
      width: 110,
      render: (_d, r) => <Tag>{t(questionTypeId(r.question.type as QuestionType))}</Tag>,
    },
    { title: t('admin.question.description'), dataIndex: ['question', 'description'], ellipsis: true, width: 300 },
    { title: t('admin.examQuestion.score'), dataIndex: 'score', width: 80 },
    { title: t('admin.examQuestion.bankId'), dataIndex: ['question', 'displayId'], width: 120 },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 240,
      render: (_d, r) => [
        <LinkForm key="edit" eid={eid} row={r} onSaved={reload} />,
        // Two dialogs per row, two different words (issue 37 item 14: it showed "编辑" twice).
        <QuestionModal key="question" row={r.question} onSaved={reload} editLabel={t('admin.examQuestion.editQuestion')} />,
        <DeleteAction
          key="delete"
          title={t('admin.examQuestion.deleteConfirm')}
          onDelete={() => deleteExamQuestion(r.id, client)}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <ProTable<AdminExamQuestionItem>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      scroll={{ x: 'max-content' }}
      pagination={false}
      request={async () => {
        try {
          const data = await getExamQuestions(eid, client);
          return { data, total: data.length, success: true };
        } catch (_e) {
          return { data: [], total: 0, success: false };
        }
      }}
      toolBarRender={() => [<CreateInPlace key="create" eid={eid} onSaved={reload} />, <LinkForm key="add" eid={eid} onSaved={reload} />]}
    />
  );
}
