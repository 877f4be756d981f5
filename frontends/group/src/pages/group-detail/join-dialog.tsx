/**
 * Joining a group (product §4): a public group joins at once (a confirmation), a protected one takes an
 * application with a reason of 5–100 characters, a private one the invitation code of 6.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Form, Input, Modal, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { GROUP_LIMITS, GroupAuth } from '@oj/contracts';
import { joinGroup } from '../../api/group';
import { GROUP_FIELD_LIMITS, joinKind } from '../../lib/rules';
import { useSaving } from '../../hooks/use-saving';

interface JoinValues {
  reason?: string;
  code?: string;
}

export function JoinDialog(props: { gid: number; auth: GroupAuth; open: boolean; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<JoinValues>();
  const { saving, run } = useSaving();
  const kind = joinKind(props.auth);
  const [min, max] = GROUP_FIELD_LIMITS.reason;
  const send = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await joinGroup(props.gid, kind === 'apply' ? { reason: v.reason?.trim() } : kind === 'code' ? { code: v.code?.trim() } : {});
      void message.success(intl.formatMessage({ id: `group.join.done.${kind}` }));
      form.resetFields();
      props.onDone();
    });
  };
  return (
    <Modal
      open={props.open}
      title={<FormattedMessage id={`group.join.title.${kind}`} />}
      onCancel={props.onClose}
      onOk={() => void send().catch(() => undefined)}
      confirmLoading={saving}
      okText={<FormattedMessage id={`group.join.submit.${kind}`} />}
      okButtonProps={{ 'data-testid': 'group-join-submit' } as ButtonProps}
      destroyOnClose
      width="min(480px, calc(100vw - 24px))"
    >
      <Form form={form} layout="vertical" data-testid={`group-join-form-${kind}`}>
        <Typography.Paragraph type="secondary">
          <FormattedMessage id={`group.join.hint.${kind}`} />
        </Typography.Paragraph>
        {kind === 'apply' && (
          <Form.Item
            name="reason"
            label={intl.formatMessage({ id: 'group.join.reason' })}
            rules={[
              { required: true, whitespace: true, message: intl.formatMessage({ id: 'group.form.reasonLength' }) },
              {
                validator: (_r, v?: string) => {
                  const n = (v ?? '').trim().length;
                  return n >= min && n <= max
                    ? Promise.resolve()
                    : Promise.reject(new Error(intl.formatMessage({ id: 'group.form.reasonLength' })));
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={max} showCount data-testid="group-join-reason" />
          </Form.Item>
        )}
        {kind === 'code' && (
          <Form.Item
            name="code"
            label={intl.formatMessage({ id: 'group.join.code' })}
            rules={[
              {
                required: true,
                len: GROUP_LIMITS.codeLength,
                whitespace: true,
                message: intl.formatMessage({ id: 'group.form.codeLength' }),
              },
            ]}
          >
            <Input maxLength={GROUP_LIMITS.codeLength} data-testid="group-join-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
