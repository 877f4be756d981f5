/** /problem: searchable, filterable, paged problem list with the user's status per problem. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Grid, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { DEFAULT_PAGE_SIZE, DIFFICULTY_MAX, DIFFICULTY_MIN, Page, ProblemListItem, ProblemTagInfo, UserProblemStatus } from '@oj/contracts';
import { useAuth } from '@oj/kit';
import { getProblemList, getProblemTags, getRemoteOjs, getRandomProblem, getUserProblemStatus } from '../../api/problems';
import { DifficultyTag, difficultyWord } from '../../components/difficulty-tag';
import { useListQuery } from '../../components/use-list-query';
import { StatusIcon } from '../../components/status-icon';

const LEVELS = Array.from({ length: DIFFICULTY_MAX - DIFFICULTY_MIN + 1 }, (_, i) => DIFFICULTY_MIN + i);

export function ProblemListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  // Below antd's `sm` (576 px) the state icon moves into the title cell: its own 40 px column was an empty first
  // column on a phone (issue 37 item 14). A visitor has no state at all, so no such column either.
  const narrow = Grid.useBreakpoint().sm === false;
  const statusColumn = isLoggedIn && !narrow;
  const { params, update } = useListQuery();
  const currentPage = Number(params.get('currentPage') || 1);
  const limit = Number(params.get('limit') || DEFAULT_PAGE_SIZE * 3);
  const keyword = params.get('keyword') || '';
  const difficulty = params.get('difficulty');
  const tagId = params.get('tagId') || '';
  const oj = params.get('oj') || 'All';

  const [page, setPage] = useState<Page<ProblemListItem> | null>(null);
  const [loading, setLoading] = useState(false);
  const [tags, setTags] = useState<ProblemTagInfo[]>([]);
  const [statuses, setStatuses] = useState<UserProblemStatus>({});
  const [search, setSearch] = useState(keyword);
  const [remoteOjs, setRemoteOjs] = useState<string[]>([]);

  useEffect(() => {
    getRemoteOjs()
      .then(setRemoteOjs)
      .catch(() => setRemoteOjs([]));
  }, []);

  useEffect(() => {
    getProblemTags()
      .then(setTags)
      .catch(() => setTags([]));
  }, []);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    getProblemList({
      currentPage,
      limit,
      keyword: keyword || undefined,
      difficulty: difficulty === null ? undefined : Number(difficulty),
      tagId: tagId ? tagId.split(',').map(Number) : undefined,
      oj: oj === 'All' ? undefined : oj,
    })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [currentPage, limit, keyword, difficulty, tagId, oj]);

  useEffect(() => {
    if (!isLoggedIn || !page?.records.length) return setStatuses({});
    getUserProblemStatus(page.records.map((p) => p.pid))
      .then(setStatuses)
      .catch(() => setStatuses({}));
  }, [isLoggedIn, page]);

  const random = () =>
    getRandomProblem()
      .then((p) => navigate(`/problem/${encodeURIComponent(p.problemId)}`))
      .catch(() => undefined);

  const pct = (p: ProblemListItem) => (p.total ? `${((p.ac / p.total) * 100).toFixed(1)}%` : '0%');

  return (
    <Card title={<FormattedMessage id="problems.list.title" />} data-testid="problem-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() })}
          placeholder={intl.formatMessage({ id: 'problems.list.searchPlaceholder' })}
          style={{ width: 240 }}
          data-testid="problem-search"
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={intl.formatMessage({ id: 'problems.list.difficulty' })}
          value={difficulty === null ? undefined : Number(difficulty)}
          onChange={(v?: number) => update({ difficulty: v === undefined ? undefined : String(v) })}
          options={LEVELS.map((l) => ({ value: l, label: difficultyWord(intl, l) }))}
        />
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={intl.formatMessage({ id: 'problems.list.tags' })}
          value={tagId ? tagId.split(',').map(Number) : []}
          onChange={(v: number[]) => update({ tagId: v.join(',') })}
          options={tags.map((t) => ({ value: t.id, label: t.name }))}
          optionFilterProp="label"
        />
        <Select
          style={{ width: 140 }}
          value={oj}
          onChange={(v: string) => update({ oj: v === 'All' ? undefined : v })}
          options={[
            { value: 'All', label: intl.formatMessage({ id: 'problems.list.sourceAll' }) },
            { value: 'ME', label: intl.formatMessage({ id: 'problems.list.sourceMine' }) },
            ...remoteOjs.map((r) => ({ value: r, label: r })),
          ]}
        />
        <Button onClick={random} data-testid="random-problem">
          <FormattedMessage id="problems.list.random" />
        </Button>
      </Space>
      <Table<ProblemListItem>
        rowKey="pid"
        loading={loading}
        dataSource={page?.records ?? []}
        scroll={{ x: 720 }}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: page?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => update({ currentPage: String(current), limit: String(size) }),
        }}
        columns={[
          ...(statusColumn
            ? [
                {
                  key: 'status',
                  width: 40,
                  render: (_v: unknown, p: ProblemListItem) => <StatusIcon status={statuses[String(p.pid)]?.status} />,
                },
              ]
            : []),
          { title: <FormattedMessage id="problems.list.problemId" />, dataIndex: 'problemId', width: 120 },
          {
            title: <FormattedMessage id="problems.list.titleColumn" />,
            dataIndex: 'title',
            render: (title: string, p) => (
              <Space wrap>
                {isLoggedIn && narrow && <StatusIcon status={statuses[String(p.pid)]?.status} />}
                <Link to={`/problem/${encodeURIComponent(p.problemId)}`}>{title}</Link>
                {(p.tags ?? []).map((t) => (
                  <Tag key={t.id} color={t.color ?? undefined}>
                    {t.name}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: <FormattedMessage id="problems.list.difficulty" />,
            dataIndex: 'difficulty',
            width: 110,
            render: (d: number) => <DifficultyTag level={d} />,
          },
          { title: <FormattedMessage id="problems.list.total" />, dataIndex: 'total', width: 90 },
          {
            title: <FormattedMessage id="problems.list.acRate" />,
            key: 'rate',
            width: 100,
            render: (_v, p) => (
              <Tooltip title={`${p.ac} / ${p.total}`}>
                <span>{pct(p)}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </Card>
  );
}
