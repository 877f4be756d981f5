/**
 * /exam/:examId/paper (admins: every candidate's paper and total), paper/:paperID (one paper) and
 * my-paper/:paperID (the candidate's own: score per item, the right answers where the question shares them).
 * Scores show when the exam ended, to admins, or with realScore on (product §6).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Alert, Card, Empty, List, Result, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { ExamPaper, ExamPaperItem, QuestionType, getExamPapers } from '../../api/exam';
import { answerText } from '../../lib/answers';
import { realScoreVisible } from '../../lib/rules';
import { useExam } from '../exam-detail/context';
import { typeId } from '../questions';

function usePapers(eid: number, uid?: string) {
  const [papers, setPapers] = useState<ExamPaper[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    getExamPapers(eid, uid)
      .then((p) => alive && setPapers(p))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [eid, uid]);
  return { papers, failed };
}

export function ExamPapersPage() {
  const { eid } = useExam();
  const { papers, failed } = usePapers(eid);
  if (failed) return <Result status="403" title={<FormattedMessage id="exam.paper.forbidden" />} />;
  return (
    <List<ExamPaper>
      bordered
      loading={!papers}
      dataSource={papers ?? []}
      data-testid="exam-papers"
      renderItem={(p) => (
        <List.Item data-testid="exam-paper-row">
          <Link to={`/${eid}/paper/${encodeURIComponent(p.uid)}`}>{p.username}</Link>
          <Typography.Text strong>
            {p.totalScore ?? '--'} / {p.fullScore}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

function ItemRow({ item, showScore }: { item: ExamPaperItem; showScore: boolean }) {
  const intl = useIntl();
  const judgeWords: [string, string] = [
    intl.formatMessage({ id: 'exam.question.true' }),
    intl.formatMessage({ id: 'exam.question.false' }),
  ];
  const unmarked = item.type === QuestionType.Answer && item.score == null;
  return (
    <List.Item data-testid="paper-item" data-kind={item.kind} data-id={item.questionId ?? item.pid} data-score={item.score ?? ''}>
      <Space direction="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap size={[6, 0]}>
            <b>{item.displayId}</b>
            <Tag>
              {item.kind === 'problem'
                ? intl.formatMessage({ id: 'exam.paper.problem' })
                : intl.formatMessage({ id: typeId(item.type ?? 0) })}
            </Tag>
          </Space>
          <Typography.Text strong data-testid="paper-item-score">
            {showScore ? (unmarked ? intl.formatMessage({ id: 'exam.paper.unmarked' }) : (item.score ?? 0)) : '--'} / {item.fullScore}
          </Typography.Text>
        </Space>
        {item.kind === 'question' && (
          <Typography.Text style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            <Typography.Text type="secondary">
              <FormattedMessage id="exam.paper.yourAnswer" />
            </Typography.Text>{' '}
            {answerText(item.type, item.answer, judgeWords) || <FormattedMessage id="exam.paper.noAnswer" />}
          </Typography.Text>
        )}
        {item.rightAnswer != null && item.rightAnswer !== '' && (
          <Typography.Text type="success" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }} data-testid="paper-right-answer">
            <FormattedMessage id="exam.paper.rightAnswer" /> {answerText(item.type, item.rightAnswer, judgeWords)}
          </Typography.Text>
        )}
      </Space>
    </List.Item>
  );
}

export function PaperView({ paper }: { paper: ExamPaper }) {
  const { info, status, viewer } = useExam();
  const showScore = realScoreVisible(info, status, viewer);
  return (
    <Card size="small" data-testid="paper-view" data-uid={paper.uid}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Statistic
          title={<FormattedMessage id="exam.paper.total" values={{ name: paper.username }} />}
          value={showScore && paper.totalScore != null ? paper.totalScore : '--'}
          suffix={`/ ${paper.fullScore}`}
          valueRender={(node) => <span data-testid="paper-total">{node}</span>}
        />
      </Space>
      {!showScore && <Alert type="info" style={{ marginBottom: 8 }} message={<FormattedMessage id="exam.paper.scoreLater" />} />}
      <List<ExamPaperItem> dataSource={paper.items} renderItem={(i) => <ItemRow item={i} showScore={showScore} />} />
    </Card>
  );
}

/** paper/:paperID (admins) and my-paper/:paperID (own). */
export function ExamPaperPage({ mine }: { mine: boolean }) {
  const { paperId = '' } = useParams();
  const { eid, uid } = useExam();
  const { papers, failed } = usePapers(eid, mine ? uid : undefined);
  if (failed) return <Result status="403" title={<FormattedMessage id="exam.paper.forbidden" />} />;
  if (!papers) return <Spin style={{ display: 'block', margin: 48 }} />;
  // a paper is named by its candidate (one paper per candidate and exam)
  const paper = papers.find((p) => p.uid === paperId && (!mine || p.uid === uid));
  if (!paper) return <Result status="404" title={<FormattedMessage id="exam.paper.notFound" />} />;
  return <PaperView paper={paper} />;
}

/** my-paper without an id (the menu): the candidate's paper of this exam. */
export function MyPaperRedirect() {
  const { eid, uid } = useExam();
  const { papers, failed } = usePapers(eid, uid);
  if (failed) return <Result status="403" title={<FormattedMessage id="exam.paper.forbidden" />} />;
  if (!papers) return <Spin style={{ display: 'block', margin: 48 }} />;
  const mine = papers.find((p) => p.uid === uid);
  if (!mine) return <Empty description={<FormattedMessage id="exam.paper.none" />} />;
  return <Navigate to={`/${eid}/my-paper/${encodeURIComponent(mine.uid)}`} replace />;
}
