/**
 * The create-group dialog (product §5 rules; the server adds the §9 AC count and daily / total limits, told above the
 * form before it is filled in, and the submit is off while they refuse).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Form, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import type { PostingRules } from '@oj/contracts';
import { PostingRulesNotice } from '@oj/kit';
import { createGroup, getGroupCreateRules } from '../../api/group';
import { EMPTY_GROUP, GroupFormFields, GroupFormValues, toGroupBody } from '../../components/group-form';
import { useSaving } from '../../hooks/use-saving';

export function CreateGroupDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const { saving, run } = useSaving();
  const [rules, setRules] = useState<PostingRules | null>(null);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    getGroupCreateRules()
      .then((r) => alive && setRules(r))
      .catch(() => alive && setRules(null));
    return () => {
      alive = false;
    };
  }, [open]);
  const refused = !!rules?.refusal;
  const save = async () => {
    const values = await form.validateFields();
    await run(async () => {
      await createGroup(toGroupBody(values));
      void message.success(intl.formatMessage({ id: 'group.create.done' }));
      form.resetFields();
      onCreated();
    });
  };
  return (
    <Modal
      open={open}
      title={<FormattedMessage id="group.create.title" />}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      okText={<FormattedMessage id="group.create.submit" />}
      okButtonProps={{ 'data-testid': 'group-create-submit', disabled: refused } as ButtonProps}
      destroyOnClose
      width="min(640px, calc(100vw - 24px))"
      maskClosable={false}
    >
      <PostingRulesNotice rules={rules} kind="group" />
      <Form form={form} layout="vertical" initialValues={EMPTY_GROUP} disabled={refused} data-testid="group-create-form">
        <GroupFormFields />
      </Form>
    </Modal>
  );
}
