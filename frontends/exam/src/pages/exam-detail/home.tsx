/** /exam/:examId: the description, times and rules of the exam, and the password form. */
import { FormattedMessage } from 'react-intl';
import { Card, Descriptions } from 'antd';
import { formatDateTime, LazyMarkdown } from '@oj/kit';
import { HumanDuration, showPasswordForm } from 'contest/clock';
import { useExam } from './context';
import { PasswordForm } from './password-form';

export function ExamHome() {
  const { info, viewer } = useExam();
  return (
    <>
      {showPasswordForm(info.auth, viewer) && <PasswordForm />}
      <Card size="small" data-testid="exam-home">
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={<FormattedMessage id="exam.home.startTime" />}>{formatDateTime(info.startTime)}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="exam.home.endTime" />}>{formatDateTime(info.endTime)}</Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="exam.home.duration" />}>
            <HumanDuration seconds={info.duration} />
          </Descriptions.Item>
          <Descriptions.Item label={<FormattedMessage id="exam.home.author" />}>{info.author}</Descriptions.Item>
        </Descriptions>
        <LazyMarkdown source={info.description} breaks />
      </Card>
    </>
  );
}
