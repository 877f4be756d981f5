/**
 * /exam/:examId/question and question/:questionId: the strip of questions (answered / unanswered), the
 * current question with its input, and the save state. Answers live in the answer store: localStorage at
 * once, the server after a pause.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import { ExamQuestionView, getExamQuestions } from '../../api/exam';
import { AnswerStore, SaveState, isAnswered, useAnswers, useSaveState } from '../../lib/answer-store';
import { answerRefusal } from '../../lib/rules';
import { useExam } from '../exam-detail/context';
import { AnswerInput } from './answer-input';
import { useExamAnswers } from './use-exam-answers';
import { LazyMarkdown } from '@oj/kit';

const SAVE_COLOR: Record<SaveState, string> = { idle: 'success', pending: 'processing', saving: 'processing', error: 'error' };

export const typeId = (type: number) => `exam.questionType.${type}`;

function QuestionStrip({
  questions,
  store,
  current,
  onPick,
}: {
  questions: ExamQuestionView[];
  store: AnswerStore;
  current: number | undefined;
  onPick: (q: ExamQuestionView) => void;
}) {
  const answers = useAnswers(store);
  const done = questions.filter((q) => isAnswered(answers[q.questionId]?.value)).length;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="question-strip">
      <Typography.Text type="secondary" data-testid="answered-count" data-answered={done} data-total={questions.length}>
        <FormattedMessage id="exam.question.answeredCount" values={{ done, total: questions.length }} />
      </Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
        {questions.map((q) => {
          const answered = isAnswered(answers[q.questionId]?.value);
          return (
            <Button
              key={q.questionId}
              type={answered ? 'primary' : 'default'}
              ghost={answered && current === q.questionId}
              danger={false}
              style={{ minWidth: 44, height: 44, outline: current === q.questionId ? '2px solid #1677ff' : undefined }}
              onClick={() => onPick(q)}
              data-testid="strip-item"
              data-question-id={q.questionId}
              data-answered={answered}
            >
              {q.displayId}
            </Button>
          );
        })}
      </div>
    </Card>
  );
}

function SaveBadge({ store }: { store: AnswerStore }) {
  const state = useSaveState(store);
  return (
    <Badge
      status={SAVE_COLOR[state] as 'success'}
      text={<FormattedMessage id={`exam.save.${state}`} />}
      data-testid="save-state"
      data-state={state}
    />
  );
}

function QuestionView({ detail, store, refusal }: { detail: ExamQuestionView; store: AnswerStore; refusal: string | null }) {
  const intl = useIntl();
  const answers = useAnswers(store);
  const qid = detail.questionId;
  return (
    <Card
      size="small"
      data-testid="question-view"
      data-question-id={qid}
      data-type={detail.type}
      title={
        <Space wrap size={[8, 0]}>
          <span>{detail.displayId}</span>
          <Tag>{intl.formatMessage({ id: typeId(detail.type) })}</Tag>
          <Typography.Text type="secondary">
            <FormattedMessage id="exam.question.score" values={{ score: detail.score }} />
          </Typography.Text>
        </Space>
      }
      extra={<SaveBadge store={store} />}
    >
      <div style={{ marginBottom: 12, wordBreak: 'break-word' }}>
        <LazyMarkdown source={detail.description} breaks />
      </div>
      {refusal && (
        <Alert type="warning" style={{ marginBottom: 12 }} message={intl.formatMessage({ id: refusal })} data-testid="answer-disabled" />
      )}
      <AnswerInput question={detail} value={answers[qid]?.value} disabled={!!refusal} onChange={(v) => store.set(qid, v)} />
    </Card>
  );
}

export function ExamQuestionsPage() {
  const { questionId } = useParams();
  const navigate = useNavigate();
  const { eid, uid, info, status, viewer, handedInAt } = useExam();
  const [questions, setQuestions] = useState<ExamQuestionView[] | null>(null);
  const store = useExamAnswers(eid, uid, questions, answerRefusal(info.auth, status, viewer, !!handedInAt) === null);

  useEffect(() => {
    let alive = true;
    getExamQuestions(eid)
      .then((q) => alive && setQuestions(q))
      .catch(() => alive && setQuestions([]));
    return () => {
      alive = false;
    };
  }, [eid]);

  if (!questions) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!questions.length) return <Empty description={<FormattedMessage id="exam.question.none" />} />;
  const index = questionId === undefined ? 0 : questions.findIndex((q) => String(q.questionId) === questionId);
  if (index < 0) return <Result status="404" title={<FormattedMessage id="exam.question.notFound" />} />;
  const current = questions[index];
  const go = (q: ExamQuestionView | undefined) => q && navigate(`/${eid}/question/${q.questionId}`);
  const refusal = answerRefusal(info.auth, status, viewer, !!handedInAt);
  return (
    <div data-testid="exam-questions">
      <QuestionStrip questions={questions} store={store} current={current.questionId} onPick={go} />
      <QuestionView key={current.questionId} detail={current} store={store} refusal={refusal} />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12, gap: 8 }}>
        <Button size="large" disabled={index === 0} onClick={() => go(questions[index - 1])} data-testid="question-prev">
          <FormattedMessage id="exam.question.prev" />
        </Button>
        <Button size="large" disabled={index === questions.length - 1} onClick={() => go(questions[index + 1])} data-testid="question-next">
          <FormattedMessage id="exam.question.next" />
        </Button>
      </div>
    </div>
  );
}
