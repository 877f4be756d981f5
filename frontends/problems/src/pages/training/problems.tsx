/** /training/:tid/problem: the training's problems in order, with counts inside it and the caller's state. */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Table } from 'antd';
import { TrainingProblemRow } from '@oj/contracts';
import { getTrainingProblems } from '../../api/training';
import { DifficultyTag } from '../../components/difficulty-tag';
import { StatusIcon } from '../../components/status-icon';
import { useTraining } from './context';

export function TrainingProblemsPage() {
  const { tid } = useTraining();
  const [rows, setRows] = useState<TrainingProblemRow[] | null>(null);
  useEffect(() => {
    let alive = true;
    getTrainingProblems(tid)
      .then((r) => alive && setRows(r))
      .catch(() => alive && setRows([]));
    return () => {
      alive = false;
    };
  }, [tid]);
  return (
    <Card data-testid="training-problem-list">
      <Table<TrainingProblemRow>
        rowKey="tpid"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        columns={[
          {
            key: 'status',
            width: 40,
            render: (_v, r) => (
              <span data-testid={`training-problem-status-${r.problemId}`} data-status={r.myStatus?.status ?? ''}>
                <StatusIcon status={r.myStatus?.status} />
              </span>
            ),
          },
          { title: <FormattedMessage id="problems.list.problemId" />, dataIndex: 'problemId', width: 120 },
          {
            title: <FormattedMessage id="problems.list.titleColumn" />,
            dataIndex: 'title',
            render: (title: string, r) => (
              <Link to={`/training/${tid}/problem/${encodeURIComponent(r.problemId)}`} data-testid="training-problem-link">
                {title}
              </Link>
            ),
          },
          {
            title: <FormattedMessage id="problems.list.difficulty" />,
            dataIndex: 'difficulty',
            render: (d: number) => <DifficultyTag level={d} />,
          },
          { title: <FormattedMessage id="problems.list.total" />, dataIndex: 'total' },
          {
            title: <FormattedMessage id="problems.list.acRate" />,
            key: 'rate',
            render: (_v, r) => (r.total ? `${((r.ac / r.total) * 100).toFixed(2)}%` : '0.00%'),
          },
        ]}
      />
    </Card>
  );
}
