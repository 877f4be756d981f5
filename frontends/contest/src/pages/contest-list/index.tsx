/** /contest: contests with status, type and auth filters, and a countdown on each row. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Input, List, Select, Space, Typography } from 'antd';
import {
  ContestAuth,
  ContestInfo,
  ContestListQuery,
  ContestStatus,
  ContestType,
  DEFAULT_PAGE_SIZE,
  Page,
  outsideBoardVisible,
} from '@oj/contracts';
import { formatDateTime, useAuth } from '@oj/kit';
import { isContestAdmin } from '../../lib/rules';
import { ContestAuthTag, ContestStatusTag, ContestTypeTag, authId, statusId, typeId } from '../../components/contest-tags';
import { ContestCountdown, useHumanDuration } from '../../components/contest-countdown';
import { getContestList } from '../../api/contest';
import { contestCountdown, serverOffsetMs, useServerNow } from '../../lib/clock';
import { contestStatusAt } from '@oj/contracts';

export function ContestListPage() {
  const intl = useIntl();
  const human = useHumanDuration();
  const { user, isRoot } = useAuth();
  const [query, setQuery] = useState<ContestListQuery>({ currentPage: 1, limit: DEFAULT_PAGE_SIZE });
  const [page, setPage] = useState<Page<ContestInfo> | null>(null);
  const [offset, setOffset] = useState(0);
  const [loading, setLoading] = useState(false);
  const now = useServerNow(offset);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    getContestList(query)
      .then((p) => {
        if (!alive) return;
        setPage(p);
        if (p.records[0]) setOffset(serverOffsetMs(p.records[0].now, Date.now()));
      })
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [query]);

  const set = (patch: Partial<ContestListQuery>) => setQuery((q) => ({ ...q, ...patch, currentPage: 1 }));
  const option = <T extends number>(values: T[], id: (v: T) => string) =>
    values.map((v) => ({ value: v, label: intl.formatMessage({ id: id(v) }) }));

  return (
    <Card title={<FormattedMessage id="contest.list.title" />} data-testid="contest-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'contest.list.status' })}
          onChange={(status?: ContestStatus) => set({ status })}
          options={option(Object.values(ContestStatus) as ContestStatus[], statusId)}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'contest.list.type' })}
          onChange={(type?: ContestType) => set({ type })}
          options={option(Object.values(ContestType) as ContestType[], typeId)}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'contest.list.auth' })}
          onChange={(auth?: ContestAuth) => set({ auth })}
          options={option(Object.values(ContestAuth) as ContestAuth[], authId)}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={intl.formatMessage({ id: 'contest.list.keyword' })}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
      </Space>
      <List<ContestInfo>
        loading={loading}
        dataSource={page?.records ?? []}
        pagination={{
          current: query.currentPage,
          pageSize: query.limit,
          total: page?.total ?? 0,
          onChange: (currentPage, limit) => setQuery((q) => ({ ...q, currentPage, limit })),
        }}
        renderItem={(c) => (
          <List.Item data-testid="contest-row" data-cid={c.id}>
            <List.Item.Meta
              title={
                <Link to={`/${c.id}`} data-testid="contest-link">
                  {c.title}
                </Link>
              }
              description={
                <Space wrap>
                  <ContestStatusTag status={contestStatusAt(c.startTime, c.endTime, new Date(now))} />
                  <ContestTypeTag type={c.type} />
                  <ContestAuthTag auth={c.auth} />
                  <Typography.Text type="secondary">{formatDateTime(c.startTime)}</Typography.Text>
                  <Typography.Text type="secondary">{human(c.duration)}</Typography.Text>
                  <ContestCountdown countdown={contestCountdown(c, now)} startTime={c.startTime} />
                  {/* a private contest's board is its admins' and entrants' (the list knows only the admins) */}
                  {outsideBoardVisible(c.auth, isContestAdmin(user, isRoot, c.uid)) && (
                    <Link to={`/${c.type === ContestType.OI ? 'oi' : 'acm'}-scoreboard/${c.id}`} data-testid="contest-outside-board">
                      <FormattedMessage id="contest.list.scoreboard" />
                    </Link>
                  )}
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
