/** /contest/:contestId: the description, times and rules of the contest, and the password form. */
import { FormattedMessage } from 'react-intl';
import { Card, Descriptions } from 'antd';
import { ContestType } from '@oj/contracts';
import { formatDateTime, LazyMarkdown } from '@oj/kit';
import { useHumanDuration } from '../../components/contest-countdown';
import { showPasswordForm } from '../../lib/rules';
import { useContest } from './context';
import { PasswordForm } from './password-form';
import { VirtualCard } from './virtual';

export function ContestOverview() {
  const { info, viewer } = useContest();
  const human = useHumanDuration();
  return (
    <>
      {showPasswordForm(info.auth, viewer) && <PasswordForm />}
      <VirtualCard />
      <Card data-testid="contest-overview">
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={<FormattedMessage id="contest.overview.startTime" />}>
            {formatDateTime(info.startTime)}
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="contest.overview.endTime" />}>{formatDateTime(info.endTime)}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="contest.overview.duration" />}>{human(info.duration)}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="contest.overview.author" />}>{info.author}</Descriptions.Item>
          {info.type === ContestType.OI && (
            <Descriptions.Item label={<FormattedMessage id="contest.overview.oiScoreType" />}>
              <FormattedMessage id={`contest.oiScoreType.${info.oiRankScoreType}`} />
            </Descriptions.Item>
          )}
        </Descriptions>
        <LazyMarkdown source={info.description} breaks />
      </Card>
    </>
  );
}
