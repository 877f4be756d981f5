/** /admin/problem/tag: tag list with create, edit and delete (product §3 "Tag"), and the tag classifications. */
import { ModalForm, PageContainer, ProColumns, ProFormColorPicker, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { ProblemTag, REMOTE_OJS } from '@oj/contracts';
import { createTag, deleteTag, getAllTags, getTagClassifications, updateTag } from '../../api/admin';
import { TagClassificationTable } from './classifications';
import { DeleteAction, FormTrigger, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';

/** What a tag's attribution means, in words: this site's bank (ME) or a remote judge's problems. */
function attributionLabel(t: (id: string, v?: Record<string, string>) => string, oj: string | null | undefined): string {
  return !oj || oj === 'ME' ? t('admin.tags.ojLocal') : t('admin.tags.ojRemote', { oj });
}

function TagForm({ tag, onSaved }: { tag?: ProblemTag; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<ProblemTag>(!!tag, onSaved, async (values) => {
    const color =
      typeof values.color === 'string' ? values.color : (values.color as unknown as { toHexString?: () => string } | null)?.toHexString?.();
    if (tag) await updateTag({ ...tag, ...values, color });
    else await createTag({ ...values, color, oj: values.oj || 'ME' });
  });
  return (
    <ModalForm<ProblemTag>
      title={tag ? t('admin.tags.editTitle') : t('admin.tags.createTitle')}
      trigger={<FormTrigger editing={!!tag} createLabel={t('admin.tags.create')} />}
      initialValues={tag ?? { name: '', color: '#409eff', oj: 'ME' }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText name="name" label={t('admin.tags.name')} rules={[{ required: true, message: t('admin.tags.nameRequired') }]} />
      <ProFormColorPicker name="color" label={t('admin.tags.color')} />
      <ProFormSelect
        name="oj"
        label={t('admin.tags.oj')}
        tooltip={t('admin.tags.ojHint')}
        options={['ME', ...REMOTE_OJS].map((oj) => ({ value: oj, label: attributionLabel(t, oj) }))}
      />
      <ProFormSelect
        name="tcid"
        label={t('admin.tagClasses.column')}
        allowClear
        request={async () => (await getTagClassifications()).map((c) => ({ label: `${c.name} (${c.oj})`, value: c.id }))}
        // Cleared, the tag leaves its class: null, not a missing field.
        transform={(value: number | undefined) => ({ tcid: value ?? null })}
      />
    </ModalForm>
  );
}

export default function TagsPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();

  const columns: ProColumns<ProblemTag>[] = [
    { title: t('admin.tags.id'), dataIndex: 'id', width: 80, search: false },
    {
      title: t('admin.tags.name'),
      dataIndex: 'name',
      render: (_dom, row) => <Tag color={row.color ?? undefined}>{row.name}</Tag>,
    },
    { title: t('admin.tags.oj'), dataIndex: 'oj', width: 160, search: false, render: (_dom, row) => attributionLabel(t, row.oj) },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 160,
      render: (_dom, row) => [
        <TagForm key="edit" tag={row} onSaved={reload} />,
        <DeleteAction key="delete" title={t('admin.tags.deleteConfirm')} onDelete={() => deleteTag(row.id!)} onDeleted={reload} />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.tags.title')}>
      <ProTable<ProblemTag>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        // The tag list is small: fetched whole, filtered and paged here.
        request={async ({ name }) => {
          try {
            const all = await getAllTags();
            const data = name ? all.filter((tag) => tag.name.toLowerCase().includes(String(name).toLowerCase())) : all;
            return { data, total: data.length, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [<TagForm key="create" onSaved={reload} />]}
      />
      <TagClassificationTable onChanged={reload} />
    </PageContainer>
  );
}
