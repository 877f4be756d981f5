/** /contest/:contestId/problem: display id, title, balloon colour, accepted and total counts. */
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Table } from 'antd';
import { ContestProblemItem } from '@oj/contracts';
import { useContest } from '../contest-detail/context';
import { useContestProblems } from './use-contest-problems';

export function ContestProblemsPage() {
  const { cid, status } = useContest();
  const { problems } = useContestProblems(cid, true, status);
  return (
    <Card data-testid="contest-problems">
      <Table<ContestProblemItem>
        rowKey="id"
        size="middle"
        loading={!problems}
        dataSource={problems ?? []}
        pagination={false}
        columns={[
          {
            title: <FormattedMessage id="contest.problems.displayId" />,
            dataIndex: 'displayId',
            width: 100,
            render: (v: string, p) => (
              <span>
                {p.color && (
                  <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: p.color, marginRight: 6 }} />
                )}
                {v}
              </span>
            ),
          },
          {
            title: <FormattedMessage id="contest.problems.title" />,
            dataIndex: 'displayTitle',
            render: (v: string, p) => (
              <Link to={`/${cid}/problem/${encodeURIComponent(p.displayId)}`} data-testid="contest-problem-link">
                {v}
              </Link>
            ),
          },
          { title: <FormattedMessage id="contest.problems.ac" />, dataIndex: 'ac', width: 100 },
          { title: <FormattedMessage id="contest.problems.total" />, dataIndex: 'total', width: 100 },
        ]}
      />
    </Card>
  );
}
