/** /training/:tid/rank: users by problems solved, then total run time, with each problem's state (HOJ TrainingRankVO). */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, Input, Table, Tooltip } from 'antd';
import { JudgeStatus, Page, TrainingProblemRow, TrainingRankCell, TrainingRankRow } from '@oj/contracts';
import { getTrainingProblems, getTrainingRank } from '../../api/training';
import { useTraining } from './context';
import { UserName } from '@oj/kit';

const PAGE_SIZE = 30;

function Cell({ cell }: { cell?: TrainingRankCell }) {
  const intl = useIntl();
  if (!cell) return null;
  const color = cell.isAC ? '#52c41a' : cell.status === JudgeStatus.PartialAccepted ? '#faad14' : '#ff4d4f';
  return (
    <Tooltip title={intl.formatMessage({ id: 'problems.training.tries' }, { n: cell.tries })}>
      <span style={{ color, fontWeight: 600 }} data-ac={cell.isAC}>
        {cell.isAC ? `${cell.runTime ?? 0}ms` : `-${cell.tries}`}
      </span>
    </Tooltip>
  );
}

export function TrainingRankPage() {
  const intl = useIntl();
  const { tid } = useTraining();
  const [problems, setProblems] = useState<TrainingProblemRow[]>([]);
  const [page, setPage] = useState<Page<TrainingRankRow> | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    getTrainingProblems(tid)
      .then(setProblems)
      .catch(() => setProblems([]));
  }, [tid]);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    getTrainingRank({ tid, currentPage, limit: PAGE_SIZE, keyword: keyword || undefined })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [tid, currentPage, keyword]);

  return (
    <Card data-testid="training-rank">
      <Input.Search
        allowClear
        placeholder={intl.formatMessage({ id: 'problems.training.rankSearch' })}
        onSearch={(v) => {
          setCurrentPage(1);
          setKeyword(v.trim());
        }}
        style={{ width: 260, marginBottom: 16 }}
      />
      <Table<TrainingRankRow>
        rowKey="uid"
        size="small"
        scroll={{ x: true }}
        loading={loading}
        dataSource={page?.records ?? []}
        onRow={(r) => ({ 'data-testid': `training-rank-row-${r.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: currentPage,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          onChange: setCurrentPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '#', dataIndex: 'rank', width: 60, fixed: 'left' },
          {
            title: <FormattedMessage id="problems.rank.user" />,
            dataIndex: 'username',
            fixed: 'left',
            render: (u: string) => <UserName username={u} />,
          },
          { title: <FormattedMessage id="problems.rank.nickname" />, dataIndex: 'nickname', responsive: ['md'] },
          {
            title: <FormattedMessage id="problems.rank.solved" />,
            dataIndex: 'ac',
            render: (ac: number) => <span data-testid="training-rank-ac">{ac}</span>,
          },
          { title: <FormattedMessage id="problems.training.totalRunTime" />, dataIndex: 'totalRunTime', render: (t: number) => `${t}ms` },
          ...problems.map((p) => ({
            title: <Tooltip title={p.title}>{p.problemId}</Tooltip>,
            key: `p-${p.problemId}`,
            align: 'center' as const,
            render: (_v: unknown, r: TrainingRankRow) => <Cell cell={r.submissionInfo[p.problemId]} />,
          })),
        ]}
      />
    </Card>
  );
}
