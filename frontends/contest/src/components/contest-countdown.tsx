/** The countdown of product §4: a clock to the start or the end, "Start At" + a humanised time when far away. */
import { FormattedMessage, useIntl } from 'react-intl';
import { Typography } from 'antd';
import { formatClock, formatDateTime } from '@oj/kit';
import { Countdown, durationParts } from '../lib/clock';

export function useHumanDuration() {
  const intl = useIntl();
  return (seconds: number) => {
    const p = durationParts(seconds);
    const parts: string[] = [];
    if (p.days) parts.push(intl.formatMessage({ id: 'contest.duration.days' }, { n: p.days }));
    if (p.hours) parts.push(intl.formatMessage({ id: 'contest.duration.hours' }, { n: p.hours }));
    if (p.minutes) parts.push(intl.formatMessage({ id: 'contest.duration.minutes' }, { n: p.minutes }));
    if (p.seconds || !parts.length) parts.push(intl.formatMessage({ id: 'contest.duration.seconds' }, { n: p.seconds }));
    return parts.join(' ');
  };
}

export function ContestCountdown({
  countdown,
  startTime,
  testId = 'contest-countdown',
}: {
  countdown: Countdown;
  startTime: string;
  /** another clock on the same page (a virtual run's) takes its own */
  testId?: string;
}) {
  const human = useHumanDuration();
  let text;
  if (countdown.kind === 'startAt')
    text = (
      <FormattedMessage id="contest.countdown.startAt" values={{ time: formatDateTime(startTime), after: human(countdown.seconds) }} />
    );
  else if (countdown.kind === 'toStart')
    text = <FormattedMessage id="contest.countdown.toStart" values={{ clock: formatClock(countdown.seconds) }} />;
  else if (countdown.kind === 'toEnd')
    text = <FormattedMessage id="contest.countdown.toEnd" values={{ clock: formatClock(countdown.seconds) }} />;
  else text = <FormattedMessage id="contest.countdown.ended" />;
  return (
    <Typography.Text strong data-testid={testId} data-kind={countdown.kind}>
      {text}
    </Typography.Text>
  );
}
