/**
 * Dashboard (product §2, §9): total users, today's submissions, contests of the recent 14 days, the admin's
 * recent logins, server health, the judge servers and their queue (backlog, drain rate), the recent 7 days top 10 AC rank and the top 10 teams.
 */
import { PageContainer, ProCard, StatisticCard } from '@ant-design/pro-components';
import { Descriptions, Empty, Grid, Progress, Table, Tag } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { JudgeServiceInfo, LoginSessionInfo, RecentAcRankRow, RecentContestInfo, Role, ROLE_NAMES, TIMINGS } from '@oj/contracts';
import { formatDateTime, formatMemoryKb } from '@oj/kit';
import { getJudgeServers, getRecentAcRank, getServiceInfo } from '../../api/admin';
import { useSession } from '../../auth/session';
import { useT } from '../../i18n';
import { getDashboardInfo, getRecentContests, getSessions } from './api';
import { contestStatusCounts, contestStatusTag, dashboardFigures, queueFigures } from './figures';
import { DashboardMailWarning } from './mail-warning';
import { ReplicaHealth } from './health';

import { TopGroupsCard } from './top-groups';

// The chart library is fetched only with the dashboard's chart.
const SubmissionChart = lazy(() => import('./submission-chart'));
const AcRankChart = lazy(() => import('./ac-rank-chart'));

/** Loads one figure source; `failed` when the call was refused. */
function useFigures<T>(load: () => Promise<T>) {
  const [state, setState] = useState<{ value: T | null; failed: boolean }>({ value: null, failed: false });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ value, failed: false }),
      () => live && setState({ value: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

export default function DashboardPage() {
  const { t } = useT();
  // on a phone the figures stack instead of squeezing their labels to one character a line
  const narrow = !Grid.useBreakpoint().md;
  const { user } = useSession();
  const service = useFigures(getServiceInfo);
  const judges = useFigures(getJudgeServers);
  const acRank = useFigures(getRecentAcRank);
  const dashboard = useFigures(getDashboardInfo);
  const contests = useFigures(getRecentContests);
  const sessions = useFigures(getSessions);
  const statusCounts = contestStatusCounts(contests.value ?? []);
  const [users, today, recent] = dashboardFigures(dashboard.value);
  const [backlog, drain] = queueFigures(dashboard.value);
  const info = service.value;
  const roleNames = (user?.roleList ?? []).map((name) => {
    const id = Object.values(Role).find((r) => ROLE_NAMES[r] === name);
    // Every role id has a text 'admin.role.<id>' (checked by the i18n test).
    return id ? t(`admin.role.${id}`) : name;
  });

  return (
    <PageContainer title={t('admin.dashboard.title')}>
      <DashboardMailWarning canConfigure={(user?.roleList ?? []).includes(ROLE_NAMES[Role.Root])} />
      <ProCard bordered headerBordered style={{ marginBottom: 16 }}>
        {dashboard.failed ? (
          <Empty description={t('admin.dashboard.loadFailed')} />
        ) : (
          <StatisticCard.Group direction={narrow ? 'column' : 'row'} loading={!dashboard.value}>
            {/* The group lays out its direct children: the cards and dividers are listed, not wrapped. */}
            <StatisticCard statistic={{ title: t(users.titleId, users.values), value: users.value }} />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard statistic={{ title: t(today.titleId, today.values), value: today.value }} />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard statistic={{ title: t(recent.titleId, recent.values), value: recent.value }} />
          </StatisticCard.Group>
        )}
      </ProCard>

      <ProCard
        title={t('admin.dashboard.recentContests', { days: TIMINGS.dashboardRecentContestDays })}
        extra={
          contests.value &&
          t('admin.dashboard.contestStatusCounts', {
            running: statusCounts.running,
            scheduled: statusCounts.scheduled,
            ended: statusCounts.ended,
          })
        }
        bordered
        headerBordered
        style={{ marginBottom: 16 }}
      >
        <Table<RecentContestInfo>
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          loading={!contests.value && !contests.failed}
          dataSource={contests.value ?? []}
          pagination={false}
          locale={{ emptyText: t(contests.failed ? 'admin.dashboard.loadFailed' : 'admin.dashboard.noRecentContests') }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            { title: t('admin.dashboard.contestTitle'), dataIndex: 'title' },
            {
              title: t('admin.dashboard.contestStatus'),
              dataIndex: 'status',
              width: 110,
              render: (_v, c) => {
                const tag = contestStatusTag(c.status);
                return <Tag color={tag.color}>{t(tag.id)}</Tag>;
              },
            },
            {
              title: t('admin.dashboard.startTime'),
              dataIndex: 'startTime',
              width: 200,
              render: (v: string) => formatDateTime(v),
            },
            { title: t('admin.dashboard.endTime'), dataIndex: 'endTime', width: 200, render: (v: string) => formatDateTime(v) },
            { title: t('admin.dashboard.registered'), dataIndex: 'count', width: 100 },
          ]}
        />
      </ProCard>
      <ProCard title={t('admin.dashboard.serverHealth')} bordered headerBordered style={{ marginBottom: 16 }}>
        {service.failed ? (
          <Empty description={t('admin.dashboard.loadFailed')} />
        ) : (
          <StatisticCard.Group direction={narrow ? 'column' : 'row'} loading={!info}>
            <StatisticCard statistic={{ title: t('admin.dashboard.cpuCores'), value: info?.cpuCores ?? '-' }} />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard
              statistic={{ title: t('admin.dashboard.cpuUsage'), value: `${info?.cpuPercent ?? 0}%` }}
              chart={<Progress percent={info?.cpuPercent ?? 0} showInfo={false} />}
            />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard
              statistic={{ title: t('admin.dashboard.memoryUsage'), value: `${info?.memoryPercent ?? 0}%` }}
              chart={<Progress percent={info?.memoryPercent ?? 0} showInfo={false} />}
            />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard statistic={{ title: t('admin.dashboard.judgeServers'), value: judges.value?.length ?? '-' }} />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard statistic={{ title: t(backlog.titleId), value: backlog.value }} data-testid="dashboard-judge-backlog" />
            <StatisticCard.Divider type={narrow ? 'horizontal' : 'vertical'} />
            <StatisticCard statistic={{ title: t(drain.titleId), value: drain.value }} data-testid="dashboard-judge-drain" />
          </StatisticCard.Group>
        )}
        {info && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('admin.dashboard.hostname')}>{info.hostname}</Descriptions.Item>
            <Descriptions.Item label={t('admin.dashboard.nodeVersion')}>{info.nodeVersion}</Descriptions.Item>
            <Descriptions.Item label={t('admin.dashboard.uptime')}>
              {t('admin.dashboard.uptimeValue', {
                hours: Math.floor(info.uptimeSec / 3600),
                minutes: Math.floor((info.uptimeSec % 3600) / 60),
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.dashboard.totalMemory')}>{formatMemoryKb(info.totalMemoryBytes / 1024)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.dashboard.processMemory')}>{formatMemoryKb(info.processRssBytes / 1024)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.dashboard.env')}>{info.env}</Descriptions.Item>
          </Descriptions>
        )}
        {info?.replicas && <ReplicaHealth info={info} />}
      </ProCard>

      <ProCard title={t('admin.dashboard.judgeServers')} bordered headerBordered style={{ marginBottom: 16 }}>
        <Table<JudgeServiceInfo>
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey={(r) => `${r.hostname}-${r.pid}`}
          loading={!judges.value && !judges.failed}
          dataSource={judges.value ?? []}
          pagination={false}
          locale={{ emptyText: t('admin.dashboard.noJudgeServers') }}
          columns={[
            { title: t('admin.dashboard.judgeName'), key: 'judgeName', render: (_, r) => r.service.metadata.judgeName },
            { title: t('admin.dashboard.hostname'), dataIndex: 'hostname' },
            {
              title: t('admin.dashboard.port'),
              key: 'port',
              width: 90,
              render: (_, r) => r.service.port || '-',
            },
            {
              title: t('admin.dashboard.health'),
              key: 'health',
              width: 100,
              render: (_, r) =>
                r.service.metadata['nacos.healthy'] === 'true' ? (
                  <Tag color="green" data-testid="judge-health" data-healthy="true">
                    {t('admin.dashboard.healthy')}
                  </Tag>
                ) : (
                  <Tag color="orange" data-testid="judge-health" data-healthy="false">
                    {t('admin.dashboard.unhealthy')}
                  </Tag>
                ),
            },
            { title: t('admin.dashboard.concurrency'), dataIndex: 'concurrency', width: 120 },
            { title: 'cgroup', dataIndex: 'cgroup', width: 100, render: (v: string) => <Tag>{v}</Tag> },
            {
              title: t('admin.dashboard.languages'),
              dataIndex: 'languages',
              render: (langs: JudgeServiceInfo['languages']) => langs.map((l) => l.name).join(', '),
            },
            {
              title: t('admin.dashboard.lastHeartbeat'),
              dataIndex: 'lastHeartbeat',
              width: 200,
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </ProCard>

      <ProCard
        title={t('admin.dashboard.acRank', { days: TIMINGS.recentAcRankDays, size: TIMINGS.recentAcRankSize })}
        bordered
        headerBordered
        style={{ marginBottom: 16 }}
      >
        <Table<RecentAcRankRow>
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="uid"
          loading={!acRank.value && !acRank.failed}
          dataSource={acRank.value ?? []}
          pagination={false}
          locale={{ emptyText: t('admin.dashboard.noAcRank') }}
          columns={[
            { title: '#', width: 60, render: (_v, _r, i) => i + 1 },
            { title: t('admin.dashboard.username'), dataIndex: 'username' },
            { title: t('admin.dashboard.acCount'), dataIndex: 'ac', width: 120 },
          ]}
        />
        {!!acRank.value?.length && (
          <Suspense fallback={null}>
            <AcRankChart rows={acRank.value} />
          </Suspense>
        )}
      </ProCard>

      <Suspense fallback={null}>
        <SubmissionChart />
      </Suspense>

      <TopGroupsCard />

      <ProCard title={t('admin.dashboard.account')} bordered headerBordered>
        <Descriptions column={1}>
          <Descriptions.Item label={t('admin.dashboard.username')}>{user?.username}</Descriptions.Item>
          <Descriptions.Item label={t('admin.dashboard.roles')}>{roleNames.join(', ')}</Descriptions.Item>
        </Descriptions>
        <Table<LoginSessionInfo>
          scroll={{ x: 'max-content' }}
          size="small"
          rowKey="id"
          title={() => t('admin.dashboard.sessions')}
          loading={!sessions.value && !sessions.failed}
          dataSource={sessions.value ?? []}
          pagination={false}
          locale={{ emptyText: t(sessions.failed ? 'admin.dashboard.loadFailed' : 'admin.dashboard.noSessions') }}
          columns={[
            {
              title: t('admin.dashboard.loginTime'),
              dataIndex: 'gmtCreate',
              width: 200,
              render: (v: string) => formatDateTime(v),
            },
            { title: t('admin.dashboard.loginIp'), dataIndex: 'ip', width: 180 },
            { title: t('admin.dashboard.userAgent'), dataIndex: 'userAgent' },
          ]}
        />
      </ProCard>
    </PageContainer>
  );
}
