/**
 * /group/:groupID/member: the members with their level; for the group's admins also the applications
 * (accept / refuse, with the reason), level changes and removal below their own level; owner transfer for
 * the owner and root.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Empty, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { GroupMemberStatus, GroupMemberVO } from '@oj/contracts';
import { UserName, formatDateTime, useAuth } from '@oj/kit';
import { getApplyList, getMemberList, removeMember, updateMember } from '../../api/group';
import { paginationOf, usePage } from '../../hooks/use-page';
import { assignableLevels, canManageMember, canTransferTo, isGroupAdmin } from '../../lib/rules';
import { useGroup } from '../group-detail/context';

const LEVEL_COLORS: Record<number, string> = { 1: 'processing', 2: 'error', 3: 'default', 4: 'blue', 5: 'gold' };

export const LevelTag = ({ level }: { level: number }) => (
  <Tag color={LEVEL_COLORS[level]} data-testid="group-member-level" data-level={level}>
    <FormattedMessage id={`group.level.${level}`} />
  </Tag>
);

/** `changes`: bumped by the applications tab when it accepts someone, so the member list (kept mounted) follows. */
function MembersTable({ changes = 0 }: { changes?: number }) {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const { user } = useAuth();
  const state = useGroup();
  const { gid, viewer } = state;
  const list = usePage<GroupMemberVO>((q) => getMemberList(gid, q), [gid, changes], 20);
  const act = async (f: () => Promise<unknown>) => {
    await f();
    void message.success(intl.formatMessage({ id: 'group.member.done' }));
    list.reload();
    state.reload();
  };
  const transfer = (m: GroupMemberVO) =>
    modal.confirm({
      title: intl.formatMessage({ id: 'group.member.transferConfirm' }, { username: m.username }),
      okButtonProps: { danger: true, 'data-testid': 'group-transfer-confirm' } as ButtonProps,
      onOk: () => act(() => updateMember(gid, m.uid, GroupMemberStatus.Root)),
    });
  const columns: ColumnsType<GroupMemberVO> = [
    { key: 'user', title: intl.formatMessage({ id: 'group.member.user' }), render: (_v, m) => <UserName username={m.username} /> },
    { key: 'level', title: intl.formatMessage({ id: 'group.member.level' }), render: (_v, m) => <LevelTag level={m.auth} /> },
    { key: 'joined', title: intl.formatMessage({ id: 'group.member.joined' }), render: (_v, m) => formatDateTime(m.gmtCreate) },
  ];
  if (isGroupAdmin(viewer))
    columns.push({
      key: 'option',
      title: intl.formatMessage({ id: 'group.member.option' }),
      render: (_v, m) => (
        <Space wrap size={[4, 4]}>
          {canManageMember(viewer, m, user?.username) && (
            <Select
              size="small"
              style={{ width: 120 }}
              value={m.auth}
              onChange={(level: GroupMemberStatus) => void act(() => updateMember(gid, m.uid, level)).catch(() => undefined)}
              options={assignableLevels(viewer).map((l) => ({ value: l, label: intl.formatMessage({ id: `group.level.${l}` }) }))}
              data-testid="group-member-level-select"
            />
          )}
          {canManageMember(viewer, m, user?.username) && (
            <Popconfirm title={<FormattedMessage id="group.member.removeConfirm" />} onConfirm={() => act(() => removeMember(gid, m.uid))}>
              <Button size="small" danger data-testid="group-member-remove">
                <FormattedMessage id="group.member.remove" />
              </Button>
            </Popconfirm>
          )}
          {canTransferTo(viewer, m) && m.username !== user?.username && (
            <Button size="small" onClick={() => transfer(m)} data-testid="group-member-transfer">
              <FormattedMessage id="group.member.transfer" />
            </Button>
          )}
        </Space>
      ),
    });
  return (
    <Table<GroupMemberVO>
      size="small"
      rowKey="uid"
      loading={list.loading}
      dataSource={list.page?.records ?? []}
      columns={columns}
      pagination={paginationOf(list)}
      scroll={{ x: 'max-content' }}
      onRow={(m) => ({ 'data-testid': 'group-member-row', 'data-username': m.username }) as ButtonProps}
      locale={{ emptyText: <Empty description={<FormattedMessage id="group.member.empty" />} /> }}
    />
  );
}

function ApplyTable({ onAnswered }: { onAnswered: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const state = useGroup();
  const { gid } = state;
  const list = usePage<GroupMemberVO>((q) => getApplyList(gid, q), [gid], 20);
  const answer = async (m: GroupMemberVO, level: GroupMemberStatus) => {
    await updateMember(gid, m.uid, level);
    void message.success(intl.formatMessage({ id: level === GroupMemberStatus.Refused ? 'group.apply.refused' : 'group.apply.accepted' }));
    list.reload();
    state.reload();
    onAnswered();
  };
  return (
    <Table<GroupMemberVO>
      size="small"
      rowKey="uid"
      loading={list.loading}
      dataSource={list.page?.records ?? []}
      pagination={paginationOf(list)}
      scroll={{ x: 'max-content' }}
      onRow={(m) => ({ 'data-testid': 'group-apply-row', 'data-username': m.username }) as ButtonProps}
      locale={{ emptyText: <Empty description={<FormattedMessage id="group.apply.empty" />} data-testid="group-apply-empty" /> }}
      columns={[
        { key: 'user', title: intl.formatMessage({ id: 'group.member.user' }), render: (_v, m) => <UserName username={m.username} /> },
        { key: 'level', title: intl.formatMessage({ id: 'group.member.level' }), render: (_v, m) => <LevelTag level={m.auth} /> },
        {
          key: 'reason',
          title: intl.formatMessage({ id: 'group.join.reason' }),
          render: (_v, m) => (
            <Typography.Text style={{ wordBreak: 'break-word', maxWidth: 320, display: 'inline-block' }}>{m.reason}</Typography.Text>
          ),
        },
        { key: 'time', title: intl.formatMessage({ id: 'group.apply.time' }), render: (_v, m) => formatDateTime(m.gmtCreate) },
        {
          key: 'option',
          title: intl.formatMessage({ id: 'group.member.option' }),
          render: (_v, m) =>
            m.auth === GroupMemberStatus.Applying && (
              <Space size={4}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => void answer(m, GroupMemberStatus.Member).catch(() => undefined)}
                  data-testid="group-apply-accept"
                >
                  <FormattedMessage id="group.apply.accept" />
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => void answer(m, GroupMemberStatus.Refused).catch(() => undefined)}
                  data-testid="group-apply-refuse"
                >
                  <FormattedMessage id="group.apply.refuse" />
                </Button>
              </Space>
            ),
        },
      ]}
    />
  );
}

export function GroupMembersPage() {
  const { viewer } = useGroup();
  const [changes, setChanges] = useState(0);
  return (
    <Card size="small" data-testid="group-members">
      {isGroupAdmin(viewer) ? (
        <Tabs
          items={[
            { key: 'members', label: <FormattedMessage id="group.member.title" />, children: <MembersTable changes={changes} /> },
            {
              key: 'apply',
              label: (
                <span data-testid="group-apply-tab">
                  <FormattedMessage id="group.apply.title" />
                </span>
              ),
              children: <ApplyTable onAnswered={() => setChanges((n) => n + 1)} />,
            },
          ]}
        />
      ) : (
        <MembersTable />
      )}
    </Card>
  );
}
