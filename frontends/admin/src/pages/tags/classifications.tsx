/** Tag classifications (HOJ's tag classes) on the tag page: list by rank, create, edit, delete. */
import { ModalForm, ProColumns, ProFormDigit, ProFormText, ProTable } from '@ant-design/pro-components';
import { TagClassification } from '@oj/contracts';
import { createTagClassification, deleteTagClassification, getTagClassifications, updateTagClassification } from '../../api/admin';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';

function ClassificationForm({ row, onSaved }: { row?: TagClassification; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<TagClassification>(!!row, onSaved, async (values) => {
    if (row) await updateTagClassification({ ...row, ...values });
    else await createTagClassification({ ...values, oj: values.oj || 'ME' });
  });
  return (
    <ModalForm<TagClassification>
      title={row ? t('admin.tagClasses.editTitle') : t('admin.tagClasses.createTitle')}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.tagClasses.create')} />}
      initialValues={row ?? { name: '', oj: 'ME', rank: 0 }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText name="name" label={t('admin.tags.name')} rules={[{ required: true, message: t('admin.tagClasses.nameRequired') }]} />
      <ProFormText name="oj" label={t('admin.tags.oj')} tooltip={t('admin.tags.ojHint')} />
      <ProFormDigit name="rank" label={t('admin.tagClasses.rank')} tooltip={t('admin.tagClasses.rankHint')} fieldProps={{ precision: 0 }} />
    </ModalForm>
  );
}

/** `onChanged`: the tag table reloads too (a deleted class leaves its tags unclassified). */
export function TagClassificationTable({ onChanged }: { onChanged: () => void }) {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const saved = () => {
    reload();
    onChanged();
  };
  const columns: ProColumns<TagClassification>[] = [
    { title: t('admin.tags.id'), dataIndex: 'id', width: 80 },
    { title: t('admin.tags.name'), dataIndex: 'name' },
    { title: t('admin.tags.oj'), dataIndex: 'oj', width: 120 },
    { title: t('admin.tagClasses.rank'), dataIndex: 'rank', width: 100 },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 160,
      render: (_dom, row) => [
        <ClassificationForm key="edit" row={row} onSaved={saved} />,
        <DeleteAction
          key="delete"
          title={t('admin.tagClasses.deleteConfirm')}
          onDelete={() => deleteTagClassification(row.id!)}
          onDeleted={saved}
        />,
      ],
    },
  ];
  return (
    <ProTable<TagClassification>
      headerTitle={t('admin.tagClasses.title')}
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      pagination={false}
      request={async () => {
        try {
          const data = await getTagClassifications();
          return { data, total: data.length, success: true };
        } catch (_e) {
          return { data: [], total: 0, success: false };
        }
      }}
      toolBarRender={() => [<ClassificationForm key="create" onSaved={saved} />]}
    />
  );
}
