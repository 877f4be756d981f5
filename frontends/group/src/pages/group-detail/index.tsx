/** /group/:groupID and its children (product §2): the group's header with join / exit, its menu, the screen. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { App, Button, Card, Grid, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { GroupMemberStatus } from '@oj/contracts';
import { BackToList, NotFoundResult, UserName, openAccountDialog, useAuth } from '@oj/kit';
import { exitGroup } from '../../api/group';
import { GroupAuthTag } from '../../components/group-auth-tag';
import { GroupChild, canOpen, groupMenu, isMember } from '../../lib/rules';
import { GroupContext, GroupState, useGroupLoader } from './context';
import { JoinDialog } from './join-dialog';

const MENU_IDS: Record<GroupChild, string> = {
  '': 'group.menu.home',
  announcement: 'group.menu.announcement',
  problem: 'group.menu.problem',
  question: 'group.menu.question',
  training: 'group.menu.training',
  contest: 'group.menu.contest',
  exam: 'group.menu.exam',
  rank: 'group.menu.rank',
  discussion: 'group.menu.discussion',
  member: 'group.menu.member',
  setting: 'group.menu.setting',
};

/** Join / apply / waiting / exit, by the viewer's level. */
function MembershipAction({ state }: { state: GroupState }) {
  const intl = useIntl();
  const { modal, message } = App.useApp();
  const [joining, setJoining] = useState(false);
  const { viewer, group, gid } = state;
  if (!viewer.loggedIn)
    return (
      <Button type="primary" onClick={() => openAccountDialog('Login')} data-testid="group-login">
        <FormattedMessage id="group.detail.loginToJoin" />
      </Button>
    );
  if (viewer.level === GroupMemberStatus.Applying)
    return (
      <Tag color="processing" data-testid="group-applying">
        <FormattedMessage id="group.detail.applying" />
      </Tag>
    );
  if (viewer.level === GroupMemberStatus.Member || viewer.level === GroupMemberStatus.Admin) {
    const exit = () =>
      modal.confirm({
        title: intl.formatMessage({ id: 'group.detail.exitConfirm' }),
        okButtonProps: { danger: true, 'data-testid': 'group-exit-confirm' } as ButtonProps,
        onOk: async () => {
          await exitGroup(gid);
          void message.success(intl.formatMessage({ id: 'group.detail.exited' }));
          state.reload();
        },
      });
    return (
      <Button danger onClick={exit} data-testid="group-exit">
        <FormattedMessage id="group.detail.exit" />
      </Button>
    );
  }
  if (viewer.level === GroupMemberStatus.Root) return null;
  return (
    <>
      {viewer.level === GroupMemberStatus.Refused && (
        <Tag color="error" data-testid="group-refused">
          <FormattedMessage id="group.detail.refused" />
        </Tag>
      )}
      <Button type="primary" onClick={() => setJoining(true)} data-testid="group-join">
        <FormattedMessage id={`group.join.open.${group.auth}`} />
      </Button>
      <JoinDialog
        gid={gid}
        auth={group.auth}
        open={joining}
        onClose={() => setJoining(false)}
        onDone={() => {
          setJoining(false);
          state.reload();
        }}
      />
    </>
  );
}

function GroupHeader({ state }: { state: GroupState }) {
  const { group } = state;
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Space direction="vertical" style={{ width: '100%' }} size={4}>
        <Space wrap size={[8, 4]} style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-word' }} data-testid="group-title">
            {group.name}
          </Typography.Title>
          <MembershipAction state={state} />
        </Space>
        <Space wrap size={[8, 4]}>
          <GroupAuthTag auth={group.auth} />
          <Typography.Text type="secondary">{group.shortName}</Typography.Text>
          <Typography.Text type="secondary">
            <FormattedMessage id="group.list.owner" />: <UserName username={group.owner} showTitle={false} />
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="group-detail-members">
            <FormattedMessage id="group.list.members" values={{ count: group.memberCount }} />
          </Typography.Text>
        </Space>
      </Space>
    </Card>
  );
}

function GroupBody({ state }: { state: GroupState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sub = (pathname.split('/')[2] ?? '') as GroupChild;
  const wide = Grid.useBreakpoint().md ?? true;
  const items = groupMenu(state.viewer, state.openGroupDiscussion);
  const go = (key: string) => navigate(`/${state.gid}${key ? `/${key}` : ''}`);
  const allowed = canOpen(sub, state.viewer, state.openGroupDiscussion);
  return (
    <GroupContext.Provider value={state}>
      <div className="oj-group" style={{ maxWidth: '100%', overflowX: 'hidden' }}>
        <GroupHeader state={state} />
        {items.length > 1 &&
          (wide ? (
            <Menu
              mode="horizontal"
              selectedKeys={[sub]}
              style={{ marginBottom: 12 }}
              items={items.map((key) => ({
                key,
                label: <FormattedMessage id={MENU_IDS[key]} />,
                'data-testid': `group-menu-${key || 'home'}`,
              }))}
              onClick={({ key }) => go(key)}
            />
          ) : (
            // phones: every entry in view, large enough to touch
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }} data-testid="group-menu-compact">
              {items.map((key) => (
                <Button
                  key={key}
                  type={key === sub ? 'primary' : 'default'}
                  style={{ minHeight: 40 }}
                  onClick={() => go(key)}
                  data-testid={`group-menu-${key || 'home'}`}
                >
                  <FormattedMessage id={MENU_IDS[key]} />
                </Button>
              ))}
            </div>
          ))}
        {allowed || !(sub in MENU_IDS) ? <Outlet /> : <NoAccess state={state} child={sub} />}
      </div>
    </GroupContext.Provider>
  );
}

/** A child the viewer may not open: members only, the discussion switch, or settings for the owner. */
function NoAccess({ state, child }: { state: GroupState; child: GroupChild }) {
  const id = !isMember(state.viewer)
    ? 'group.detail.membersOnly'
    : child === 'discussion'
      ? 'group.detail.discussionClosed'
      : 'group.detail.noPermission';
  return (
    <div data-testid="group-no-access">
      <Result status="403" title={<FormattedMessage id={id} />} />
    </div>
  );
}

export function GroupLayout() {
  const { groupID = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const gid = Number(groupID);
  const { failed, state } = useGroupLoader(gid);
  // get-group-detail needs a login (HOJ): a visitor gets the login dialog, as a contest's pages do
  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);
  if (!isLoggedIn)
    return (
      <Result
        status="403"
        title={<FormattedMessage id="group.detail.loginRequired" />}
        extra={
          <Button type="primary" onClick={() => openAccountDialog('Login')} data-testid="group-login">
            <FormattedMessage id="group.detail.loginToJoin" />
          </Button>
        }
      />
    );
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="group.detail.notFound" />}
        back={
          <Link to="/">
            <BackToList />
          </Link>
        }
      />
    );
  if (!state) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <GroupBody state={state} />;
}
