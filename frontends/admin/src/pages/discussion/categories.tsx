/** /admin/discussion/category (root): the discussion categories; one still holding posts is kept. */
import { ModalForm, PageContainer, ProColumns, ProFormText, ProTable } from '@ant-design/pro-components';
import { DISCUSSION_LIMITS, DiscussionCategory } from '@oj/contracts';
import { discussionCategoryName } from '@oj/kit';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { deleteCategory, getAdminCategories, saveCategory } from './api';

function CategoryForm({ row, onSaved }: { row?: DiscussionCategory; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<{ name: string }>(!!row, onSaved, ({ name }) => saveCategory({ id: row?.id, name }));
  return (
    <ModalForm<{ name: string }>
      title={t(row ? 'admin.discussion.categoryEdit' : 'admin.discussion.categoryCreate')}
      width={420}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.discussion.categoryCreate')} />}
      initialValues={{ name: row?.name ?? '' }}
      modalProps={{ destroyOnClose: true }}
      onFinish={onFinish}
    >
      <ProFormText
        name="name"
        label={t('admin.discussion.categoryName')}
        fieldProps={{ maxLength: DISCUSSION_LIMITS.categoryNameMax }}
        rules={[{ required: true, whitespace: true, message: t('admin.discussion.categoryNameRequired') }]}
      />
    </ModalForm>
  );
}

export default function DiscussionCategoryPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<DiscussionCategory>[] = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: t('admin.discussion.categoryName'),
      dataIndex: 'name',
      // A seeded default in the reader's language, with its stored name beside it (what the edit form holds).
      render: (_v, row) => {
        const shown = discussionCategoryName(({ id }) => t(id), row.name);
        return shown === row.name ? row.name : `${shown} (${row.name})`;
      },
    },
    { title: t('admin.discussion.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170 },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 140,
      render: (_d, row) => [
        <CategoryForm key="edit" row={row} onSaved={reload} />,
        <DeleteAction
          key="delete"
          title={t('admin.discussion.categoryDeleteConfirm')}
          onDelete={() => deleteCategory(row.id)}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <PageContainer title={t('admin.discussion.categories')}>
      <ProTable<DiscussionCategory>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={false}
        request={async () => {
          try {
            const data = await getAdminCategories();
            return { data, total: data.length, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [<CategoryForm key="create" onSaved={reload} />]}
      />
    </PageContainer>
  );
}
