/** /admin/question: the question bank (four types), searchable by keyword, type and visibility; create, edit, delete. */
import { ModalForm, PageContainer, ProColumns, ProForm, ProTable } from '@ant-design/pro-components';
import { App, Card, Tag } from 'antd';
import { DEFAULT_PAGE_SIZE, QuestionAuth, QuestionInfo, QuestionType } from '@oj/contracts';
import { DeleteAction, FormTrigger, pagedRequest, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { useScopedClient } from '../../scope';
import { createQuestion, deleteQuestion, getQuestion, getQuestionPage, updateQuestion } from './api';
import { QuestionFields, questionAuthId, questionTypeId } from './question-fields';
import { QuestionFormValues, emptyQuestionForm, formToBody, questionFormErrors, questionToForm } from './questionForm';

/** The save of the question form (dialog or inline): checks §5, writes through the scope, says so. */
function useQuestionSave(qid: number | undefined, onSaved: () => void) {
  const { t } = useT();
  const { message } = App.useApp();
  const client = useScopedClient();
  return async (v: QuestionFormValues) => {
    const errors = questionFormErrors(v);
    if (errors.length) {
      message.error(t(errors[0]));
      return false;
    }
    try {
      if (qid) await updateQuestion(formToBody(v, qid), client);
      else await createQuestion(formToBody(v), client);
    } catch (_e) {
      return false;
    }
    message.success(qid ? t('admin.common.updated') : t('admin.common.created'));
    onSaved();
    return true;
  };
}

/** The create/edit dialog of a bank question; `row` edits it (its whole record is fetched first). */
export function QuestionModal({ row, onSaved, editLabel }: { row?: QuestionInfo; onSaved: () => void; editLabel?: string }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useQuestionSave(row?.id, onSaved);
  return (
    <ModalForm<QuestionFormValues>
      title={row ? t('admin.question.editTitle') : t('admin.question.createTitle')}
      width={720}
      trigger={
        <FormTrigger editing={!!row} createLabel={t('admin.question.create')} editLabel={editLabel} testId="admin-question-create" />
      }
      initialValues={row ? undefined : emptyQuestionForm()}
      request={row ? async () => questionToForm(await getQuestion(row.id, client)) : undefined}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <QuestionFields />
    </ModalForm>
  );
}

/** The same question form inline, without dialog or router (a group mounts it): `qid` absent creates. */
export function QuestionEditor({ qid, onDone }: { qid?: number; onDone?: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useQuestionSave(qid, () => onDone?.());
  return (
    <Card>
      <ProForm<QuestionFormValues>
        key={qid ?? 'new'}
        initialValues={qid ? undefined : emptyQuestionForm()}
        request={qid ? async () => questionToForm(await getQuestion(qid, client)) : undefined}
        onFinish={onFinish}
        submitter={{ searchConfig: { submitText: t('admin.common.save'), resetText: t('admin.common.reset') } }}
      >
        <QuestionFields />
      </ProForm>
    </Card>
  );
}

export default function QuestionBankPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<QuestionInfo>[] = [
    { title: 'ID', dataIndex: 'id', width: 70, search: false },
    { title: t('admin.question.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('admin.question.displayId'), dataIndex: 'displayId', width: 120, search: false },
    {
      title: t('admin.question.type'),
      dataIndex: 'type',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(
        [QuestionType.Choice, QuestionType.Judge, QuestionType.Blank, QuestionType.Answer].map((v) => [v, { text: t(questionTypeId(v)) }]),
      ),
    },
    { title: t('admin.question.description'), dataIndex: 'description', ellipsis: true, search: false, width: 280 },
    {
      title: t('admin.question.auth'),
      dataIndex: 'auth',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(
        [QuestionAuth.Public, QuestionAuth.Private, QuestionAuth.Exam].map((v) => [v, { text: t(questionAuthId(v)) }]),
      ),
    },
    {
      title: t('admin.question.tags'),
      dataIndex: 'tags',
      search: false,
      render: (_d, q) => (q.tags ?? []).map((tag) => <Tag key={tag}>{tag}</Tag>),
    },
    { title: t('admin.question.author'), dataIndex: 'author', width: 110, search: false },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 140,
      fixed: 'right',
      render: (_d, q) => [
        <QuestionModal key="edit" row={q} onSaved={reload} />,
        <DeleteAction key="delete" title={t('admin.question.deleteConfirm')} onDelete={() => deleteQuestion(q.id)} onDeleted={reload} />,
      ],
    },
  ];
  return (
    <PageContainer title={t('admin.question.listTitle')}>
      <ProTable<QuestionInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((currentPage, limit, { keyword, type, auth }) =>
          getQuestionPage({
            currentPage,
            limit,
            keyword: (keyword as string) || undefined,
            type: type ? (Number(type) as QuestionType) : undefined,
            auth: auth ? (Number(auth) as QuestionAuth) : undefined,
          }),
        )}
        toolBarRender={() => [<QuestionModal key="create" onSaved={reload} />]}
      />
    </PageContainer>
  );
}
