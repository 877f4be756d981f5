/** /admin/announcement (super admin): announcement list with create, edit, visibility and delete. */
import { ModalForm, PageContainer, ProColumns, ProFormSwitch, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { Switch } from 'antd';
import { Announcement, ANNOUNCEMENT_HIDDEN, ANNOUNCEMENT_VISIBLE, DEFAULT_PAGE_SIZE } from '@oj/contracts';
import { createAnnouncement, deleteAnnouncement, getAnnouncements, updateAnnouncement } from '../../api/admin';
import { DeleteAction, FormTrigger, pagedRequest, useModalSave, useNotifiedAction, useTableReload } from '../../components/crud';
import { MdImageInsert } from '../../components/md-image';
import { useT } from '../../i18n';

interface AnnouncementFormValues {
  title: string;
  content: string;
  visible: boolean;
}

function AnnouncementForm({ row, onSaved }: { row?: Announcement; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<AnnouncementFormValues>(!!row, onSaved, async ({ title, content, visible }) => {
    const body: Announcement = { title, content, status: visible ? ANNOUNCEMENT_VISIBLE : ANNOUNCEMENT_HIDDEN };
    if (row) body.id = row.id;
    if (row) await updateAnnouncement(body);
    else await createAnnouncement(body);
  });
  return (
    <ModalForm<AnnouncementFormValues>
      title={row ? t('admin.announcement.editTitle') : t('admin.announcement.createTitle')}
      width={720}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.announcement.create')} />}
      initialValues={
        row
          ? { title: row.title, content: row.content, visible: row.status === ANNOUNCEMENT_VISIBLE }
          : { title: '', content: '', visible: true }
      }
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="title"
        label={t('admin.announcement.titleField')}
        rules={[{ required: true, message: t('admin.announcement.titleRequired') }]}
      />
      <ProFormTextArea
        name="content"
        label={t('admin.announcement.content')}
        extra={<MdImageInsert field="content" />}
        fieldProps={{ autoSize: { minRows: 8 } }}
        rules={[{ required: true, message: t('admin.announcement.contentRequired') }]}
      />
      <ProFormSwitch name="visible" label={t('admin.announcement.visible')} />
    </ModalForm>
  );
}

export default function AnnouncementPage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);

  const setVisible = (row: Announcement, visible: boolean) =>
    run(
      () =>
        updateAnnouncement({
          id: row.id,
          title: row.title,
          content: row.content,
          status: visible ? ANNOUNCEMENT_VISIBLE : ANNOUNCEMENT_HIDDEN,
        }),
      'admin.common.updated',
    );

  const columns: ProColumns<Announcement>[] = [
    { title: t('admin.announcement.id'), dataIndex: 'id', width: 80 },
    { title: t('admin.announcement.titleField'), dataIndex: 'title', ellipsis: true },
    { title: t('admin.announcement.author'), dataIndex: 'username', width: 140 },
    { title: t('admin.announcement.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170 },
    { title: t('admin.announcement.modified'), dataIndex: 'gmtModified', valueType: 'dateTime', width: 170 },
    {
      title: t('admin.announcement.visible'),
      dataIndex: 'status',
      width: 100,
      render: (_dom, row) => <Switch size="small" checked={row.status === ANNOUNCEMENT_VISIBLE} onChange={(v) => setVisible(row, v)} />,
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 140,
      render: (_dom, row) => [
        <AnnouncementForm key="edit" row={row} onSaved={reload} />,
        <DeleteAction
          key="delete"
          title={t('admin.announcement.deleteConfirm')}
          onDelete={() => deleteAnnouncement(row.id!)}
          onDeleted={reload}
        />,
      ],
    },
  ];

  return (
    <PageContainer title={t('admin.announcement.title')}>
      <ProTable<Announcement>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize) => getAnnouncements(current, pageSize))}
        toolBarRender={() => [<AnnouncementForm key="create" onSaved={reload} />]}
      />
    </PageContainer>
  );
}
