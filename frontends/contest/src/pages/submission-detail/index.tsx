/** /contest/:contestId/submission/:submitId: verdict, figures and (when the server allows) the code. */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams, Link } from 'react-router-dom';
import { Card, Descriptions, Spin } from 'antd';
import { SubmissionDetail } from '@oj/contracts';
import { JudgeStatusTag, formatDateTime, formatLength, formatMemoryKb, formatTimeMs, BackToList, NotFoundResult, UserName } from '@oj/kit';
import { getSubmissionDetail } from '../../api/contest';

export function ContestSubmissionDetailPage() {
  const { submitId = '' } = useParams();
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    getSubmissionDetail(Number(submitId))
      .then((d) => alive && setDetail(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [submitId]);
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="contest.submission.notFound" />}
        back={
          <Link to="../submission">
            <BackToList />
          </Link>
        }
      />
    );
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  const s = detail.submission;
  return (
    <Card data-testid="contest-submission-detail">
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.runId" />}>{s.submitId}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.status" />}>
          <JudgeStatusTag status={s.status} />
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.author" />}>
          <UserName username={s.username} />
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.time" />}>{formatTimeMs(s.time)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.memory" />}>{formatMemoryKb(s.memory)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.length" />}>{formatLength(s.length)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.language" />}>{s.language}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.submitTime" />}>
          {formatDateTime(s.submitTime)}
        </Descriptions.Item>
      </Descriptions>
      {s.errorMessage && <pre style={{ whiteSpace: 'pre-wrap', background: '#fff7e6', padding: 8 }}>{s.errorMessage}</pre>}
      {s.code && <pre style={{ whiteSpace: 'pre-wrap', background: '#f6f8fa', padding: 8 }}>{s.code}</pre>}
    </Card>
  );
}
