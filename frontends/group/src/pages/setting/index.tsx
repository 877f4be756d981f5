/** /group/:groupID/setting (owner and root): edit the group, transfer it to a member, dissolve it. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Divider, Form, Select, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { GroupMemberStatus, GroupMemberVO } from '@oj/contracts';
import { deleteGroup, getMemberList, updateGroup, updateMember } from '../../api/group';
import { GroupFormFields, GroupFormValues, toGroupBody } from '../../components/group-form';
import { useGroup } from '../group-detail/context';
import { useSaving } from '../../hooks/use-saving';

/** Owner transfer (product §4): to one of the members; the old owner becomes an admin. */
function TransferOwner() {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const { gid, reload } = useGroup();
  const [members, setMembers] = useState<GroupMemberVO[]>([]);
  const [uid, setUid] = useState<string | undefined>();
  useEffect(() => {
    getMemberList(gid, { currentPage: 1, limit: 200 }).then(
      (p) => setMembers(p.records.filter((m) => m.auth < GroupMemberStatus.Root)),
      () => setMembers([]),
    );
  }, [gid]);
  const target = members.find((m) => m.uid === uid);
  const transfer = () =>
    target &&
    modal.confirm({
      title: intl.formatMessage({ id: 'group.member.transferConfirm' }, { username: target.username }),
      okButtonProps: { danger: true, 'data-testid': 'group-transfer-confirm' } as ButtonProps,
      onOk: async () => {
        await updateMember(gid, target.uid, GroupMemberStatus.Root);
        void message.success(intl.formatMessage({ id: 'group.member.done' }));
        reload();
      },
    });
  return (
    <Space wrap>
      <Select
        showSearch
        style={{ width: 'min(260px, 80vw)' }}
        placeholder={intl.formatMessage({ id: 'group.setting.transferTo' })}
        value={uid}
        onChange={setUid}
        optionFilterProp="label"
        options={members.map((m) => ({ value: m.uid, label: m.username }))}
        data-testid="group-transfer-select"
      />
      <Button disabled={!target} onClick={transfer} data-testid="group-transfer">
        <FormattedMessage id="group.member.transfer" />
      </Button>
    </Space>
  );
}

export function GroupSettingPage() {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const { gid, group, reload } = useGroup();
  const [form] = Form.useForm<GroupFormValues>();
  const { saving, run } = useSaving();
  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await updateGroup({ id: gid, ...toGroupBody(v) });
      void message.success(intl.formatMessage({ id: 'group.setting.saved' }));
      reload();
    });
  };
  const dissolve = () =>
    modal.confirm({
      title: intl.formatMessage({ id: 'group.setting.deleteConfirm' }, { name: group.name }),
      okButtonProps: { danger: true, 'data-testid': 'group-delete-confirm' } as ButtonProps,
      onOk: async () => {
        await deleteGroup(gid);
        void message.success(intl.formatMessage({ id: 'group.setting.deleted' }));
        window.history.pushState(null, '', '/group');
      },
    });
  return (
    <Card size="small" title={<FormattedMessage id="group.menu.setting" />} data-testid="group-setting">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          name: group.name,
          shortName: group.shortName,
          brief: group.brief,
          description: group.description,
          auth: group.auth,
          code: group.code ?? '',
          visible: group.visible,
        }}
      >
        <GroupFormFields />
        <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)} data-testid="group-setting-save">
          <FormattedMessage id="group.setting.save" />
        </Button>
      </Form>
      <Divider />
      <Typography.Title level={5}>
        <FormattedMessage id="group.setting.transfer" />
      </Typography.Title>
      <TransferOwner />
      <Divider />
      <Button danger onClick={dissolve} data-testid="group-delete">
        <FormattedMessage id="group.setting.delete" />
      </Button>
    </Card>
  );
}
