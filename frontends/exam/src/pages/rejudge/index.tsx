/** /exam/:examId/rejudge (admins): re-score a question's answers after its right answer changed, rejudge a problem. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Button, Card, List, Result, Tag } from 'antd';
import {
  ExamProblemItem,
  ExamQuestionView,
  QuestionType,
  getExamProblems,
  getExamQuestions,
  rejudgeExamProblem,
  rejudgeQuestion,
} from '../../api/exam';
import { useExam } from '../exam-detail/context';
import { typeId } from '../questions';

export function ExamRejudgePage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const { eid, viewer } = useExam();
  const [questions, setQuestions] = useState<ExamQuestionView[]>([]);
  const [problems, setProblems] = useState<ExamProblemItem[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (!viewer.isAdmin) return;
    getExamQuestions(eid)
      .then(setQuestions)
      .catch(() => undefined);
    getExamProblems(eid)
      .then(setProblems)
      .catch(() => undefined);
  }, [eid, viewer.isAdmin]);
  if (!viewer.isAdmin) return <Result status="403" title={<FormattedMessage id="exam.rejudge.adminOnly" />} />;
  const run = async (key: string, job: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await job();
      message.success(intl.formatMessage({ id: 'exam.rejudge.done' }));
    } catch {
      // the client showed the server's text
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Card size="small" title={<FormattedMessage id="exam.rejudge.questions" />} style={{ marginBottom: 12 }}>
        <List<ExamQuestionView>
          dataSource={questions.filter((q) => q.type !== QuestionType.Answer)}
          renderItem={(q) => (
            <List.Item>
              <span>
                <b>{q.displayId}</b> <Tag>{intl.formatMessage({ id: typeId(q.type) })}</Tag>
              </span>
              <Button
                loading={busy === `q${q.questionId}`}
                onClick={() => run(`q${q.questionId}`, () => rejudgeQuestion(eid, q.questionId))}
                data-testid="rejudge-question"
              >
                <FormattedMessage id="exam.rejudge.rescore" />
              </Button>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={<FormattedMessage id="exam.rejudge.problems" />}>
        <List<ExamProblemItem>
          dataSource={problems}
          renderItem={(p) => (
            <List.Item>
              <span>
                <b>{p.displayId}</b> {p.displayTitle}
              </span>
              <Button
                loading={busy === `p${p.pid}`}
                onClick={() => run(`p${p.pid}`, () => rejudgeExamProblem(eid, p.pid))}
                data-testid="rejudge-problem"
              >
                <FormattedMessage id="exam.rejudge.rejudge" />
              </Button>
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
