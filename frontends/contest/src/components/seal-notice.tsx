/** The notice over a sealed board (product §4, §6): since when it is sealed, and whether this viewer sees it live. */
import { FormattedMessage } from 'react-intl';
import { Alert } from 'antd';
import { ContestSealSettings, contestSealTime, isRankSealedAt } from '@oj/contracts';
import { formatDateTime } from '@oj/kit';

export function SealNotice({ contest, nowMs, isAdmin }: { contest: ContestSealSettings; nowMs: number; isAdmin: boolean }) {
  const sealTime = contestSealTime(contest);
  if (!sealTime || !isRankSealedAt(contest, new Date(nowMs))) return null;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type="warning"
      showIcon
      data-testid="seal-notice"
      message={
        <FormattedMessage
          id={isAdmin ? 'contest.rank.sealNoticeAdmin' : 'contest.rank.sealNotice'}
          values={{ time: formatDateTime(sealTime) }}
        />
      }
    />
  );
}
