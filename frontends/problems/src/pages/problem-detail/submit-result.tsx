import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Alert, Card, Progress, Space, Steps, Typography } from 'antd';
import { JudgeStatus, isFinalJudgeStatus } from '@oj/contracts';
import { JudgeStatusTag, QueuePlace, formatMemoryKb, formatTimeMs } from '@oj/kit';
import { AwaitingVerdict } from '../../components/awaiting-verdict';
import { CaseTable, casesScored, SubtaskTable } from '../../components/case-table';
import { SubmissionWatch } from './use-submission-watch';

const STEP_OF: Record<number, number> = {
  [JudgeStatus.Pending]: 0,
  [JudgeStatus.Submitting]: 0,
  [JudgeStatus.Compiling]: 1,
  [JudgeStatus.Judging]: 2,
};

/** The verdict of the latest submission, arriving live: steps, status, then the per-case table. */
/** `scores`: the problem is scored by points (OI); its cases then show their points. */
export function SubmitResult({ watch, scores }: { watch: SubmissionWatch; scores?: boolean }) {
  const { submission, cases, progress } = watch;
  if (!submission) return null;
  const final = isFinalJudgeStatus(submission.status);
  return (
    <Card
      size="small"
      style={{ marginTop: 12 }}
      data-testid="submit-result"
      data-submit-id={submission.submitId}
      data-status={submission.status}
      data-final={final}
    >
      <Steps
        size="small"
        current={final ? 3 : (STEP_OF[submission.status] ?? 0)}
        items={[
          { title: <FormattedMessage id="kit.judgeStatus.5" /> },
          { title: <FormattedMessage id="kit.judgeStatus.6" /> },
          { title: <FormattedMessage id="kit.judgeStatus.7" /> },
          { title: <FormattedMessage id="problems.result.done" /> },
        ]}
      />
      <Space style={{ marginTop: 12 }} wrap>
        <JudgeStatusTag status={submission.status} />
        {!final && <AwaitingVerdict />}
        <QueuePlace {...submission} />
        {!final && progress && progress.total > 0 && (
          <Progress
            style={{ width: 160, margin: 0 }}
            size="small"
            percent={Math.round((progress.done / progress.total) * 100)}
            format={() => `${progress.done}/${progress.total}`}
            data-testid="judge-progress"
          />
        )}
        {final && scores && submission.score != null && (
          <Typography.Text strong data-testid="submit-score" data-score={submission.score}>
            <FormattedMessage id="problems.result.points" values={{ score: submission.score }} />
          </Typography.Text>
        )}
        {final && (
          <>
            <Typography.Text>{formatTimeMs(submission.time)}</Typography.Text>
            <Typography.Text>{formatMemoryKb(submission.memory)}</Typography.Text>
          </>
        )}
        <Link to={`/status/${submission.submitId}`}>
          <FormattedMessage id="problems.result.viewDetail" values={{ id: submission.submitId }} />
        </Link>
      </Space>
      {submission.status === JudgeStatus.CompileError && submission.errorMessage && (
        <Alert
          type="warning"
          style={{ marginTop: 12 }}
          message={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{submission.errorMessage}</pre>}
        />
      )}
      {cases && !!cases.subtaskList?.length && (
        <div style={{ marginTop: 12 }}>
          <SubtaskTable subtasks={cases.subtaskList} />
        </div>
      )}
      {cases && cases.judgeCaseList.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <CaseTable cases={cases.judgeCaseList} scored={casesScored(cases.judgeCaseList, scores)} />
        </div>
      )}
    </Card>
  );
}
