/** /admin/exam: the exams an admin manages, with visibility, edit, questions, problems, marking, plagiarism check, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Switch, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ContestStatus, DEFAULT_PAGE_SIZE, ExamAuth, ExamInfo, contestStatusAt } from '@oj/contracts';
import { DeleteAction, pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { changeExamVisible, deleteExam, getAdminExams } from './api';

export default function ExamListPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);

  const statusTag = (e: ExamInfo) => {
    const s = contestStatusAt(e.startTime, e.endTime);
    if (s === ContestStatus.Scheduled) return <Tag color="blue">{t('admin.exam.statusScheduled')}</Tag>;
    if (s === ContestStatus.Running) return <Tag color="green">{t('admin.exam.statusRunning')}</Tag>;
    return <Tag>{t('admin.exam.statusEnded')}</Tag>;
  };
  const authText = (a: ExamAuth) =>
    a === ExamAuth.Private
      ? t('admin.exam.authPrivate')
      : a === ExamAuth.Protected
        ? t('admin.exam.authProtected')
        : t('admin.exam.authPublic');

  const columns: ProColumns<ExamInfo>[] = [
    { title: 'ID', dataIndex: 'id', width: 70, search: false },
    { title: t('admin.exam.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('admin.exam.titleField'), dataIndex: 'title', width: 240, ellipsis: true, search: false },
    { title: t('admin.exam.auth'), dataIndex: 'auth', width: 90, search: false, render: (_d, e) => authText(e.auth) },
    { title: t('admin.exam.status'), dataIndex: 'status', width: 90, search: false, render: (_d, e) => statusTag(e) },
    { title: t('admin.exam.startTime'), dataIndex: 'startTime', valueType: 'dateTime', width: 170, search: false },
    { title: t('admin.exam.endTime'), dataIndex: 'endTime', valueType: 'dateTime', width: 170, search: false },
    { title: t('admin.exam.totalScore'), dataIndex: 'totalScore', width: 80, search: false },
    { title: t('admin.exam.author'), dataIndex: 'author', width: 110, search: false },
    {
      title: t('admin.exam.visible'),
      dataIndex: 'visible',
      width: 80,
      search: false,
      render: (_d, e) => (
        <Switch size="small" checked={e.visible} onChange={(v) => run(() => changeExamVisible(e.id, v), 'admin.common.updated')} />
      ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 370,
      fixed: 'right',
      render: (_d, e) => [
        <a key="edit" onClick={() => navigate(`/exam/${e.id}/edit`)}>
          {t('admin.common.edit')}
        </a>,
        <a key="questions" onClick={() => navigate(`/exam/${e.id}/questions`)} data-testid="admin-exam-questions-link">
          {t('admin.exam.questions')}
        </a>,
        <a key="problems" onClick={() => navigate(`/exam/${e.id}/problems`)} data-testid="admin-exam-problems-link">
          {t('admin.exam.problems')}
        </a>,
        <a key="marking" onClick={() => navigate(`/exam/${e.id}/marking`)} data-testid="admin-exam-marking-link">
          {t('admin.exam.marking')}
        </a>,
        <a key="plagiarism" onClick={() => navigate(`/exam/${e.id}/plagiarism`)} data-testid="admin-exam-plagiarism-link">
          {t('admin.plagiarism.entry')}
        </a>,
        <DeleteAction key="delete" title={t('admin.exam.deleteConfirm')} onDelete={() => deleteExam(e.id)} onDeleted={reload} />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.exam.listTitle')}>
      <ProTable<ExamInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize, { keyword }) => getAdminExams(current, pageSize, (keyword as string) || undefined))}
        toolBarRender={() => [
          <Button
            key="create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/exam/create')}
            data-testid="admin-exam-create"
          >
            {t('admin.exam.create')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
