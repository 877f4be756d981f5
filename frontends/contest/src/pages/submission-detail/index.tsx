/** /contest/:contestId/submission/:submitId: verdict, score, figures, cases and (when the server allows) the code. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams, Link } from 'react-router-dom';
import { Card, Descriptions, Spin } from 'antd';
import { SubmissionDetail } from '@oj/contracts';
import { JudgeStatusTag, formatDateTime, formatLength, formatMemoryKb, formatTimeMs, BackToList, NotFoundResult, UserName } from '@oj/kit';
import { getSubmissionDetail } from '../../api/contest';

/** The problems remote's case table (its points column for OI submissions, failed cases' zeros included). */
const SubmissionCaseResults = lazy(() => import('problems/case-results'));

export function ContestSubmissionDetailPage() {
  const { submitId = '', contestId = '' } = useParams();
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    getSubmissionDetail(Number(submitId), Number(contestId))
      .then((d) => alive && setDetail(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [submitId, contestId]);
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
        {/* Only a problem scored by points (OI) stores a score; an ACM one's is null and shows none. */}
        {s.score != null && (
          <Descriptions.Item label={<FormattedMessage id="contest.submissions.score" />}>
            <span data-testid="submission-score">{s.score}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.time" />}>{formatTimeMs(s.time)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.memory" />}>{formatMemoryKb(s.memory)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.length" />}>{formatLength(s.length)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.language" />}>{s.language}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="contest.submissions.submitTime" />}>
          {formatDateTime(s.submitTime)}
        </Descriptions.Item>
      </Descriptions>
      {s.errorMessage && <pre style={{ whiteSpace: 'pre-wrap', background: '#fff7e6', padding: 8 }}>{s.errorMessage}</pre>}
      <Suspense fallback={null}>
        <SubmissionCaseResults submitId={s.submitId} status={s.status} cid={Number(contestId)} />
      </Suspense>
      {s.code && <pre style={{ whiteSpace: 'pre-wrap', background: '#f6f8fa', padding: 8 }}>{s.code}</pre>}
    </Card>
  );
}
