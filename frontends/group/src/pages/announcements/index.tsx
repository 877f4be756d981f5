/** /group/:groupID/announcement: the group's announcements; its admins write, hide and delete them here. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Card, Collapse, Empty, Form, Input, Modal, Pagination, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { ANNOUNCEMENT_HIDDEN, ANNOUNCEMENT_VISIBLE, Announcement } from '@oj/contracts';
import { formatDateTime, LazyMarkdown } from '@oj/kit';
import { deleteAnnouncement, getAnnouncements, saveAnnouncement } from '../../api/group';
import { paginationOf, usePage } from '../../hooks/use-page';
import { isGroupAdmin } from '../../lib/rules';
import { useGroup } from '../group-detail/context';
import { useSaving } from '../../hooks/use-saving';

interface FormValues {
  title: string;
  content: string;
  visible: boolean;
}

function AnnouncementDialog(props: { gid: number; editing: Announcement | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<FormValues>();
  const { saving, run } = useSaving();
  const a = props.editing === 'new' ? null : props.editing;
  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await saveAnnouncement({
        id: a?.id,
        gid: props.gid,
        title: v.title.trim(),
        content: v.content,
        status: v.visible ? ANNOUNCEMENT_VISIBLE : ANNOUNCEMENT_HIDDEN,
      });
      props.onSaved();
    });
  };
  const required = { required: true, whitespace: true, message: intl.formatMessage({ id: 'group.announcement.required' }) };
  return (
    <Modal
      open={!!props.editing}
      title={<FormattedMessage id={a ? 'group.admin.edit' : 'group.admin.create'} />}
      onCancel={props.onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnClose
      width="min(720px, calc(100vw - 24px))"
      okButtonProps={{ 'data-testid': 'group-announcement-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          title: a?.title ?? '',
          content: a?.content ?? '',
          visible: (a?.status ?? ANNOUNCEMENT_VISIBLE) === ANNOUNCEMENT_VISIBLE,
        }}
      >
        <Form.Item name="title" label={intl.formatMessage({ id: 'group.announcement.title' })} rules={[required]}>
          <Input maxLength={255} data-testid="group-announcement-title" />
        </Form.Item>
        <Form.Item name="content" label={intl.formatMessage({ id: 'group.announcement.content' })} rules={[required]}>
          <Input.TextArea rows={6} data-testid="group-announcement-content" />
        </Form.Item>
        <Form.Item name="visible" label={intl.formatMessage({ id: 'group.announcement.visible' })} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function GroupAnnouncementsPage() {
  const { gid, viewer } = useGroup();
  const admin = isGroupAdmin(viewer);
  const list = usePage<Announcement>((q) => getAnnouncements(gid, q, admin), [gid, admin]);
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const records = list.page?.records ?? [];
  return (
    <Card
      size="small"
      title={<FormattedMessage id="group.menu.announcement" />}
      data-testid="group-announcements"
      loading={list.loading && !list.page}
      extra={
        admin && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="group-announcements-create">
            <FormattedMessage id="group.admin.create" />
          </Button>
        )
      }
    >
      {records.length === 0 ? (
        <Empty description={<FormattedMessage id="group.announcement.empty" />} data-testid="group-announcements-empty" />
      ) : (
        <Collapse
          items={records.map((a) => ({
            key: String(a.id),
            label: (
              <Space wrap size={[8, 4]} data-testid="group-announcement-row">
                <Typography.Text strong style={{ wordBreak: 'break-word' }}>
                  {a.title}
                </Typography.Text>
                {a.status === ANNOUNCEMENT_HIDDEN && (
                  <Tag>
                    <FormattedMessage id="group.content.hidden" />
                  </Tag>
                )}
                <Typography.Text type="secondary">{a.gmtCreate ? formatDateTime(a.gmtCreate) : ''}</Typography.Text>
              </Space>
            ),
            children: (
              <>
                <LazyMarkdown source={a.content} />
                {admin && (
                  <Space style={{ marginTop: 8 }}>
                    <Button size="small" onClick={() => setEditing(a)}>
                      <FormattedMessage id="group.admin.edit" />
                    </Button>
                    <Popconfirm
                      title={<FormattedMessage id="group.admin.deleteConfirm" />}
                      onConfirm={async () => {
                        await deleteAnnouncement(gid, a.id!);
                        list.reload();
                      }}
                    >
                      <Button size="small" danger>
                        <FormattedMessage id="group.admin.delete" />
                      </Button>
                    </Popconfirm>
                  </Space>
                )}
              </>
            ),
          }))}
        />
      )}
      <Pagination style={{ marginTop: 12 }} {...paginationOf(list)} />
      <AnnouncementDialog
        gid={gid}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </Card>
  );
}
