/** /group/:groupID/question: the group's question bank (exam material, for its admins); question/:questionId one question. */
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Card, List, Space, Tag, Typography } from 'antd';
import { QuestionInfo } from '@oj/contracts';
import { BackToList, NotFoundResult, LazyMarkdown } from '@oj/kit';
import { getGroupQuestion, getGroupQuestions } from '../../api/group';
import { ContentList, RowEditors } from '../../components/content-list';
import { usePage } from '../../hooks/use-page';
import { isGroupAdmin } from '../../lib/rules';
import { useGroup } from '../group-detail/context';

/** The first line of a question's text, for the list. */
const firstLine = (text: string) =>
  text
    .split('\n')
    .find((l) => l.trim())
    ?.slice(0, 120) ?? '';

export function GroupQuestionsPage() {
  const { gid, viewer } = useGroup();
  const list = usePage<QuestionInfo>((q) => getGroupQuestions(gid, q), [gid]);
  const canEdit = isGroupAdmin(viewer);
  return (
    <ContentList<QuestionInfo>
      gid={gid}
      testId="group-questions"
      titleId="group.menu.question"
      emptyId="group.question.empty"
      list={list}
      editor="GroupQuestionEditor"
      canEdit={canEdit}
      renderItem={(q, open) => (
        <List.Item
          data-testid="group-question-row"
          data-id={q.id}
          actions={
            canEdit ? [<RowEditors key="e" id={q.id} editors={['GroupQuestionEditor']} open={open} testId="group-question-edit" />] : []
          }
        >
          <Space wrap size={[8, 4]}>
            <Tag color="blue">
              <FormattedMessage id={`group.questionType.${q.type}`} />
            </Tag>
            <Link to={`/${gid}/question/${q.id}`} data-testid="group-question-link" style={{ wordBreak: 'break-word' }}>
              {q.displayId} {firstLine(q.description)}
            </Link>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** One question of the bank with its choices and right answer (group/question, admins). */
export function GroupQuestionPage() {
  const { questionId = '' } = useParams();
  const { gid } = useGroup();
  const [q, setQ] = useState<QuestionInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setQ(null);
    setFailed(false);
    getGroupQuestion(Number(questionId))
      .then((r) => alive && setQ(r))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [questionId]);
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="group.question.notFound" />}
        back={
          <Link to={`/${gid}/question`}>
            <BackToList />
          </Link>
        }
      />
    );
  if (!q) return <Card loading />;
  return (
    <Card size="small" title={q.displayId} data-testid="group-question">
      <Tag color="blue">
        <FormattedMessage id={`group.questionType.${q.type}`} />
      </Tag>
      <LazyMarkdown source={q.description} />
      {q.choices.length > 0 && (
        <List
          size="small"
          dataSource={q.choices}
          renderItem={(c, i) => (
            <List.Item>
              <Typography.Text strong>{String.fromCharCode(65 + i)}.</Typography.Text> <LazyMarkdown source={c.content} />
            </List.Item>
          )}
        />
      )}
      {q.rightAnswer !== null && (
        <Typography.Paragraph style={{ marginTop: 12 }} data-testid="group-question-answer">
          <FormattedMessage id="group.question.rightAnswer" />: <Typography.Text code>{q.rightAnswer}</Typography.Text>
        </Typography.Paragraph>
      )}
    </Card>
  );
}
