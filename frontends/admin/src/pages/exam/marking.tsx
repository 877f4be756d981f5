/**
 * /admin/exam/:examID/marking: the candidates' papers; one candidate's answers beside the reference answers,
 * a score input per question (answer questions to mark, others to adjust), submitted together; totals follow.
 */
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Col, Descriptions, Empty, InputNumber, List, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  AdminExamQuestionItem,
  ExamPaper,
  ExamPaperItem,
  PaperItemKind,
  QuestionType,
  choicesRightAnswer,
  decodeBlankAnswer,
  decodeBlankRightAnswer,
} from '@oj/contracts';
import { useT } from '../../i18n';
import { getExamQuestions, getPapers, scoreExamPapers, submitPaperScore } from './api';
import { questionTypeId } from './question-fields';

/** An answer or right answer in words (blanks numbered, alternatives joined). */
export function showAnswer(
  type: QuestionType | undefined,
  value: string | null | undefined,
  right = false,
  judgeWords: [string, string] = ['true', 'false'],
): string {
  if (value == null || value === '') return '';
  if (type === QuestionType.Judge) return value === 'true' ? judgeWords[0] : value === 'false' ? judgeWords[1] : value;
  if (type === QuestionType.Blank) {
    if (right) return (decodeBlankRightAnswer(value) ?? [[value]]).map((alts, i) => `${i + 1}. ${alts.join(' / ')}`).join('   ');
    return decodeBlankAnswer(value)
      .map((v, i) => `${i + 1}. ${v}`)
      .join('   ');
  }
  return value;
}

function AnswerBeside({
  item,
  question,
  score,
  onScore,
}: {
  item: ExamPaperItem;
  question?: AdminExamQuestionItem;
  score: number | null;
  onScore: (v: number | null) => void;
}) {
  const { t } = useT();
  const type = item.type ?? question?.question.type;
  const judgeWords: [string, string] = [t('admin.question.true'), t('admin.question.false')];
  const right =
    item.rightAnswer ??
    (question ? (type === QuestionType.Choice ? choicesRightAnswer(question.question.choices) : question.question.rightAnswer) : null);
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="marking-item"
      data-question-id={item.questionId}
      title={
        <Space wrap>
          <b>{item.displayId}</b>
          {type && <Tag>{t(questionTypeId(type))}</Tag>}
          {type === QuestionType.Answer && item.score == null && <Tag color="orange">{t('admin.marking.unmarked')}</Tag>}
        </Space>
      }
      extra={
        <Space>
          <span data-testid="marking-score">
            <InputNumber
              min={0}
              max={item.fullScore}
              precision={0}
              value={score}
              onChange={(v) => onScore(v == null ? null : Number(v))}
              style={{ width: 90 }}
            />
          </span>
          <span>/ {item.fullScore}</span>
        </Space>
      }
    >
      {question && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, expandable: true }} style={{ whiteSpace: 'pre-wrap' }}>
          {question.question.description}
        </Typography.Paragraph>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('admin.marking.candidateAnswer')}</Typography.Text>
          <pre
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', background: '#fafafa', padding: 8, minHeight: 40 }}
            data-testid="marking-answer"
          >
            {showAnswer(type, item.answer, false, judgeWords) || t('admin.marking.noAnswer')}
          </pre>
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('admin.marking.reference')}</Typography.Text>
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', background: '#f6ffed', padding: 8, minHeight: 40 }}>
            {showAnswer(type, right, true, judgeWords) || '-'}
          </pre>
        </Col>
      </Row>
    </Card>
  );
}

export default function ExamMarkingPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const eid = Number(useParams().examID);
  const [papers, setPapers] = useState<ExamPaper[] | null>(null);
  const [questions, setQuestions] = useState<AdminExamQuestionItem[]>([]);
  const [uid, setUid] = useState<string | null>(null);
  // Only what the teacher typed since the last save: a reload of the papers (after "score all", after a save) must
  // not wipe a score being typed; every other input shows the stored score.
  const [edits, setEdits] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    getPapers(eid)
      .then(setPapers)
      .catch(() => setPapers([]));
  }, [eid]);
  useEffect(() => {
    load();
    getExamQuestions(eid)
      .then(setQuestions)
      .catch(() => undefined);
  }, [eid, load]);

  const paper = papers?.find((p) => p.uid === uid) ?? null;
  const byId = useMemo(() => new Map(questions.map((q) => [q.questionId, q])), [questions]);
  const pick = (next: string) => {
    if (next !== uid) setEdits({});
    setUid(next);
  };
  const scoreOf = (item: ExamPaperItem): number | null => (item.questionId! in edits ? edits[item.questionId!] : (item.score ?? null));

  const submit = async () => {
    if (!paper) return;
    const questionScores = paper.items
      .filter((i) => i.kind === PaperItemKind.Question)
      .map((i) => ({ questionId: i.questionId!, score: scoreOf(i) }))
      .filter((q): q is { questionId: number; score: number } => q.score != null);
    setBusy(true);
    try {
      await submitPaperScore({ eid, uid: paper.uid, questionScores });
      message.success(t('admin.marking.saved'));
      setEdits({});
      load();
    } catch (_e) {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const scoreAll = async () => {
    setBusy(true);
    try {
      const r = await scoreExamPapers(eid);
      message.success(t('admin.marking.scoredAll', { n: r.papers }));
      load();
    } catch (_e) {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer
      title={t('admin.marking.title')}
      extra={[
        <Button key="score" onClick={scoreAll} loading={busy} data-testid="marking-score-all">
          {t('admin.marking.scoreAll')}
        </Button>,
      ]}
    >
      <Row gutter={16}>
        <Col xs={24} md={7}>
          <Card size="small" title={t('admin.marking.candidates')}>
            <List<ExamPaper>
              loading={!papers}
              dataSource={papers ?? []}
              renderItem={(p) => (
                <List.Item
                  onClick={() => pick(p.uid)}
                  style={{ cursor: 'pointer', background: p.uid === uid ? '#e6f4ff' : undefined, paddingInline: 8 }}
                  data-testid="marking-candidate"
                  data-uid={p.uid}
                  data-username={p.username}
                >
                  <span>
                    {p.username} {!p.marked && <Tag color="orange">{t('admin.marking.unmarked')}</Tag>}
                  </span>
                  <b data-testid="marking-candidate-total">
                    {p.totalScore ?? '-'} / {p.fullScore}
                  </b>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={17}>
          {!paper ? (
            <Empty description={t('admin.marking.pick')} />
          ) : (
            <>
              <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginBottom: 12 }} data-testid="marking-paper">
                <Descriptions.Item label={t('admin.marking.candidate')}>{paper.username}</Descriptions.Item>
                <Descriptions.Item label={t('admin.marking.objective')}>{paper.objectiveScore ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('admin.marking.subjective')}>{paper.subjectiveScore ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('admin.marking.program')}>{paper.programScore ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('admin.marking.total')}>
                  <b data-testid="marking-total">{paper.totalScore ?? '-'}</b> / {paper.fullScore}
                </Descriptions.Item>
              </Descriptions>
              {paper.items
                .filter((i) => i.kind === PaperItemKind.Question)
                .map((i) => (
                  <AnswerBeside
                    key={i.questionId}
                    item={i}
                    question={byId.get(i.questionId!)}
                    score={scoreOf(i)}
                    onScore={(v) => setEdits((s) => ({ ...s, [i.questionId!]: v }))}
                  />
                ))}
              {paper.items
                .filter((i) => i.kind === PaperItemKind.Problem)
                .map((i) => (
                  <Card
                    key={`p${i.pid}`}
                    size="small"
                    style={{ marginBottom: 12 }}
                    title={<b>{i.displayId}</b>}
                    extra={`${i.score ?? '-'} / ${i.fullScore}`}
                  >
                    {t('admin.marking.programItem')}
                  </Card>
                ))}
              <Button type="primary" onClick={submit} loading={busy} data-testid="marking-submit">
                {t('admin.marking.submit')}
              </Button>
            </>
          )}
        </Col>
      </Row>
    </PageContainer>
  );
}
