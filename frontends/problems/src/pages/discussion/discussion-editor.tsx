/** The dialog to post or edit a discussion: category, title, description, Markdown content, problem. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form, Input, Modal, Select, message } from 'antd';
import { DISCUSSION_LIMITS, DiscussionCategory, DiscussionVO, PostingRules } from '@oj/contracts';
import { PostingRulesNotice, discussionCategoryName } from '@oj/kit';
import { DiscussionForm, createDiscussion, getDiscussionRules, updateDiscussion } from '../../api/discussion';
import { MarkdownEditor } from '@oj/kit/markdown-editor';

export function DiscussionEditor({
  open,
  categories,
  initial,
  pid,
  onClose,
  onSaved,
}: {
  open: boolean;
  categories: DiscussionCategory[];
  initial?: DiscussionVO | null;
  pid?: string;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<DiscussionForm>();
  // A new post: the AC count and daily limit are told before the form is filled in (editing is not a new post).
  const [rules, setRules] = useState<PostingRules | null>(null);
  useEffect(() => {
    if (!open || initial) return;
    let alive = true;
    getDiscussionRules()
      .then((r) => alive && setRules(r.post))
      .catch(() => alive && setRules(null));
    return () => {
      alive = false;
    };
  }, [open, initial]);
  const refused = !initial && !!rules?.refusal;

  // The form is mounted anew each time the dialog opens (destroyOnClose), so its initial values apply each time.
  const initialValues: DiscussionForm = initial
    ? {
        categoryId: initial.categoryId,
        title: initial.title,
        description: initial.description,
        content: initial.content ?? '',
        pid: initial.pid,
      }
    : { categoryId: categories[0]?.id, title: '', description: '', content: '', pid: pid ?? null };

  const submit = async () => {
    const values = await form.validateFields();
    const body = { ...values, pid: values.pid || null };
    if (initial) {
      await updateDiscussion({ ...body, id: initial.id });
      onSaved(initial.id);
    } else {
      const created = await createDiscussion(body);
      onSaved(created.id);
    }
    void message.success(t('problems.discussion.saved'));
  };

  return (
    <Modal
      open={open}
      width={820}
      title={t(initial ? 'problems.discussion.edit' : 'problems.discussion.post')}
      okText={t('problems.discussion.submit')}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      okButtonProps={{ disabled: refused }}
      destroyOnClose
    >
      {!initial && <PostingRulesNotice rules={rules} kind="post" />}
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} disabled={refused}>
        <Form.Item name="categoryId" label={t('problems.discussion.category')} rules={[{ required: true }]}>
          <Select
            options={categories.map((c) => ({ value: c.id, label: discussionCategoryName(intl.formatMessage, c.name) }))}
            data-testid="discussion-category"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('problems.discussion.titleField')}
          rules={[{ required: true, whitespace: true, message: t('problems.discussion.titleRequired') }]}
        >
          <Input maxLength={DISCUSSION_LIMITS.titleMax} data-testid="discussion-title" />
        </Form.Item>
        <Form.Item name="description" label={t('problems.discussion.description')}>
          <Input maxLength={DISCUSSION_LIMITS.descriptionMax} />
        </Form.Item>
        <Form.Item name="pid" label={t('problems.discussion.problem')}>
          <Input maxLength={255} disabled={!!pid} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('problems.discussion.content')}
          rules={[{ required: true, whitespace: true, message: t('problems.discussion.contentRequired') }]}
        >
          <MarkdownEditor maxLength={DISCUSSION_LIMITS.contentMax} testId="discussion-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
