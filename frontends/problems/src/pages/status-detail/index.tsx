/**
 * /status/:submitId: code, compile message, cases, share toggle; rejudge for site admins. An unfinished submission
 * follows the submission stream (status, and while Pending its place in the queue), else polls. A remote submission
 * (issue 34) also shows its site and run id there; a Submitted Failed one its reason and, to its owner, a resubmit.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Alert, Card, Descriptions, Space, Spin, Switch } from 'antd';
import { CaseResults, SubmissionDetail, isFinalJudgeStatus } from '@oj/contracts';
import {
  JudgeStatusTag,
  formatDateTime,
  formatLength,
  formatMemoryKb,
  formatTimeMs,
  useAuth,
  BackToList,
  NotFoundResult,
  QueuePlace,
  UserName,
} from '@oj/kit';
import { getCaseResults, getSubmissionDetail, updateSubmissionShare } from '../../api/problems';
import { CaseTable, casesScored, SubtaskTable } from '../../components/case-table';
import { CopyButton } from '../../components/copy-button';
import { RejudgeButton } from '../../components/rejudge-button';
import { ResubmitButton } from '../../components/resubmit-button';
import { isSubmittedFailed, remoteRunOf } from '../../components/remote-run';
import { applySubmissionEvent, readEvents } from '../problem-detail/use-submission-watch';

export function SubmissionDetailPage() {
  const intl = useIntl();
  const { submitId = '' } = useParams();
  const { user, isAdmin } = useAuth();
  const [reload, setReload] = useState(0);
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [cases, setCases] = useState<CaseResults | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = new AbortController();
    let followed = false;
    // The pushed changes until the stream ends; then the full detail (code, message, cases), which polls on if the
    // stream could not be used or ended before the verdict.
    const follow = async () => {
      await readEvents(
        Number(submitId),
        (e) => alive && setDetail((d) => (d ? { ...d, submission: applySubmissionEvent(d.submission, e) } : d)),
        abort.signal,
      ).catch(() => false);
      if (alive) void load();
    };
    const load = async () => {
      try {
        const d = await getSubmissionDetail(submitId);
        if (!alive) return;
        setDetail(d);
        setCases(await getCaseResults(submitId).catch(() => null));
        if (isFinalJudgeStatus(d.submission.status)) return;
        if (followed) timer = setTimeout(load, 1500);
        else {
          followed = true;
          void follow();
        }
      } catch {
        if (alive) setFailed(true);
      }
    };
    void load();
    return () => {
      alive = false;
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [submitId, reload]);

  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="problems.status.notFound" />}
        back={
          <Link to="/status">
            <BackToList />
          </Link>
        }
      />
    );
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  const s = detail.submission;
  const mine = !!user && (user.uid === s.uid || user.username === s.username);
  const remote = remoteRunOf(s);
  const submitFailed = isSubmittedFailed(s);

  const toggleShare = async (share: boolean) => {
    try {
      await updateSubmissionShare(s.submitId, share);
      setDetail({ ...detail, submission: { ...s, share } });
    } catch {
      // the client showed the server's text
    }
  };

  return (
    <Card
      title={<FormattedMessage id="problems.status.detailTitle" values={{ id: s.submitId }} />}
      extra={
        (mine && submitFailed) || (isAdmin && isFinalJudgeStatus(s.status)) ? (
          <Space>
            {mine && submitFailed && <ResubmitButton submitId={s.submitId} onDone={() => setReload((n) => n + 1)} />}
            {isAdmin && isFinalJudgeStatus(s.status) && (
              <RejudgeButton size="middle" submitId={s.submitId} onDone={() => setReload((n) => n + 1)} />
            )}
          </Space>
        ) : undefined
      }
      data-testid="submission-detail"
    >
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={<FormattedMessage id="problems.status.status" />}>
          <Space size={4} wrap>
            <JudgeStatusTag status={s.status} />
            <QueuePlace {...s} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.status.problem" />}>
          <Link to={`/problem/${encodeURIComponent(s.displayPid ?? String(s.pid))}`}>{s.displayPid ?? s.pid}</Link>
        </Descriptions.Item>
        {/* Only a problem scored by points (OI) stores a score; an ACM one's is null and shows none. */}
        {s.score != null && (
          <Descriptions.Item label={<FormattedMessage id="problems.result.score" />}>
            <span data-testid="submission-score">{s.score}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={<FormattedMessage id="problems.result.time" />}>{formatTimeMs(s.time)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.result.memory" />}>{formatMemoryKb(s.memory)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.status.length" />}>{formatLength(s.length)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.status.language" />}>{s.language}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.status.author" />}>
          <UserName username={s.username} />
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.status.submitTime" />}>{formatDateTime(s.submitTime)}</Descriptions.Item>
        {remote?.site && (
          <Descriptions.Item label={<FormattedMessage id="problems.status.remoteSite" />}>
            <span data-testid="submission-remote-site">{remote.site}</span>
          </Descriptions.Item>
        )}
        {remote?.runId && (
          <Descriptions.Item label={<FormattedMessage id="problems.status.remoteRunId" />}>
            <span data-testid="submission-remote-run">{remote.runId}</span>
          </Descriptions.Item>
        )}
        {mine && (
          <Descriptions.Item label={<FormattedMessage id="problems.status.share" />}>
            <Switch
              checked={!!s.share}
              onChange={toggleShare}
              aria-label={intl.formatMessage({ id: 'problems.status.share' })}
              data-testid="share-toggle"
            />
          </Descriptions.Item>
        )}
      </Descriptions>
      {s.errorMessage && (
        <Alert
          type={submitFailed ? 'error' : 'warning'}
          style={{ marginTop: 12 }}
          data-testid="submission-error-message"
          message={<FormattedMessage id={submitFailed ? 'problems.status.submitFailedMessage' : 'problems.status.compileMessage'} />}
          description={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{s.errorMessage}</pre>}
        />
      )}
      {cases && !!cases.subtaskList?.length && (
        <div style={{ marginTop: 12 }}>
          <SubtaskTable subtasks={cases.subtaskList} />
        </div>
      )}
      {cases && cases.judgeCaseList.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <CaseTable cases={cases.judgeCaseList} scored={casesScored(cases.judgeCaseList, undefined, s.status)} />
        </div>
      )}
      {s.code != null && (
        <Card
          size="small"
          style={{ marginTop: 12 }}
          title={<FormattedMessage id="problems.status.code" />}
          extra={<CopyButton text={s.code} />}
        >
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} data-testid="submission-code">
            {s.code}
          </pre>
        </Card>
      )}
    </Card>
  );
}
