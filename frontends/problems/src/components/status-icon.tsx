import { CheckOutlined, CloseOutlined, MinusOutlined } from '@ant-design/icons';
import { JudgeStatus } from '@oj/contracts';

/** The caller's state on a problem in a list: solved, partly, tried; nothing before a first try. */
export function StatusIcon({ status }: { status?: number }) {
  if (status === undefined || status === JudgeStatus.NotSubmitted) return null;
  if (status === JudgeStatus.Accepted) return <CheckOutlined style={{ color: '#52c41a' }} data-testid="solved" />;
  if (status === JudgeStatus.PartialAccepted) return <MinusOutlined style={{ color: '#faad14' }} />;
  return <CloseOutlined style={{ color: '#ff4d4f' }} />;
}
