/** /exam: exams with status and a countdown on each row (the contest's clock), searchable by title and status. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Input, List, Select, Space, Typography } from 'antd';
import { ContestStatus, DEFAULT_PAGE_SIZE, Page, contestStatusAt } from '@oj/contracts';
import { formatDateTime, useAuth } from '@oj/kit';
import { AuthTag, CountdownText, HumanDuration, StatusTag, contestCountdown, serverOffsetMs, useServerNow } from 'contest/clock';
import { ExamInfo, ExamListQuery, getExamList } from '../../api/exam';
import { LoginFirst } from '../exam-detail';

const STATUS_IDS: Record<string, string> = { '-1': 'exam.status.scheduled', '0': 'exam.status.running', '1': 'exam.status.ended' };

export function ExamListPage() {
  const intl = useIntl();
  const { isLoggedIn } = useAuth();
  const [query, setQuery] = useState<ExamListQuery>({ currentPage: 1, limit: DEFAULT_PAGE_SIZE });
  const [page, setPage] = useState<Page<ExamInfo> | null>(null);
  const [offset, setOffset] = useState(0);
  const [loading, setLoading] = useState(false);
  const now = useServerNow(offset);

  useEffect(() => {
    if (!isLoggedIn) return;
    let alive = true;
    setLoading(true);
    getExamList(query)
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
  }, [query, isLoggedIn]);

  if (!isLoggedIn) return <LoginFirst />;
  const set = (patch: Partial<ExamListQuery>) => setQuery((q) => ({ ...q, ...patch, currentPage: 1 }));
  return (
    <Card title={<FormattedMessage id="exam.list.title" />} data-testid="exam-list" size="small">
      <Space wrap style={{ marginBottom: 12, width: '100%' }}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'exam.list.status' })}
          onChange={(status?: ContestStatus) => set({ status })}
          options={Object.values(ContestStatus).map((v) => ({ value: v, label: intl.formatMessage({ id: STATUS_IDS[String(v)] }) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 'min(220px, 80vw)' }}
          placeholder={intl.formatMessage({ id: 'exam.list.keyword' })}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
      </Space>
      <List<ExamInfo>
        loading={loading}
        dataSource={page?.records ?? []}
        pagination={{
          current: query.currentPage,
          pageSize: query.limit,
          total: page?.total ?? 0,
          size: 'small',
          onChange: (currentPage, limit) => setQuery((q) => ({ ...q, currentPage, limit })),
        }}
        renderItem={(e) => (
          <List.Item data-testid="exam-row" data-eid={e.id}>
            <List.Item.Meta
              title={
                <Link to={`/${e.id}`} data-testid="exam-link" style={{ wordBreak: 'break-word' }}>
                  {e.title}
                </Link>
              }
              description={
                <Space wrap size={[8, 4]}>
                  <StatusTag status={contestStatusAt(e.startTime, e.endTime, new Date(now))} />
                  <AuthTag auth={e.auth} />
                  <Typography.Text type="secondary">{formatDateTime(e.startTime)}</Typography.Text>
                  <Typography.Text type="secondary">
                    <HumanDuration seconds={e.duration} />
                  </Typography.Text>
                  <CountdownText countdown={contestCountdown(e, now)} startTime={e.startTime} />
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
