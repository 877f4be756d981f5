/**
 * A waiting submission's place in the judge queue and its estimated wait (issue 38); nothing once it is taken. In the
 * kit: the practice status pages and the contest's submissions show it alike.
 */
import { FormattedMessage } from 'react-intl';
import { Typography } from 'antd';
import { JudgeStatus, QueueEstimate } from '@oj/contracts';

export function QueuePlace({ status, queuePosition, queueWaitSeconds }: { status: number } & Partial<QueueEstimate>) {
  if (status !== JudgeStatus.Pending || queuePosition == null) return null;
  return (
    <Typography.Text type="secondary" data-testid="queue-place" data-position={queuePosition} style={{ whiteSpace: 'nowrap' }}>
      {queueWaitSeconds == null ? (
        // Nothing was judged lately: no rate to estimate from, so only the place.
        <FormattedMessage id="kit.queue.place" values={{ position: queuePosition }} />
      ) : (
        <FormattedMessage id="kit.queue.placeAndWait" values={{ position: queuePosition, seconds: queueWaitSeconds }} />
      )}
    </Typography.Text>
  );
}
