/** Small tags of a contest: status, rule type and auth. */
import { FormattedMessage } from 'react-intl';
import { Tag } from 'antd';
import { ContestAuth, ContestStatus, ContestType } from '@oj/contracts';

const STATUS_COLOR: Record<ContestStatus, string> = { [-1]: 'blue', 0: 'green', 1: 'default' } as Record<ContestStatus, string>;
const AUTH_COLOR: Record<ContestAuth, string> = { 0: 'green', 1: 'red', 2: 'orange' } as Record<ContestAuth, string>;

export const statusId = (s: ContestStatus) =>
  s === ContestStatus.Scheduled
    ? 'contest.status.scheduled'
    : s === ContestStatus.Running
      ? 'contest.status.running'
      : 'contest.status.ended';
export const typeId = (t: ContestType) => (t === ContestType.OI ? 'contest.type.oi' : 'contest.type.acm');
export const authId = (a: ContestAuth) =>
  a === ContestAuth.Private ? 'contest.auth.private' : a === ContestAuth.Protected ? 'contest.auth.protected' : 'contest.auth.public';

export function ContestStatusTag({ status }: { status: ContestStatus }) {
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="contest-status" data-status={status}>
      <FormattedMessage id={statusId(status)} />
    </Tag>
  );
}

export function ContestTypeTag({ type }: { type: ContestType }) {
  return (
    <Tag color={type === ContestType.OI ? 'purple' : 'geekblue'}>
      <FormattedMessage id={typeId(type)} />
    </Tag>
  );
}

export function ContestAuthTag({ auth }: { auth: ContestAuth }) {
  return (
    <Tag color={AUTH_COLOR[auth]}>
      <FormattedMessage id={authId(auth)} />
    </Tag>
  );
}
