/** /user-home?username= or ?uid= (the caller without either): profile, totals, solved and tried problems, calendar. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar, Button, Card, Col, Empty, Result, Row, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { PROFILE_API, ROLE_NAMES, Role, UserHomeInfo, nameStyleColor, ratingColor } from '@oj/contracts';
import { UserLink, call, api, formatDateTime, openAccountDialog, useAuth } from '@oj/kit';

const SubmissionHeatmap = lazy(() => import(/* webpackChunkName: "user-heatmap" */ './submission-heatmap'));
const RatingChart = lazy(() => import(/* webpackChunkName: "user-heatmap" */ './rating-chart'));

function useUserHome(uid: string | null, username: string | null, enabled: boolean) {
  const [info, setInfo] = useState<UserHomeInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setInfo(null);
    setFailed(false);
    // a visitor without a uid or username has no page to ask for
    if (!enabled) return;
    const params: Record<string, string> = {};
    if (uid) params.uid = uid;
    if (username) params.username = username;
    call<UserHomeInfo>(api.get(PROFILE_API.homeInfo, { params }))
      .then(setInfo)
      .catch(() => setFailed(true));
  }, [uid, username, enabled]);
  return { info, failed };
}

function ProblemTags({ ids, color }: { ids: string[]; color?: string }) {
  if (!ids.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Space size={[4, 8]} wrap>
      {ids.map((id) => (
        <Link key={id} to={`/problem/${encodeURIComponent(id)}`}>
          <Tag color={color}>{id}</Tag>
        </Link>
      ))}
    </Space>
  );
}

const ADMIN_ROLE_NAMES = [ROLE_NAMES[Role.Root], ROLE_NAMES[Role.Admin], ROLE_NAMES[Role.ProblemAdmin]];

/** Admins in their own colour, others by rating band (product §6), by the rule every name on the site follows. */
function nameColor(info: UserHomeInfo): string | null {
  return nameStyleColor({
    rating: info.rating,
    admin: info.roleList.some((r) => ADMIN_ROLE_NAMES.includes(r)),
    titleName: info.titleName ?? null,
    titleColor: info.titleColor ?? null,
  });
}

export function UserHomePage() {
  const [params] = useSearchParams();
  const { isLoggedIn } = useAuth();
  const intl = useIntl();
  const uid = params.get('uid');
  const username = params.get('username');
  const { info, failed } = useUserHome(uid, username, !!(uid || username || isLoggedIn));
  if (!uid && !username && !isLoggedIn)
    return (
      <Result
        status="info"
        title={<FormattedMessage id="shell.userHome.needUser" />}
        extra={
          <Button type="primary" onClick={() => openAccountDialog('Login')}>
            <FormattedMessage id="shell.nav.login" />
          </Button>
        }
      />
    );
  if (failed) return <Empty description={<FormattedMessage id="shell.userHome.notFound" />} />;
  if (!info) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Space
      direction="vertical"
      size="large"
      style={{ width: '100%', maxWidth: 1100, margin: '0 auto', display: 'flex' }}
      data-testid="user-home"
    >
      <Card>
        <Space size="large" align="start">
          <Avatar size={96} src={info.avatar || undefined}>
            {info.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title level={3} style={{ marginBottom: 0, color: nameColor(info) ?? undefined }} data-testid="user-home-name">
              {info.nickname || info.username}
            </Typography.Title>
            <Typography.Text type="secondary">@{info.username}</Typography.Text>
            {info.titleName && (
              <Tag color={info.titleColor || undefined} style={{ marginLeft: 8 }}>
                {info.titleName}
              </Tag>
            )}
            {info.signature && <Typography.Paragraph style={{ marginTop: 8 }}>{info.signature}</Typography.Paragraph>}
            {/* Its own line: inline after "@username" it read "@alice星火中学" (issue 37 item 14). */}
            <Space split="·" wrap style={{ display: 'flex', marginTop: 4 }} data-testid="user-home-facts">
              {info.school && <span>{info.school}</span>}
              <UserLink href={info.github} testId="user-home-github">
                GitHub
              </UserLink>
              <UserLink href={info.blog} testId="user-home-blog">
                {intl.formatMessage({ id: 'shell.userHome.blog' })}
              </UserLink>
              {info.recentLoginTime && (
                <span>
                  <FormattedMessage id="shell.userHome.recentLogin" /> {formatDateTime(info.recentLoginTime)}
                </span>
              )}
            </Space>
          </div>
        </Space>
      </Card>
      <Row gutter={16}>
        {(['total', 'accepted', 'solved', 'totalScore'] as const).map((k) => (
          <Col key={k} xs={12} md={5}>
            <Card>
              <Statistic title={intl.formatMessage({ id: `shell.userHome.${k}` })} value={info[k]} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={4}>
          <Card>
            <Statistic
              title={intl.formatMessage({ id: 'shell.userHome.rating' })}
              value={info.rating ?? '-'}
              valueStyle={{ color: ratingColor(info.rating) ?? undefined }}
              data-testid="user-home-rating"
            />
          </Card>
        </Col>
      </Row>
      <Card title={<FormattedMessage id="shell.userHome.calendar" />}>
        <Suspense fallback={<Spin />}>
          <SubmissionHeatmap calendar={info.calendar} label={intl.formatMessage({ id: 'shell.userHome.submissions' })} />
        </Suspense>
        <Typography.Text type="secondary" data-testid="user-home-count-rule">
          <FormattedMessage id="shell.userHome.countRule" />
        </Typography.Text>
      </Card>
      {info.ratingHistory.length > 0 && (
        <Card title={<FormattedMessage id="shell.userHome.ratingHistory" />}>
          <Suspense fallback={<Spin />}>
            <RatingChart history={info.ratingHistory} label={intl.formatMessage({ id: 'shell.userHome.rating' })} />
          </Suspense>
        </Card>
      )}
      <Card title={<FormattedMessage id="shell.userHome.solvedList" />}>
        <ProblemTags ids={info.solvedList} color="success" />
      </Card>
      <Card title={<FormattedMessage id="shell.userHome.triedList" />}>
        <ProblemTags ids={info.triedList} />
      </Card>
    </Space>
  );
}
