/** /admin/training: trainings with visibility, edit, problems, delete. */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Switch, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AdminTrainingInfo, DEFAULT_PAGE_SIZE, TrainingAuth } from '@oj/contracts';
import { DeleteAction, pagedRequest, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { changeTrainingStatus, deleteTraining, getAdminTrainings } from './api';

export default function TrainingListPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);

  const columns: ProColumns<AdminTrainingInfo>[] = [
    { title: t('admin.training.id'), dataIndex: 'id', width: 70, search: false },
    { title: t('admin.training.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('admin.training.titleField'), dataIndex: 'title', width: 240, ellipsis: true, search: false },
    {
      title: t('admin.training.auth'),
      dataIndex: 'auth',
      width: 90,
      search: false,
      render: (_d, r) =>
        r.auth === TrainingAuth.Private ? (
          <Tag color="orange">{t('admin.training.authPrivate')}</Tag>
        ) : (
          <Tag color="green">{t('admin.training.authPublic')}</Tag>
        ),
    },
    { title: t('admin.training.rank'), dataIndex: 'rank', width: 70, search: false },
    { title: t('admin.training.author'), dataIndex: 'author', width: 110, search: false },
    { title: t('admin.training.updated'), dataIndex: 'gmtModified', valueType: 'dateTime', width: 170, search: false },
    {
      title: t('admin.training.visible'),
      dataIndex: 'status',
      width: 80,
      search: false,
      render: (_d, r) => (
        <Switch
          size="small"
          checked={r.status}
          onChange={(v) => run(() => changeTrainingStatus(r.id, r.author, v), 'admin.common.updated')}
        />
      ),
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 200,
      fixed: 'right',
      render: (_d, r) => [
        <a key="edit" onClick={() => navigate(`/training/${r.id}/edit`)}>
          {t('admin.common.edit')}
        </a>,
        <a key="problems" onClick={() => navigate(`/training/${r.id}/problems`)} data-testid="admin-training-problems-link">
          {t('admin.training.problems')}
        </a>,
        <DeleteAction key="delete" title={t('admin.training.deleteConfirm')} onDelete={() => deleteTraining(r.id)} onDeleted={reload} />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.training.listTitle')}>
      <ProTable<AdminTrainingInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize, { keyword }) => getAdminTrainings(current, pageSize, (keyword as string) || undefined))}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => navigate('/training/create')}>
            {t('admin.training.create')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
