/** /admin/announcement (super admin): announcement list with create, edit, visibility and delete. */
import { PlusOutlined } from '@ant-design/icons';
import {
  ActionType,
  ModalForm,
  PageContainer,
  ProColumns,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProTable,
} from '@ant-design/pro-components';
import { App, Button, Popconfirm, Switch } from 'antd';
import { useRef } from 'react';
import { Announcement, ANNOUNCEMENT_HIDDEN, ANNOUNCEMENT_VISIBLE, DEFAULT_PAGE_SIZE } from '@oj/contracts';
import { createAnnouncement, deleteAnnouncement, getAnnouncements, updateAnnouncement } from '../../api/admin';
import { useT } from '../../i18n';

interface AnnouncementFormValues {
  title: string;
  content: string;
  visible: boolean;
}

function AnnouncementForm({ row, onSaved }: { row?: Announcement; onSaved: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  return (
    <ModalForm<AnnouncementFormValues>
      title={row ? t('admin.announcement.editTitle') : t('admin.announcement.createTitle')}
      width={720}
      trigger={
        row ? (
          <a>{t('admin.common.edit')}</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />}>
            {t('admin.announcement.create')}
          </Button>
        )
      }
      initialValues={
        row
          ? { title: row.title, content: row.content, visible: row.status === ANNOUNCEMENT_VISIBLE }
          : { title: '', content: '', visible: true }
      }
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={async ({ title, content, visible }) => {
        const body: Announcement = { title, content, status: visible ? ANNOUNCEMENT_VISIBLE : ANNOUNCEMENT_HIDDEN };
        if (row) body.id = row.id;
        try {
          if (row) await updateAnnouncement(body);
          else await createAnnouncement(body);
        } catch (_e) {
          return false;
        }
        message.success(row ? t('admin.common.updated') : t('admin.common.created'));
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="title"
        label={t('admin.announcement.titleField')}
        rules={[{ required: true, message: t('admin.announcement.titleRequired') }]}
      />
      <ProFormTextArea
        name="content"
        label={t('admin.announcement.content')}
        fieldProps={{ autoSize: { minRows: 8 } }}
        rules={[{ required: true, message: t('admin.announcement.contentRequired') }]}
      />
      <ProFormSwitch name="visible" label={t('admin.announcement.visible')} />
    </ModalForm>
  );
}

export default function AnnouncementPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const setVisible = async (row: Announcement, visible: boolean) => {
    try {
      await updateAnnouncement({
        id: row.id,
        title: row.title,
        content: row.content,
        status: visible ? ANNOUNCEMENT_VISIBLE : ANNOUNCEMENT_HIDDEN,
      });
      message.success(t('admin.common.updated'));
      reload();
    } catch (_e) {
      // shown by the client
    }
  };

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
        <Popconfirm
          key="delete"
          title={t('admin.announcement.deleteConfirm')}
          okText={t('admin.common.ok')}
          cancelText={t('admin.common.cancel')}
          onConfirm={async () => {
            try {
              await deleteAnnouncement(row.id!);
              message.success(t('admin.common.deleted'));
              reload();
            } catch (_e) {
              // shown by the client
            }
          }}
        >
          <a style={{ color: '#ff4d4f' }}>{t('admin.common.delete')}</a>
        </Popconfirm>,
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
        request={async ({ current, pageSize }) => {
          try {
            const page = await getAnnouncements(current ?? 1, pageSize ?? DEFAULT_PAGE_SIZE);
            return { data: page.records, total: page.total, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [<AnnouncementForm key="create" onSaved={reload} />]}
      />
    </PageContainer>
  );
}
