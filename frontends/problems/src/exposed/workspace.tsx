/**
 * Exposed as 'problems/workspace' for other remotes (the contest remote): the problem statement beside
 * the monaco editor with the submit button and the live verdict. The caller supplies the submit call and
 * the key the code is kept under (e.g. per contest and problem), so the same view serves any context.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { App, Alert, Button, Card, Col, Row, Select, Space, Spin, Typography } from 'antd';
import { EDITOR_TAB_SIZES, EDITOR_THEMES, JudgeStatus, ProblemDetail, SubmissionInfo, isFinalJudgeStatus } from '@oj/contracts';
import { JudgeStatusTag, LocaleProvider, formatMemoryKb, formatTimeMs } from '@oj/kit';
import { problemsMessages } from '../locales';
import { CodeEditor } from '../editor/code-editor';
import { EditorTheme } from '../editor/themes';
import { Statement } from '../pages/problem-detail/statement';
import { codeProblem } from '../pages/problem-detail';
import { useSubmissionWatch } from '../pages/problem-detail/use-submission-watch';
import * as storage from '../pages/problem-detail/code-storage';

export interface ProblemWorkspaceProps {
  detail: ProblemDetail;
  /** Sends the code; resolves with the stored submission (its submitId is then watched). */
  submit: (req: { language: string; code: string }) => Promise<SubmissionInfo>;
  /** Where the code is kept, e.g. `contest:12:A` (spec §3: problem code per contest). */
  storageKey: string;
  /** When set, the submit button is disabled and this text says why. */
  disabledReason?: string | null;
  /** Called after a verdict is final (e.g. to refresh a scoreboard). */
  onFinal?: (submission: SubmissionInfo) => void;
}

function Workspace({ detail, submit, storageKey, disabledReason, onFinal }: ProblemWorkspaceProps) {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const languages = detail.languages;
  const stored = useMemo(() => storage.loadCode(storageKey), [storageKey]);
  const [language, setLanguage] = useState(() => storage.initialLanguage(languages, stored, storage.loadLanguage()));
  const templateOf = useCallback((lang: string) => detail.codeTemplate?.[lang] ?? '', [detail.codeTemplate]);
  const [code, setCode] = useState(() => stored?.code ?? templateOf(language));
  const [theme, setTheme] = useState<EditorTheme>(storage.loadTheme);
  const [tabSize, setTabSize] = useState(storage.loadTabSize);
  const [submitting, setSubmitting] = useState(false);
  const [submitId, setSubmitId] = useState<number | null>(null);
  const { submission } = useSubmissionWatch(submitId);
  const final = submission ? isFinalJudgeStatus(submission.status) : false;

  useEffect(() => storage.saveCode(storageKey, { language, code }), [storageKey, language, code]);
  useEffect(() => {
    if (submission && final) onFinal?.(submission);
    // once per final verdict
  }, [submission?.submitId, final]);

  const send = async () => {
    setSubmitting(true);
    try {
      const s = await submit({ language, code });
      setSubmitId(s.submitId);
      message.success(intl.formatMessage({ id: 'problems.submit.submitted' }));
    } catch {
      // the client showed the server's text
    } finally {
      setSubmitting(false);
    }
  };
  const onSubmit = () => {
    const bad = codeProblem(code);
    if (bad) return void message.error(intl.formatMessage({ id: bad }));
    if (submitId == null) return void send();
    modal.confirm({
      title: intl.formatMessage({ id: 'problems.submit.resubmitTitle' }),
      content: intl.formatMessage({ id: 'problems.submit.resubmitConfirm' }),
      onOk: send,
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Statement detail={detail} />
      </Col>
      <Col xs={24} xl={12}>
        <Card data-testid="submit-panel">
          <Space wrap style={{ marginBottom: 8 }}>
            <Select
              style={{ width: 180 }}
              value={language}
              onChange={(lang: string) => {
                setLanguage(lang);
                storage.saveLanguage(lang);
                if (!code.trim() || code === templateOf(language)) setCode(templateOf(lang));
              }}
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
              options={EDITOR_TAB_SIZES.map((s) => ({
                value: s,
                label: intl.formatMessage({ id: 'problems.submit.tabSize' }, { size: s }),
              }))}
            />
          </Space>
          <CodeEditor value={code} onChange={setCode} language={language} theme={theme} tabSize={tabSize} />
          {disabledReason && <Alert style={{ marginTop: 12 }} type="warning" message={disabledReason} data-testid="submit-disabled" />}
          <div style={{ marginTop: 12, textAlign: 'right' }}>
            <Button type="primary" onClick={onSubmit} loading={submitting} disabled={!!disabledReason} data-testid="submit-code">
              <FormattedMessage id="problems.submit.submit" />
            </Button>
          </div>
          {submission && (
            <Space
              style={{ marginTop: 12 }}
              wrap
              data-testid="submit-result"
              data-submit-id={submission.submitId}
              data-status={submission.status}
              data-final={final}
            >
              <JudgeStatusTag status={submission.status} />
              {!final && <Spin size="small" />}
              {final && <Typography.Text>{formatTimeMs(submission.time)}</Typography.Text>}
              {final && <Typography.Text>{formatMemoryKb(submission.memory)}</Typography.Text>}
              {submission.status === JudgeStatus.CompileError && submission.errorMessage && (
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{submission.errorMessage}</pre>
              )}
            </Space>
          )}
        </Card>
      </Col>
    </Row>
  );
}

/** Carries its own texts (the host remote does not know the problems' message ids). */
export default function ProblemWorkspace(props: ProblemWorkspaceProps) {
  return (
    <LocaleProvider messages={problemsMessages}>
      <Workspace {...props} />
    </LocaleProvider>
  );
}
