/** /problem/:problemId: the statement beside the editor; submit and watch the verdict arrive. */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, Link } from 'react-router-dom';
import { App, Button, Card, Collapse, Spin } from 'antd';
import { ProblemDetail, ProblemType, parseHojExamples } from '@oj/contracts';
import { openAccountDialog, useAuth, useWebsiteConfig, BackToList, NotFoundResult } from '@oj/kit';
import { LoginRequired } from '../../components/login-required';
import { getProblemDetail, submitProblem } from '../../api/problems';
import { CodeEditor } from '../../editor/code-editor';
import { SubmitResult } from './submit-result';
import { TestJudge } from './test-judge';
import { useSubmissionWatch } from './use-submission-watch';
import { EditorToolbar, StatementBeside, codeProblem, useCodeEditorState, useSubmitFlow } from './code-workspace';

export { codeProblem };

function useProblem(problemId: string, enabled: boolean) {
  const [detail, setDetail] = useState<ProblemDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setDetail(null);
    setFailed(false);
    getProblemDetail(problemId)
      .then((d) => alive && setDetail(d))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [problemId, enabled]);
  return { detail, failed };
}

export function ProblemDetailPage() {
  const { problemId = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const { detail, failed } = useProblem(problemId, isLoggedIn);

  useEffect(() => {
    if (!isLoggedIn) openAccountDialog('Login');
  }, [isLoggedIn]);

  if (!isLoggedIn) {
    return <LoginRequired what="problem" />;
  }
  if (failed)
    return (
      <NotFoundResult
        title={<FormattedMessage id="problems.detail.notFound" />}
        back={
          <Link to="/problem">
            <BackToList />
          </Link>
        }
      />
    );
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <StatementBeside detail={detail}>
      <SubmitPanel key={detail.problem.problemId} detail={detail} />
    </StatementBeside>
  );
}

function SubmitPanel({ detail }: { detail: ProblemDetail }) {
  const intl = useIntl();
  const { modal } = App.useApp();
  const { problem } = detail;
  const editor = useCodeEditorState(detail, problem.problemId);
  const { language, code, setCode, theme, tabSize, templateOf } = editor;
  const { submitting, submitId, validate, submit } = useSubmitFlow(code, () =>
    submitProblem({ pid: problem.problemId, language, code, cid: 0, isRemote: false }),
  );
  const watch = useSubmissionWatch(submitId);
  // The same rule as the navigation's Discussion item (product §2): no link into a closed area.
  const { openPublicDiscussion } = useWebsiteConfig();
  const { isRoot } = useAuth();

  const reset = () =>
    modal.confirm({
      title: intl.formatMessage({ id: 'problems.submit.resetConfirm' }),
      onOk: () => setCode(templateOf(language)),
    });

  return (
    <Card data-testid="submit-panel">
      <EditorToolbar editor={editor}>
        <Button onClick={reset}>
          <FormattedMessage id="problems.submit.reset" />
        </Button>
      </EditorToolbar>
      <CodeEditor value={code} onChange={setCode} language={language} theme={theme} tabSize={tabSize} />
      <Collapse
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'test',
            label: <FormattedMessage id="problems.testJudge.title" />,
            children: (
              <TestJudge
                pid={problem.problemId}
                language={language}
                code={code}
                defaultInput={parseHojExamples(problem.examples)[0]?.input ?? ''}
                validate={validate}
              />
            ),
          },
        ]}
      />
      <div style={{ marginTop: 12, textAlign: 'right' }}>
        {(openPublicDiscussion || isRoot) && (
          <Link
            to={`/problem/${encodeURIComponent(detail.problem.problemId)}/discussion`}
            style={{ marginRight: 16 }}
            data-testid="problem-discussion-tab"
          >
            <FormattedMessage id="problems.detail.discussionTab" />
          </Link>
        )}
        <Button type="primary" onClick={submit} loading={submitting} data-testid="submit-code">
          <FormattedMessage id="problems.submit.submit" />
        </Button>
      </div>
      <SubmitResult watch={watch} scores={detail.problem.type === ProblemType.OI} />
    </Card>
  );
}
