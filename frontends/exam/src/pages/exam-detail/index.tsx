/** /exam/:examId and its children (product §2): header with countdown and progress, the menu, the screen. */
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Grid, Menu, Progress, Result, Space, Spin, Typography } from 'antd';
import { ContestStatus } from '@oj/contracts';
import { openAccountDialog, useAuth } from '@oj/kit';
import { AuthTag, CountdownText, StatusTag, menuDisabled, mustEnterToView } from 'contest/clock';
import { ExamContext, ExamState, useExamLoader } from './context';
import { HandIn } from './hand-in';
import { PasswordForm } from './password-form';

/** The child screens in menu order, with who sees them. */
export function examMenu(s: Pick<ExamState, 'viewer'>) {
  const items: { key: string; id: string }[] = [
    { key: '', id: 'exam.menu.home' },
    { key: 'question', id: 'exam.menu.questions' },
    { key: 'problem', id: 'exam.menu.problems' },
    { key: 'submission', id: 'exam.menu.submissions' },
    { key: 'my-paper', id: 'exam.menu.myPaper' },
  ];
  if (s.viewer.isAdmin) items.push({ key: 'paper', id: 'exam.menu.papers' }, { key: 'rejudge', id: 'exam.menu.rejudge' });
  return items;
}

function ExamHeader({ state }: { state: ExamState }) {
  const { info, status, progress, countdown } = state;
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-word' }} data-testid="exam-title">
          {info.title}
        </Typography.Title>
        <Space wrap size={[8, 4]}>
          <StatusTag status={status} />
          <AuthTag auth={info.auth} />
          <CountdownText countdown={countdown} startTime={info.startTime} />
          <HandIn state={state} />
        </Space>
        <Progress percent={progress} status={status === ContestStatus.Running ? 'active' : 'normal'} data-testid="exam-progress" />
      </Space>
    </Card>
  );
}

function ExamBody({ state }: { state: ExamState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sub = pathname.split('/')[2] ?? '';
  const disabled = menuDisabled(state.info.auth, state.status, state.viewer);
  const blocked = mustEnterToView(state.info.auth, state.viewer);
  const wide = Grid.useBreakpoint().md ?? true;
  const items = examMenu(state);
  const go = (key: string) => navigate(`/${state.eid}${key ? `/${key}` : ''}`);
  return (
    <ExamContext.Provider value={state}>
      <div className="oj-exam" style={{ maxWidth: '100%', overflowX: 'hidden' }}>
        <ExamHeader state={state} />
        {wide ? (
          <Menu
            mode="horizontal"
            selectedKeys={[sub]}
            style={{ marginBottom: 12 }}
            items={items.map((i) => ({
              key: i.key,
              disabled: i.key !== '' && disabled,
              label: <FormattedMessage id={i.id} />,
              'data-testid': `exam-menu-${i.key || 'home'}`,
            }))}
            onClick={({ key }) => go(key)}
          />
        ) : (
          // phones: every entry in view (a horizontal menu would fold them behind "…"), large enough to touch
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }} data-testid="exam-menu-compact">
            {items.map((i) => (
              <Button
                key={i.key}
                type={i.key === sub ? 'primary' : 'default'}
                disabled={i.key !== '' && disabled}
                style={{ minHeight: 40 }}
                onClick={() => go(i.key)}
                data-testid={`exam-menu-${i.key || 'home'}`}
              >
                <FormattedMessage id={i.id} />
              </Button>
            ))}
          </div>
        )}
        {blocked && sub !== '' ? <PasswordForm /> : <Outlet />}
      </div>
    </ExamContext.Provider>
  );
}

export function ExamLayout() {
  const { examId = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const eid = Number(examId);
  const { failed, state } = useExamLoader(eid);

  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);

  if (!isLoggedIn) return <LoginFirst />;
  if (!Number.isInteger(eid) || failed) return <Result status="404" title={<FormattedMessage id="exam.detail.notFound" />} />;
  if (!state) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <ExamBody state={state} />;
}

export function LoginFirst() {
  return (
    <Result
      status="403"
      title={<FormattedMessage id="exam.detail.loginRequired" />}
      extra={
        <Button type="primary" onClick={() => openAccountDialog('Login')}>
          <FormattedMessage id="exam.detail.login" />
        </Button>
      }
    />
  );
}
