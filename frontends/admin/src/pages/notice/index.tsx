/**
 * /admin/notice (super admin): system notices to all users, one user or the admins; pushed hourly, or at once with
 * "push now" (POST admin/msg/notice/push).
 */
import {
  ModalForm,
  PageContainer,
  ProColumns,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProTable,
} from '@ant-design/pro-components';
import { App, Popconfirm, Tag } from 'antd';
import { AdminNotice, DEFAULT_PAGE_SIZE, LIMITS, NOTICE_RECIPIENTS, NoticeRecipientType, Page } from '@oj/contracts';
import { api, call } from '@oj/kit';
import { DeleteAction, FormTrigger, pagedRequest, useModalSave, useTableReload } from '../../components/crud';
import { useT } from '../../i18n';

const NOTICE_PATH = '/admin/msg/notice';
/** Text ids of the recipient kinds, in NOTICE_RECIPIENTS order. */
const RECIPIENT_IDS: Record<NoticeRecipientType, string> = {
  All: 'admin.notice.toAll',
  User: 'admin.notice.toUser',
  Admin: 'admin.notice.toAdmin',
};
const pushNotice = (id: number) => call<AdminNotice>(api.post(`${NOTICE_PATH}/push`, { id }));
const getNotices = (currentPage: number, limit: number) =>
  call<Page<AdminNotice>>(api.get(NOTICE_PATH, { params: { currentPage, limit } }));

interface NoticeValues {
  title: string;
  content: string;
  type: NoticeRecipientType;
  recipient?: string;
}

function NoticeForm({ row, onSaved }: { row?: AdminNotice; onSaved: () => void }) {
  const { t } = useT();
  const onFinish = useModalSave<NoticeValues>(!!row, onSaved, async (v) => {
    const body = { ...v, recipient: v.type === 'User' ? v.recipient : undefined };
    if (row) await call(api.put(NOTICE_PATH, { id: row.id, ...body }));
    else await call(api.post(NOTICE_PATH, body));
  });
  return (
    <ModalForm<NoticeValues>
      title={row ? t('admin.notice.editTitle') : t('admin.notice.createTitle')}
      width={720}
      trigger={<FormTrigger editing={!!row} createLabel={t('admin.notice.create')} testId="notice-create" />}
      initialValues={
        row ? { title: row.title, content: row.content, type: row.type, recipient: row.recipient ?? undefined } : { type: 'All' }
      }
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      onFinish={onFinish}
    >
      <ProFormText
        name="title"
        label={t('admin.notice.titleField')}
        rules={[{ required: true, message: t('admin.notice.titleRequired') }]}
      />
      <ProFormTextArea
        name="content"
        label={t('admin.notice.content')}
        fieldProps={{ autoSize: { minRows: 6 } }}
        rules={[{ required: true, message: t('admin.notice.contentRequired') }]}
      />
      <ProFormSelect
        name="type"
        label={t('admin.notice.recipientType')}
        options={NOTICE_RECIPIENTS.map((r) => ({ value: r, label: t(RECIPIENT_IDS[r]) }))}
      />
      <ProFormDependency name={['type']}>
        {({ type }) =>
          type === 'User' ? (
            <ProFormText
              name="recipient"
              label={t('admin.notice.recipient')}
              rules={[{ required: true, max: LIMITS.usernameMax, message: t('admin.notice.recipientRequired') }]}
            />
          ) : null
        }
      </ProFormDependency>
    </ModalForm>
  );
}

/** Push now: the notice reaches its recipients at once instead of at the next hourly push. */
function PushNow({ notice, onPushed }: { notice: AdminNotice; onPushed: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t('admin.notice.pushNowConfirm')}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      onConfirm={async () => {
        try {
          await pushNotice(notice.id);
          message.success(t('admin.notice.pushedNow'));
          onPushed();
        } catch (_e) {
          // shown by the client
        }
      }}
    >
      <a data-testid={`notice-push-${notice.id}`}>{t('admin.notice.pushNow')}</a>
    </Popconfirm>
  );
}

export default function NoticePage() {
  const { t } = useT();
  const { actionRef, reload } = useTableReload();
  const columns: ProColumns<AdminNotice>[] = [
    { title: t('admin.notice.id'), dataIndex: 'id', width: 70 },
    { title: t('admin.notice.titleField'), dataIndex: 'title', ellipsis: true },
    {
      title: t('admin.notice.recipientType'),
      dataIndex: 'type',
      width: 160,
      render: (_d, n) => (n.type === 'User' ? `${t('admin.notice.toUser')}: ${n.recipient ?? ''}` : t(RECIPIENT_IDS[n.type])),
    },
    {
      title: t('admin.notice.state'),
      dataIndex: 'state',
      width: 110,
      render: (_d, n) => (
        <span data-testid={`notice-state-${n.id}`} data-pushed={n.state}>
          {n.state ? <Tag color="green">{t('admin.notice.pushed')}</Tag> : <Tag>{t('admin.notice.waiting')}</Tag>}
        </span>
      ),
    },
    { title: t('admin.notice.created'), dataIndex: 'gmtCreate', valueType: 'dateTime', width: 170 },
    {
      title: t('admin.common.option'),
      valueType: 'option',
      width: 200,
      render: (_d, n) => [
        !n.state && <PushNow key="push" notice={n} onPushed={reload} />,
        <NoticeForm key="edit" row={n} onSaved={reload} />,
        <DeleteAction
          key="delete"
          title={t('admin.notice.deleteConfirm')}
          onDelete={() => call(api.delete(NOTICE_PATH, { params: { id: n.id } }))}
          onDeleted={reload}
        />,
      ],
    },
  ];
  return (
    <PageContainer title={t('admin.notice.title')}>
      <ProTable<AdminNotice>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={pagedRequest((current, pageSize) => getNotices(current, pageSize))}
        toolBarRender={() => [<NoticeForm key="create" onSaved={reload} />]}
      />
    </PageContainer>
  );
}
