/** /admin/contest/:contestID/announcement: the contest's announcements with create, edit, visibility, delete. */
import { ModalForm, PageContainer, ProColumns, ProFormSwitch, ProFormText, ProFormTextArea, ProTable } from '@ant-design/pro-components';
import { Switch } from 'antd';
import { useParams } from 'react-router-dom';
import { ContestAnnouncementInfo, DEFAULT_PAGE_SIZE } from '@oj/contracts';
import { DeleteAction, FormTrigger, pagedRequest, useModalSave, useNotifiedAction, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';
import { useContestTitle, useNestedHeader } from '../../components/nested-page';
import { useScopedClient } from '../../scope';
import { createContestAnnouncement, deleteContestAnnouncement, getContestAnnouncementPage, updateContestAnnouncement } from './api';

interface FormValues {
  title: string;
  content: string;
  visible: boolean;
}

function AnnouncementForm({ cid, row, onSaved }: { cid: number; row?: ContestAnnouncementInfo; onSaved: () => void }) {
  const { t } = useT();
  const client = useScopedClient();
  const onFinish = useModalSave<FormValues>(!!row, onSaved, async (v) => {
    if (row) await updateContestAnnouncement({ ...v, id: row.id, cid }, client);
    else await createContestAnnouncement({ ...v, cid }, client);
  });
  return (
    <ModalForm<FormValues>
      title={row ? t('admin.contestAnnouncement.editTitle') : t('admin.contestAnnouncement.createTitle')}
      width={720}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.contestAnnouncement.create')} />}
      initialValues={row ? { title: row.title, content: row.content, visible: row.visible } : { title: '', content: '', visible: true }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="title"
        label={t('admin.contestAnnouncement.titleField')}
        rules={[{ required: true, message: t('admin.contestAnnouncement.titleRequired') }]}
      />
      <ProFormTextArea
        name="content"
        label={t('admin.contestAnnouncement.content')}
        fieldProps={{ autoSize: { minRows: 8 } }}
        rules={[{ required: true, message: t('admin.contestAnnouncement.contentRequired') }]}
      />
      <ProFormSwitch name="visible" label={t('admin.contestAnnouncement.visible')} />
    </ModalForm>
  );
}

export default function ContestAnnouncementPage() {
  const { t } = useT();
  const cid = Number(useParams().contestID);
  const contestTitle = useContestTitle(cid);
  const header = useNestedHeader([
    { to: '/contest', label: t('admin.menu.contestList') },
    { to: `/contest/${cid}/edit`, label: contestTitle || `#${cid}` },
    { label: t('admin.contestAnnouncement.title') },
  ]);
  return (
    <PageContainer title={t('admin.contestAnnouncement.title')} subTitle={contestTitle} {...header}>
      <ContestAnnouncements cid={cid} />
    </PageContainer>
  );
}

/** The contest's announcement table without router or page frame (a group mounts it too). */
export function ContestAnnouncements({ cid }: { cid: number }) {
  const { t } = useT();
  const client = useScopedClient();
  const { actionRef, reload } = useTableReload();
  const run = useNotifiedAction(reload);

  const setVisible = (row: ContestAnnouncementInfo, visible: boolean) =>
    run(
      () => updateContestAnnouncement({ id: row.id, cid, title: row.title, content: row.content, visible }, client),
      'admin.common.updated',
    );

  const columns: ProColumns<ContestAnnouncementInfo>[] = [
    { title: t('admin.contestAnnouncement.id'), dataIndex: 'id', width: 80 },
    { title: t('admin.contestAnnouncement.titleField'), dataIndex: 'title', ellipsis: true },
    { title: t('admin.contestAnnouncement.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170 },
    {
      title: t('admin.contestAnnouncement.visible'),
      dataIndex: 'visible',
      width: 100,
      render: (_d, row) => <Switch size="small" checked={row.visible} onChange={(v) => setVisible(row, v)} />,
    },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 140,
      render: (_d, row) => [
        <AnnouncementForm key="edit" cid={cid} row={row} onSaved={reload} />,
        <DeleteAction
          key="delete"
          title={t('admin.contestAnnouncement.deleteConfirm')}
          onDelete={() => deleteContestAnnouncement({ id: row.id, cid }, client)}
          onDeleted={reload}
        />,
      ],
    },
  ];

  return (
    <ProTable<ContestAnnouncementInfo>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      search={false}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
      request={pagedRequest((current, pageSize) => getContestAnnouncementPage(cid, current, pageSize, client))}
      toolBarRender={() => [<AnnouncementForm key="create" cid={cid} onSaved={reload} />]}
    />
  );
}
