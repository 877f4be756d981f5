import { FormattedMessage } from 'react-intl';
import { Table } from 'antd';
import { JudgeCaseInfo } from '@oj/contracts';
import { JudgeStatusTag, formatMemoryKb, formatTimeMs } from '@oj/kit';

/** The per-test-case results of a submission. */
export function CaseTable({ cases }: { cases: JudgeCaseInfo[] }) {
  return (
    <Table<JudgeCaseInfo>
      size="small"
      data-testid="case-table"
      rowKey={(c, i) => String(c.caseId ?? i)}
      pagination={false}
      dataSource={cases}
      columns={[
        { title: '#', key: 'n', width: 50, render: (_v, _c, i) => i + 1 },
        {
          title: <FormattedMessage id="problems.result.status" />,
          dataIndex: 'status',
          render: (s: number) => <JudgeStatusTag status={s} />,
        },
        { title: <FormattedMessage id="problems.result.time" />, dataIndex: 'time', render: (t?: number) => formatTimeMs(t) },
        { title: <FormattedMessage id="problems.result.memory" />, dataIndex: 'memory', render: (m?: number) => formatMemoryKb(m) },
        { title: <FormattedMessage id="problems.result.score" />, dataIndex: 'score', render: (s?: number | null) => s ?? '--' },
      ]}
    />
  );
}
