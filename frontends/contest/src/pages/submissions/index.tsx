/** /contest/:contestId/submission: the contest's submissions, unfinished ones refreshed until final. */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { ContestSubmissionItem, DEFAULT_PAGE_SIZE, JUDGE_STATUS_NAMES, Page, isFinalJudgeStatus } from '@oj/contracts';
import { JudgeStatusTag, QueuePlace, formatDateTime, formatLength, formatMemoryKb, formatTimeMs, UserName } from '@oj/kit';
import { checkContestSubmissions, getContestSubmissions } from '../../api/contest';
import { useContest } from '../contest-detail/context';
import { contestShowsScores, scoreText } from '../../lib/rules';
import { useContestProblems } from '../problems/use-contest-problems';

export const SUBMISSION_REFRESH_MS = 3000;

export function ContestSubmissionsPage() {
  const intl = useIntl();
  const { cid, info } = useContest();
  const scored = contestShowsScores(info.type);
  const { problems } = useContestProblems(cid);
  const [query, setQuery] = useState({ currentPage: 1, limit: DEFAULT_PAGE_SIZE * 2, onlyMine: false } as {
    currentPage: number;
    limit: number;
    onlyMine: boolean;
    displayId?: string;
    searchStatus?: number;
    searchUsername?: string;
  });
  const [page, setPage] = useState<Page<ContestSubmissionItem> | null>(null);
  const [loading, setLoading] = useState(false);
  const pageRef = useRef(page);
  pageRef.current = page;

  useEffect(() => {
    let alive = true;
    setLoading(true);
    getContestSubmissions({ cid, ...query })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [cid, query]);

  // unfinished rows only: ask for their status until every one is final
  useEffect(() => {
    const timer = setInterval(() => {
      const open = (pageRef.current?.records ?? []).filter((r) => !isFinalJudgeStatus(r.status)).map((r) => r.submitId);
      if (!open.length) return;
      checkContestSubmissions(cid, open)
        .then((map) =>
          setPage((p) => (p ? { ...p, records: p.records.map((r) => (map[r.submitId] ? { ...r, ...map[r.submitId] } : r)) } : p)),
        )
        .catch(() => undefined);
    }, SUBMISSION_REFRESH_MS);
    return () => clearInterval(timer);
  }, [cid]);

  const set = (patch: Partial<typeof query>) => setQuery((q) => ({ ...q, ...patch, currentPage: patch.currentPage ?? 1 }));
  return (
    <Card data-testid="contest-submissions">
      <Space wrap style={{ marginBottom: 16 }}>
        {/* A <label> around both: the text names the switch for screen readers and toggles it when clicked. */}
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
          <Switch checked={query.onlyMine} onChange={(onlyMine) => set({ onlyMine })} />
          <FormattedMessage id="contest.submissions.onlyMine" />
        </label>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'contest.submissions.problem' })}
          value={query.displayId}
          onChange={(displayId?: string) => set({ displayId })}
          options={(problems ?? []).map((p) => ({ value: p.displayId, label: `${p.displayId} ${p.displayTitle}` }))}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={intl.formatMessage({ id: 'contest.submissions.status' })}
          value={query.searchStatus}
          onChange={(searchStatus?: number) => set({ searchStatus })}
          options={Object.keys(JUDGE_STATUS_NAMES).map((code) => ({
            value: Number(code),
            label: intl.formatMessage({ id: `kit.judgeStatus.${code}` }),
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 200 }}
          placeholder={intl.formatMessage({ id: 'contest.submissions.username' })}
          onSearch={(v) => set({ searchUsername: v.trim() || undefined })}
        />
      </Space>
      <Table<ContestSubmissionItem>
        rowKey="submitId"
        size="small"
        loading={loading}
        dataSource={page?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.currentPage,
          pageSize: query.limit,
          total: page?.total ?? 0,
          onChange: (currentPage, limit) => setQuery((q) => ({ ...q, currentPage, limit })),
        }}
        columns={[
          {
            title: <FormattedMessage id="contest.submissions.runId" />,
            dataIndex: 'submitId',
            render: (id: number) => <Link to={`/${cid}/submission/${id}`}>{id}</Link>,
          },
          { title: <FormattedMessage id="contest.submissions.problem" />, dataIndex: 'displayId' },
          {
            title: <FormattedMessage id="contest.submissions.author" />,
            dataIndex: 'username',
            // the caller's own tries in their virtual run are listed with the contest's (issue 35)
            render: (u: string, r: ContestSubmissionItem) => (
              <>
                <UserName username={u} />
                {r.isVirtual && (
                  <Tag style={{ marginLeft: 4 }} color="blue" data-testid="virtual-submission-tag">
                    <FormattedMessage id="contest.rank.virtualTag" />
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: <FormattedMessage id="contest.submissions.status" />,
            dataIndex: 'status',
            // A waiting row tells its place and wait, refreshed with the unfinished rows' status check.
            render: (s: number, r) => (
              <Space size={4} wrap>
                <JudgeStatusTag status={s} />
                <QueuePlace {...r} />
              </Space>
            ),
          },
          ...(scored
            ? [
                {
                  title: <FormattedMessage id="contest.submissions.score" />,
                  dataIndex: 'score',
                  render: (v: number | null, r: ContestSubmissionItem) => (
                    <span data-testid="submission-score" data-submit-id={r.submitId}>
                      {scoreText(r.status, v)}
                    </span>
                  ),
                },
              ]
            : []),
          { title: <FormattedMessage id="contest.submissions.time" />, dataIndex: 'time', render: formatTimeMs },
          { title: <FormattedMessage id="contest.submissions.memory" />, dataIndex: 'memory', render: formatMemoryKb },
          { title: <FormattedMessage id="contest.submissions.length" />, dataIndex: 'length', render: formatLength },
          { title: <FormattedMessage id="contest.submissions.language" />, dataIndex: 'language' },
          { title: <FormattedMessage id="contest.submissions.submitTime" />, dataIndex: 'submitTime', render: formatDateTime },
        ]}
      />
    </Card>
  );
}
