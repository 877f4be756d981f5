/** /problem/:problemId: the statement beside the editor; submit and watch the verdict arrive. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { App, Button, Card, Col, Collapse, Result, Row, Select, Space, Spin } from 'antd';
import { EDITOR_TAB_SIZES, EDITOR_THEMES, LIMITS, ProblemDetail } from '@oj/contracts';
import { openAccountDialog, useAuth } from '@oj/kit';
import { getProblemDetail, submitProblem } from '../../api/problems';
import { CodeEditor } from '../../editor/code-editor';
import { EditorTheme } from '../../editor/themes';
import { Statement } from './statement';
import { SubmitResult } from './submit-result';
import { TestJudge } from './test-judge';
import { useSubmissionWatch } from './use-submission-watch';
import * as storage from './code-storage';

/** Spec §5 "Code submit": not empty, at most 65535 characters; returns the message id of the failure. */
export function codeProblem(code: string): string | null {
  if (!code.trim()) return 'problems.submit.codeEmpty';
  if (code.length > LIMITS.codeMaxChars) return 'problems.submit.codeTooLong';
  return null;
}

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
    return (
      <Result
        status="403"
        title={<FormattedMessage id="problems.detail.loginRequired" />}
        extra={
          <Button type="primary" onClick={() => openAccountDialog('Login')}>
            <FormattedMessage id="problems.detail.login" />
          </Button>
        }
      />
    );
  }
  if (failed) return <Result status="404" title={<FormattedMessage id="problems.detail.notFound" />} />;
  if (!detail) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Statement detail={detail} />
      </Col>
      <Col xs={24} xl={12}>
        <SubmitPanel key={detail.problem.problemId} detail={detail} />
      </Col>
    </Row>
  );
}

function SubmitPanel({ detail }: { detail: ProblemDetail }) {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const { problem } = detail;
  const languages = detail.languages;
  const stored = useMemo(() => storage.loadCode(problem.problemId), [problem.problemId]);
  const [language, setLanguage] = useState(() => storage.initialLanguage(languages, stored, storage.loadLanguage()));
  const templateOf = useCallback((lang: string) => detail.codeTemplate?.[lang] ?? '', [detail.codeTemplate]);
  const [code, setCode] = useState(() => stored?.code ?? templateOf(language));
  const [theme, setTheme] = useState<EditorTheme>(storage.loadTheme);
  const [tabSize, setTabSize] = useState(storage.loadTabSize);
  const [submitting, setSubmitting] = useState(false);
  const [submitId, setSubmitId] = useState<number | null>(null);
  const watch = useSubmissionWatch(submitId);

  useEffect(() => {
    storage.saveCode(problem.problemId, { language, code });
  }, [problem.problemId, language, code]);

  const changeLanguage = (lang: string) => {
    setLanguage(lang);
    storage.saveLanguage(lang);
    // an untouched editor follows the language's template
    if (!code.trim() || code === templateOf(language)) setCode(templateOf(lang));
  };

  const validate = () => {
    const problemId = codeProblem(code);
    if (problemId) message.error(intl.formatMessage({ id: problemId }));
    return !problemId;
  };

  const send = async () => {
    setSubmitting(true);
    try {
      const submission = await submitProblem({ pid: problem.problemId, language, code, cid: 0, isRemote: false });
      setSubmitId(submission.submitId);
      message.success(intl.formatMessage({ id: 'problems.submit.submitted' }));
    } catch {
      // the client showed the server's text
    } finally {
      setSubmitting(false);
    }
  };

  const submit = () => {
    if (!validate()) return;
    if (submitId == null) return void send();
    modal.confirm({
      title: intl.formatMessage({ id: 'problems.submit.resubmitTitle' }),
      content: intl.formatMessage({ id: 'problems.submit.resubmitConfirm' }),
      onOk: send,
    });
  };

  const reset = () =>
    modal.confirm({
      title: intl.formatMessage({ id: 'problems.submit.resetConfirm' }),
      onOk: () => setCode(templateOf(language)),
    });

  return (
    <Card data-testid="submit-panel">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          style={{ width: 180 }}
          value={language}
          onChange={changeLanguage}
          options={languages.map((l) => ({ value: l, label: l }))}
          data-testid="language-select"
          aria-label={intl.formatMessage({ id: 'problems.submit.language' })}
        />
        <Select<EditorTheme>
          style={{ width: 140 }}
          value={theme}
          onChange={(t) => {
            setTheme(t);
            storage.saveTheme(t);
          }}
          options={EDITOR_THEMES.map((t) => ({ value: t, label: t }))}
          aria-label={intl.formatMessage({ id: 'problems.submit.theme' })}
        />
        <Select<number>
          style={{ width: 110 }}
          value={tabSize}
          onChange={(s) => {
            setTabSize(s);
            storage.saveTabSize(s);
          }}
          options={EDITOR_TAB_SIZES.map((s) => ({ value: s, label: intl.formatMessage({ id: 'problems.submit.tabSize' }, { size: s }) }))}
        />
        <Button onClick={reset}>
          <FormattedMessage id="problems.submit.reset" />
        </Button>
      </Space>
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
                defaultInput={problem.examples[0]?.input ?? ''}
                validate={validate}
              />
            ),
          },
        ]}
      />
      <div style={{ marginTop: 12, textAlign: 'right' }}>
        <Button type="primary" onClick={submit} loading={submitting} data-testid="submit-code">
          <FormattedMessage id="problems.submit.submit" />
        </Button>
      </div>
      <SubmitResult watch={watch} />
    </Card>
  );
}
