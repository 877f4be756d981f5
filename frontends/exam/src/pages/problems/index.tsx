/** /exam/:examId/problem: the exam's programming problems with their points; problem/:problemID the workspace. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { List, Result, Spin, Tag, Typography } from 'antd';
import {
  ExamProblemDetails,
  ExamProblemItem,
  getExamProblemDetails,
  getExamProblems,
  submitExamProblem,
  toProblemDetail,
} from '../../api/exam';
import { answerRefusal } from '../../lib/rules';
import { useExam } from '../exam-detail/context';

const ProblemWorkspace = lazy(() => import('problems/workspace'));

/** The code of an exam problem is kept apart from the same bank problem's code. */
export const examCodeKey = (eid: number, displayId: string): string => `exam:${eid}:${displayId}`;

export function ExamProblemsPage() {
  const { eid } = useExam();
  const [list, setList] = useState<ExamProblemItem[] | null>(null);
  useEffect(() => {
    let alive = true;
    getExamProblems(eid)
      .then((l) => alive && setList(l))
      .catch(() => alive && setList([]));
    return () => {
      alive = false;
    };
  }, [eid]);
  return (
    <List<ExamProblemItem>
      bordered
      loading={!list}
      dataSource={list ?? []}
      data-testid="exam-problems"
      renderItem={(p) => (
        <List.Item data-testid="exam-problem-row">
          <Link to={`/${eid}/problem/${encodeURIComponent(p.displayId)}`} style={{ wordBreak: 'break-word' }}>
            {p.color && <Tag color={p.color}>{p.displayId}</Tag>}
            {!p.color && <b style={{ marginRight: 8 }}>{p.displayId}</b>}
            {p.displayTitle}
          </Link>
          <Typography.Text type="secondary">
            <FormattedMessage id="exam.question.score" values={{ score: p.score }} />
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

export function ExamProblemPage() {
  const intl = useIntl();
  const { problemId = '' } = useParams();
  const { eid, info, status, viewer, handedInAt } = useExam();
  const [details, setDetails] = useState<ExamProblemDetails | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setDetails(null);
    setFailed(false);
    getExamProblemDetails(eid, problemId)
      .then((d) => alive && setDetails(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [eid, problemId]);
  if (failed) return <Result status="404" title={<FormattedMessage id="exam.problem.notFound" />} />;
  if (!details) return <Spin style={{ display: 'block', margin: 48 }} />;
  const refusal = answerRefusal(info.auth, status, viewer, !!handedInAt);
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <ProblemWorkspace
        key={details.examProblem.displayId}
        detail={toProblemDetail(details)}
        storageKey={examCodeKey(eid, details.examProblem.displayId)}
        submit={({ language, code }) => submitExamProblem(eid, details.examProblem.displayId, language, code)}
        disabledReason={refusal ? intl.formatMessage({ id: refusal }) : null}
      />
    </Suspense>
  );
}
