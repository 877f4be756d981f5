/** /exam/:examId/submission (the candidate's own; all for admins) and submission/:submitID. */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Card, Descriptions, List, Result, Space, Spin, Typography } from 'antd';
import { Page, SubmissionDetail, isFinalJudgeStatus } from '@oj/contracts';
import { JudgeStatusTag, formatDateTime, formatMemoryKb, formatTimeMs } from '@oj/kit';
import { ExamSubmissionItem, checkExamSubmissions, getExamSubmissions, getSubmissionDetail } from '../../api/exam';
import { useExam } from '../exam-detail/context';

const POLL_MS = 2000;

export function ExamSubmissionsPage() {
  const { eid, viewer } = useExam();
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<Page<ExamSubmissionItem> | null>(null);
  useEffect(() => {
    let alive = true;
    getExamSubmissions({ eid, currentPage: current, limit: 20, onlyMine: !viewer.isAdmin })
      .then((p) => alive && setPage(p))
      .catch(() => alive && setPage(null));
    return () => {
      alive = false;
    };
  }, [eid, current, viewer.isAdmin]);

  // the verdicts still judging are asked again until final
  const waiting = (page?.records ?? []).filter((r) => !isFinalJudgeStatus(r.status)).map((r) => r.submitId);
  useEffect(() => {
    if (!waiting.length) return;
    const t = setTimeout(() => {
      checkExamSubmissions(eid, waiting)
        .then((m) => setPage((p) => p && { ...p, records: p.records.map((r) => (m[r.submitId] ? { ...r, ...m[r.submitId] } : r)) }))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [eid, waiting.join(',')]);

  return (
    <List<ExamSubmissionItem>
      bordered
      loading={!page}
      dataSource={page?.records ?? []}
      data-testid="exam-submissions"
      pagination={{ current, pageSize: 20, total: page?.total ?? 0, onChange: setCurrent, size: 'small' }}
      renderItem={(s) => (
        <List.Item data-testid="exam-submission-row" data-status={s.status}>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space wrap>
              <Link to={`/${eid}/submission/${s.submitId}`}>#{s.submitId}</Link>
              <Link to={`/${eid}/problem/${encodeURIComponent(s.displayId)}`}>{s.displayId}</Link>
              <JudgeStatusTag status={s.status} />
              {s.score != null && (
                <Typography.Text strong data-testid="submission-score">
                  {s.score}
                </Typography.Text>
              )}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {viewer.isAdmin && `${s.username} · `}
              {s.language} · {formatTimeMs(s.time)} · {formatMemoryKb(s.memory)} · {formatDateTime(s.submitTime)}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

export function ExamSubmissionDetailPage() {
  const { submitId = '' } = useParams();
  const { eid } = useExam();
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    getSubmissionDetail(Number(submitId), eid)
      .then((d) => alive && setDetail(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [submitId, eid]);
  if (failed) return <Result status="404" title={<FormattedMessage id="exam.submission.notFound" />} />;
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  const s = detail.submission;
  return (
    <Card size="small" data-testid="exam-submission-detail">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={<FormattedMessage id="exam.submission.status" />}>
          <JudgeStatusTag status={s.status} />
        </Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="exam.submission.score" />}>{s.score ?? '--'}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="exam.submission.time" />}>{formatTimeMs(s.time)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="exam.submission.memory" />}>{formatMemoryKb(s.memory)}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="exam.submission.language" />}>{s.language}</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="exam.submission.submitTime" />}>{formatDateTime(s.submitTime)}</Descriptions.Item>
      </Descriptions>
      {s.errorMessage && <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{s.errorMessage}</pre>}
      {s.code && (
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', background: '#f6f8fa', padding: 8, overflowX: 'auto' }}>
          {s.code}
        </pre>
      )}
    </Card>
  );
}
