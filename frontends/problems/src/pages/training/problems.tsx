/** /training/:tid/problem: the training's problems in order, with counts inside it and the caller's state. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { Alert, Card, Table, Tooltip } from 'antd';
import { JudgeStatus, TrainingProblemRow } from '@oj/contracts';
import { getTrainingProblems } from '../../api/training';
import { DifficultyTag } from '../../components/difficulty-tag';
import { StatusIcon } from '../../components/status-icon';
import { useTraining } from './context';

export function TrainingProblemsPage() {
  const { tid } = useTraining();
  const intl = useIntl();
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
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={<FormattedMessage id="problems.training.progressRule" />} />
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
                {r.myStatus?.status !== JudgeStatus.Accepted && r.solvedElsewhere && (
                  <Tooltip title={intl.formatMessage({ id: 'problems.training.solvedElsewhere' })}>
                    <CheckOutlined style={{ color: '#bfbfbf' }} data-testid="solved-elsewhere" />
                  </Tooltip>
                )}
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
