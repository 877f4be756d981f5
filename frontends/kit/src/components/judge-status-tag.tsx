import { Tag } from 'antd';
import { FormattedMessage } from 'react-intl';
import { JudgeStatus } from '@oj/contracts';

const COLORS: Partial<Record<number, string>> = {
  [JudgeStatus.Accepted]: 'success',
  [JudgeStatus.WrongAnswer]: 'error',
  [JudgeStatus.CompileError]: 'warning',
  [JudgeStatus.PresentationError]: 'orange',
  [JudgeStatus.TimeLimitExceeded]: 'volcano',
  [JudgeStatus.MemoryLimitExceeded]: 'volcano',
  [JudgeStatus.RuntimeError]: 'magenta',
  [JudgeStatus.SystemError]: 'default',
  [JudgeStatus.PartialAccepted]: 'gold',
  [JudgeStatus.Pending]: 'processing',
  [JudgeStatus.Compiling]: 'processing',
  [JudgeStatus.Judging]: 'processing',
  [JudgeStatus.Submitting]: 'processing',
};

export function judgeStatusColor(status: number): string {
  return COLORS[status] ?? 'default';
}

/** A submission result code (product §4) as a coloured, translated tag. */
export function JudgeStatusTag({ status }: { status: number }) {
  return (
    <Tag color={judgeStatusColor(status)} data-status={status}>
      <FormattedMessage id={`kit.judgeStatus.${status}`} />
    </Tag>
  );
}
