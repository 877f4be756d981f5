/** /admin/training/category: training categories with their badge colour. */
import { ModalForm, PageContainer, ProColumns, ProFormColorPicker, ProFormText, ProTable } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { TrainingCategoryInfo } from '@oj/contracts';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { colorValue } from '../problem-edit/contestProblem';
import { createTrainingCategory, deleteTrainingCategory, getTrainingCategories, updateTrainingCategory } from './api';

interface Values {
  name: string;
  color?: string | { toHexString(): string } | null;
}

const DEFAULT_COLOR = '#409EFF';

function CategoryForm({ row, onSaved }: { row?: TrainingCategoryInfo; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<Values>(!!row, onSaved, async (v) => {
    const body = { name: v.name.trim(), color: colorValue(v.color) ?? DEFAULT_COLOR };
    if (row) await updateTrainingCategory({ id: row.id, ...body });
    else await createTrainingCategory(body);
  });
  return (
    <ModalForm<Values>
      title={row ? t('admin.trainingCategory.editTitle') : t('admin.trainingCategory.addTitle')}
      width={480}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.trainingCategory.add')} testId="admin-training-add-category" />}
      initialValues={row ? { name: row.name, color: row.color } : { name: '', color: DEFAULT_COLOR }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="name"
        label={t('admin.trainingCategory.name')}
        rules={[{ required: true, whitespace: true, message: t('admin.trainingCategory.nameRequired') }]}
        fieldProps={{ 'data-testid': 'admin-training-category-name' } as object}
      />
      <ProFormColorPicker name="color" label={t('admin.trainingCategory.color')} />
    </ModalForm>
  );
}

export default function TrainingCategoryPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<TrainingCategoryInfo>[] = [
    { title: t('admin.trainingCategory.id'), dataIndex: 'id', width: 70 },
    { title: t('admin.trainingCategory.name'), dataIndex: 'name', render: (_d, r) => <Tag color={r.color}>{r.name}</Tag> },
    { title: t('admin.trainingCategory.color'), dataIndex: 'color', width: 120 },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 160,
      render: (_d, r) => [
        <CategoryForm key="edit" row={r} onSaved={reload} />,
        <DeleteAction
          key="delete"
          title={t('admin.trainingCategory.deleteConfirm')}
          onDelete={() => deleteTrainingCategory(r.id)}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <PageContainer title={t('admin.trainingCategory.title')}>
      <ProTable<TrainingCategoryInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={false}
        request={async () => {
          try {
            const data = await getTrainingCategories();
            return { data, success: true, total: data.length };
          } catch (_e) {
            return { data: [], success: false, total: 0 };
          }
        }}
        toolBarRender={() => [<CategoryForm key="add" onSaved={reload} />]}
      />
    </PageContainer>
  );
}
