/** /admin/contest/:contestID/announcement: the contest's announcements with create, edit, visibility, delete. */
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
import { useParams } from 'react-router-dom';
import { ContestAnnouncementInfo, DEFAULT_PAGE_SIZE } from '@oj/contracts';
import { useT } from '../../i18n';
import { createContestAnnouncement, deleteContestAnnouncement, getContestAnnouncementPage, updateContestAnnouncement } from './api';

interface FormValues {
  title: string;
  content: string;
  visible: boolean;
}

function AnnouncementForm({ cid, row, onSaved }: { cid: number; row?: ContestAnnouncementInfo; onSaved: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  return (
    <ModalForm<FormValues>
      title={row ? t('admin.contestAnnouncement.editTitle') : t('admin.contestAnnouncement.createTitle')}
      width={720}
      trigger={
        row ? (
          <a>{t('admin.common.edit')}</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />}>
            {t('admin.contestAnnouncement.create')}
          </Button>
        )
      }
      initialValues={row ? { title: row.title, content: row.content, visible: row.visible } : { title: '', content: '', visible: true }}
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={async (v) => {
        try {
          if (row) await updateContestAnnouncement({ ...v, id: row.id, cid });
          else await createContestAnnouncement({ ...v, cid });
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
  const { message } = App.useApp();
  const cid = Number(useParams().contestID);
  const actionRef = useRef<ActionType>();
  const reload = () => actionRef.current?.reload();

  const setVisible = async (row: ContestAnnouncementInfo, visible: boolean) => {
    try {
      await updateContestAnnouncement({ id: row.id, cid, title: row.title, content: row.content, visible });
      message.success(t('admin.common.updated'));
      reload();
    } catch (_e) {
      // shown by the client
    }
  };

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
        <Popconfirm
          key="delete"
          title={t('admin.contestAnnouncement.deleteConfirm')}
          okText={t('admin.common.ok')}
          cancelText={t('admin.common.cancel')}
          onConfirm={async () => {
            try {
              await deleteContestAnnouncement(row.id);
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
    <PageContainer title={t('admin.contestAnnouncement.title')}>
      <ProTable<ContestAnnouncementInfo>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={async ({ current, pageSize }) => {
          try {
            const page = await getContestAnnouncementPage(cid, current ?? 1, pageSize ?? DEFAULT_PAGE_SIZE);
            return { data: page.records, total: page.total, success: true };
          } catch (_e) {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [<AnnouncementForm key="create" cid={cid} onSaved={reload} />]}
      />
    </PageContainer>
  );
}
