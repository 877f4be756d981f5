/** /contest/:contestId/rejudge (super admin): send every judged submission of a problem back to the judge. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, Popconfirm, Result, Table } from 'antd';
import { ContestProblemItem } from '@oj/contracts';
import { rejudgeContestProblem } from '../../api/contest';
import { useContest } from '../contest-detail/context';
import { useContestProblems } from '../problems/use-contest-problems';

export function ContestRejudgePage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { cid, isRoot } = useContest();
  const { problems } = useContestProblems(cid, isRoot);
  const [busy, setBusy] = useState<number | null>(null);
  if (!isRoot) return <Result status="403" title={<FormattedMessage id="contest.rejudge.rootOnly" />} />;
  const rejudge = async (p: ContestProblemItem) => {
    setBusy(p.id);
    try {
      const answer = (await rejudgeContestProblem(cid, p.pid)) as { count?: number } | null;
      message.success(intl.formatMessage({ id: 'contest.rejudge.done' }, { n: answer?.count ?? 0 }));
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card data-testid="contest-rejudge" title={<FormattedMessage id="contest.menu.rejudge" />}>
      <Table<ContestProblemItem>
        rowKey="id"
        size="small"
        loading={!problems}
        dataSource={problems ?? []}
        pagination={false}
        columns={[
          { title: <FormattedMessage id="contest.problems.displayId" />, dataIndex: 'displayId' },
          { title: <FormattedMessage id="contest.problems.title" />, dataIndex: 'displayTitle' },
          { title: <FormattedMessage id="contest.problems.total" />, dataIndex: 'total' },
          {
            title: <FormattedMessage id="contest.rejudge.option" />,
            key: 'op',
            render: (_: unknown, p) => (
              <Popconfirm title={intl.formatMessage({ id: 'contest.rejudge.confirm' }, { id: p.displayId })} onConfirm={() => rejudge(p)}>
                <Button danger size="small" loading={busy === p.id}>
                  <FormattedMessage id="contest.rejudge.button" />
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
