/**
 * /group/:groupID/discussion (openGroupDiscussion, login): the group's discussions, each opened in the problems
 * remote's discussion page; members start one here.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Empty, Form, Input, List, Modal, Select, Space, Typography } from 'antd';
import { DiscussionCategory, DiscussionRules, DiscussionVO, PostingRules } from '@oj/contracts';
import { PostingRulesNotice, UserName, api, call, discussionCategoryName, formatDateTime } from '@oj/kit';
import { createGroupDiscussion, getGroupDiscussions } from '../../api/group';
import { SiteLink } from '../../components/site-link';
import { paginationOf, usePage } from '../../hooks/use-page';
import { useGroup } from '../group-detail/context';
import { useSaving } from '../../hooks/use-saving';

interface DiscussionForm {
  title: string;
  description: string;
  content: string;
  categoryId: number;
}

function NewDiscussionDialog({ gid, open, onClose, onDone }: { gid: number; open: boolean; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<DiscussionForm>();
  const [categories, setCategories] = useState<DiscussionCategory[]>([]);
  const { saving, run } = useSaving();
  // the site's AC count and daily limit for posts, told before the form is filled in
  const [rules, setRules] = useState<PostingRules | null>(null);
  useEffect(() => {
    if (!open) return;
    void call<DiscussionCategory[]>(api.get('/discussion-category')).then(setCategories, () => setCategories([]));
    void call<DiscussionRules>(api.get('/get-discussion-rules', { silent: true })).then(
      (r) => setRules(r.post),
      () => setRules(null),
    );
  }, [open]);
  const refused = !!rules?.refusal;
  const required = { required: true, whitespace: true, message: intl.formatMessage({ id: 'group.discussion.required' }) };
  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await createGroupDiscussion({ gid, ...v, title: v.title.trim(), description: v.description.trim() });
      void message.success(intl.formatMessage({ id: 'group.discussion.posted' }));
      onDone();
    });
  };
  return (
    <Modal
      open={open}
      title={<FormattedMessage id="group.discussion.new" />}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      okButtonProps={{ disabled: refused }}
      destroyOnClose
      width="min(720px, calc(100vw - 24px))"
    >
      <PostingRulesNotice rules={rules} kind="post" />
      <Form form={form} layout="vertical" preserve={false} disabled={refused}>
        <Form.Item name="title" label={intl.formatMessage({ id: 'group.discussion.title' })} rules={[required]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          name="categoryId"
          label={intl.formatMessage({ id: 'group.discussion.category' })}
          rules={[{ required: true, message: intl.formatMessage({ id: 'group.discussion.required' }) }]}
        >
          <Select options={categories.map((c) => ({ value: c.id, label: discussionCategoryName(intl.formatMessage, c.name) }))} />
        </Form.Item>
        <Form.Item name="description" label={intl.formatMessage({ id: 'group.discussion.description' })} rules={[required]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="content" label={intl.formatMessage({ id: 'group.discussion.content' })} rules={[required]}>
          <Input.TextArea rows={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function GroupDiscussionPage() {
  const { gid } = useGroup();
  const list = usePage<DiscussionVO>((q) => getGroupDiscussions(gid, q), [gid]);
  const [posting, setPosting] = useState(false);
  return (
    <Card
      size="small"
      title={<FormattedMessage id="group.menu.discussion" />}
      data-testid="group-discussions"
      extra={
        <Button type="primary" onClick={() => setPosting(true)} data-testid="group-discussion-new">
          <FormattedMessage id="group.discussion.new" />
        </Button>
      }
    >
      <List<DiscussionVO>
        loading={list.loading}
        dataSource={list.page?.records ?? []}
        pagination={paginationOf(list)}
        locale={{
          emptyText: <Empty description={<FormattedMessage id="group.discussion.empty" />} data-testid="group-discussions-empty" />,
        }}
        renderItem={(d) => (
          <List.Item data-testid="group-discussion-row">
            <List.Item.Meta
              title={<SiteLink to={`/discussion/${d.id}`}>{d.title}</SiteLink>}
              description={
                <Space wrap size={[12, 2]}>
                  <UserName username={d.author} showTitle={false} />
                  <Typography.Text type="secondary">{formatDateTime(d.gmtCreate)}</Typography.Text>
                  <Typography.Text type="secondary">
                    <FormattedMessage id="group.discussion.stats" values={{ views: d.viewNum, likes: d.likeNum }} />
                  </Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <NewDiscussionDialog
        gid={gid}
        open={posting}
        onClose={() => setPosting(false)}
        onDone={() => {
          setPosting(false);
          list.reload();
        }}
      />
    </Card>
  );
}
