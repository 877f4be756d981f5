import { FormattedMessage } from 'react-intl';
import { Table } from 'antd';
import { JudgeCaseInfo, JudgeStatus, SubtaskResult } from '@oj/contracts';
import { JudgeStatusTag, formatMemoryKb, formatTimeMs } from '@oj/kit';

/**
 * Whether the per-case points mean anything (issue #21: no "score 0" on ACM problems). The backend stores points
 * only for a problem scored by points (OI): every case of such a submission has a number, 0 for a failed case, and
 * an ACM problem's cases have none (null). So a case list with any number is an OI one, even when all are 0 (a
 * Wrong Answer on every case still shows its zeros). `problemScores` wins when the page knows the problem's type.
 */
export function casesScored(cases: JudgeCaseInfo[], problemScores?: boolean, status?: number): boolean {
  if (problemScores !== undefined) return problemScores;
  return status === JudgeStatus.PartialAccepted || cases.some((c) => c.score != null);
}

/**
 * The per-test-case results of a submission; the points column only where the problem scores, the group
 * column only where cases have groups. Cases an early stop skipped are absent, so rows show their case number.
 */
export function CaseTable({ cases, scored }: { cases: JudgeCaseInfo[]; scored: boolean }) {
  const grouped = cases.some((c) => c.groupNum != null);
  return (
    <Table<JudgeCaseInfo>
      size="small"
      data-testid="case-table"
      rowKey={(c, i) => String(c.caseId ?? i)}
      pagination={false}
      dataSource={cases}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '#', key: 'n', width: 50, render: (_v, c, i) => c.caseId ?? i + 1 },
        ...(grouped
          ? [{ title: <FormattedMessage id="problems.result.group" />, dataIndex: 'groupNum', render: (g?: number | null) => g ?? '-' }]
          : []),
        {
          title: <FormattedMessage id="problems.result.status" />,
          dataIndex: 'status',
          render: (s: number) => <JudgeStatusTag status={s} />,
        },
        { title: <FormattedMessage id="problems.result.time" />, dataIndex: 'time', render: (t?: number) => formatTimeMs(t) },
        { title: <FormattedMessage id="problems.result.memory" />, dataIndex: 'memory', render: (m?: number) => formatMemoryKb(m) },
        ...(scored
          ? [{ title: <FormattedMessage id="problems.result.score" />, dataIndex: 'score', render: (s?: number | null) => s ?? 0 }]
          : []),
      ]}
    />
  );
}

const RULE_IDS: Record<SubtaskResult['rule'], string> = {
  all: 'problems.result.groupRuleAll',
  min: 'problems.result.groupRuleMin',
  sum: 'problems.result.groupRuleSum',
};

/** The groups (subtasks) of a submission: each group's rule, points out of its score, verdict and cases judged. */
export function SubtaskTable({ subtasks }: { subtasks: SubtaskResult[] }) {
  return (
    <Table<SubtaskResult>
      size="small"
      data-testid="subtask-table"
      rowKey={(g) => String(g.groupNum)}
      pagination={false}
      dataSource={subtasks}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: <FormattedMessage id="problems.result.group" />, dataIndex: 'groupNum' },
        {
          title: <FormattedMessage id="problems.result.groupRule" />,
          dataIndex: 'rule',
          render: (rule: SubtaskResult['rule']) => <FormattedMessage id={RULE_IDS[rule]} />,
        },
        {
          title: <FormattedMessage id="problems.result.status" />,
          dataIndex: 'status',
          render: (s: number) => <JudgeStatusTag status={s} />,
        },
        {
          title: <FormattedMessage id="problems.result.score" />,
          key: 'score',
          render: (_v, g) => `${g.score} / ${g.fullScore}`,
        },
        {
          title: <FormattedMessage id="problems.result.groupCases" />,
          key: 'cases',
          render: (_v, g) => `${g.judged} / ${g.total}`,
        },
      ]}
    />
  );
}
