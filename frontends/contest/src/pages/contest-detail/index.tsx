/** /contest/:contestId and its children (product §2): header with countdown and progress, the menu, the screen. */
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigate, useParams, Link } from 'react-router-dom';
import { Button, Card, Menu, Modal, Progress, Result, Space, Spin, Typography } from 'antd';
import { ContestStatus, ContestType } from '@oj/contracts';
import { openAccountDialog, useAuth, useWebsiteConfig, BackToList, NotFoundResult, LazyMarkdown } from '@oj/kit';
import { ContestAuthTag, ContestStatusTag, ContestTypeTag } from '../../components/contest-tags';
import { ContestCountdown } from '../../components/contest-countdown';
import { menuDisabled, mustEnterToView } from '../../lib/rules';
import { ContestContext, ContestState, useContestLoader } from './context';
import { PasswordForm } from './password-form';
import { useUnreadAnnouncements } from './use-unread-announcements';
import { VirtualContext, useVirtualLoader } from './virtual-context';
import { VirtualBanner } from './virtual';

/** The child screens in menu order, with who sees them. */
export function contestMenu(s: Pick<ContestState, 'info' | 'viewer' | 'isRoot' | 'status'>, openContestComment: boolean) {
  const { info, viewer, isRoot, status } = s;
  const items: { key: string; id: string }[] = [
    { key: '', id: 'contest.menu.overview' },
    { key: 'problem', id: 'contest.menu.problems' },
    { key: 'submission', id: 'contest.menu.submissions' },
    { key: 'announcement', id: 'contest.menu.announcements' },
    { key: 'rank', id: 'contest.menu.rank' },
  ];
  if (openContestComment || isRoot) items.push({ key: 'comment', id: 'contest.menu.comment' });
  if (info.openPrint) items.push({ key: 'print', id: 'contest.menu.print' });
  if (viewer.isAdmin) items.push({ key: 'ac-info', id: 'contest.menu.acInfo' });
  if (viewer.isAdmin && info.openPrint) items.push({ key: 'admin-print', id: 'contest.menu.adminPrint' });
  if (isRoot) items.push({ key: 'rejudge', id: 'contest.menu.rejudge' });
  // the award ceremony's reveal: an ended ACM contest whose board was sealed (issue 35)
  if (viewer.isAdmin && info.type === ContestType.ACM && info.sealRank && status === ContestStatus.Ended)
    items.push({ key: 'resolver', id: 'contest.menu.resolver' });
  return items;
}

function ContestHeader({ state }: { state: ContestState }) {
  const { info, status, progress, countdown } = state;
  return (
    <Card style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="contest-title">
          {info.title}
        </Typography.Title>
        <Space wrap>
          <ContestStatusTag status={status} />
          <ContestTypeTag type={info.type} />
          <ContestAuthTag auth={info.auth} />
          <ContestCountdown countdown={countdown} startTime={info.startTime} />
        </Space>
        <Progress
          percent={progress}
          status={status === ContestStatus.Running ? 'active' : 'normal'}
          data-testid="contest-progress"
          data-percent={progress}
        />
      </Space>
    </Card>
  );
}

function UnreadPopup({ cid }: { cid: number }) {
  const intl = useIntl();
  const { unread, markRead } = useUnreadAnnouncements(cid, true);
  return (
    <Modal
      open={unread.length > 0}
      title={intl.formatMessage({ id: 'contest.announcement.unreadTitle' }, { n: unread.length })}
      onOk={markRead}
      onCancel={markRead}
      okText={intl.formatMessage({ id: 'contest.announcement.gotIt' })}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {unread.map((a) => (
        <div key={a.id} data-testid="unread-announcement">
          <Typography.Title level={5}>{a.title}</Typography.Title>
          <LazyMarkdown source={a.content} breaks />
        </div>
      ))}
    </Modal>
  );
}

function ContestBody({ state }: { state: ContestState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const config = useWebsiteConfig();
  const items = contestMenu(state, !!config?.openContestComment);
  const sub = pathname.split('/')[2] ?? '';
  const disabled = menuDisabled(state.info.auth, state.status, state.viewer);
  const blocked = mustEnterToView(state.info.auth, state.viewer);
  // virtual participation (issue 35): once the contest has ended, where the contest allows it
  const virtual = useVirtualLoader(
    state.cid,
    state.status === ContestStatus.Ended && !!state.info.allowVirtual && state.viewer.isLoggedIn && !blocked,
  );
  return (
    <ContestContext.Provider value={state}>
      <VirtualContext.Provider value={virtual}>
        <ContestHeader state={state} />
        {virtual.phase === 'running' && <VirtualBanner cid={state.cid} />}
        <Menu
          mode="horizontal"
          selectedKeys={[sub]}
          style={{ marginBottom: 16 }}
          items={items.map((i) => ({
            key: i.key,
            disabled: i.key !== '' && disabled,
            label: <FormattedMessage id={i.id} />,
            'data-testid': `contest-menu-${i.key || 'overview'}`,
          }))}
          onClick={({ key }) => navigate(`/${state.cid}${key ? `/${key}` : ''}`)}
        />
        {blocked && sub !== '' ? <PasswordForm /> : <Outlet />}
        {/* the announcement screen shows them all and marks them read: no popup over it */}
        {!blocked && sub !== 'announcement' && <UnreadPopup cid={state.cid} />}
      </VirtualContext.Provider>
    </ContestContext.Provider>
  );
}

export function ContestLayout() {
  const { contestId = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const cid = Number(contestId);
  const { failed, state } = useContestLoader(cid);

  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);

  if (!isLoggedIn)
    return (
      <Result
        status="403"
        title={<FormattedMessage id="contest.detail.loginRequired" />}
        extra={
          <Button type="primary" onClick={() => openAccountDialog('Login')}>
            <FormattedMessage id="contest.detail.login" />
          </Button>
        }
      />
    );
  if (!Number.isInteger(cid) || failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="contest.detail.notFound" />}
        back={
          <Link to="/">
            <BackToList />
          </Link>
        }
      />
    );
  if (!state) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <ContestBody state={state} />;
}
