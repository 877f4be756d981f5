/** The create-group dialog (spec §5 rules; the server adds the §9 AC count and daily / total limits). */
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Form, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { createGroup } from '../../api/group';
import { EMPTY_GROUP, GroupFormFields, GroupFormValues, toGroupBody } from '../../components/group-form';
import { useSaving } from '../../hooks/use-saving';

export function CreateGroupDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const { saving, run } = useSaving();
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
      okButtonProps={{ 'data-testid': 'group-create-submit' } as ButtonProps}
      destroyOnClose
      width="min(640px, calc(100vw - 24px))"
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={EMPTY_GROUP} data-testid="group-create-form">
        <GroupFormFields />
      </Form>
    </Modal>
  );
}
