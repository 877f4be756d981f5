/**
 * Exposed as 'problems/workspace' for other remotes (the contest remote): the problem statement beside
 * the monaco editor with the submit button and the live verdict. The caller supplies the submit call and
 * the key the code is kept under (e.g. per contest and problem), so the same view serves any context.
 */
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { JudgeStatus, ProblemDetail, SubmissionInfo, isFinalJudgeStatus } from '@oj/contracts';
import { JudgeStatusTag, LocaleProvider, formatMemoryKb, formatTimeMs } from '@oj/kit';
import { problemsMessages } from '../locales';
import { AwaitingVerdict } from '../components/awaiting-verdict';
import { CodeEditor } from '../editor/code-editor';
import { useSubmissionWatch } from '../pages/problem-detail/use-submission-watch';
import { EditorToolbar, StatementBeside, useCodeEditorState, useSubmitFlow } from '../pages/problem-detail/code-workspace';

export interface ProblemWorkspaceProps {
  detail: ProblemDetail;
  /** Sends the code; resolves with the stored submission (its submitId is then watched). */
  submit: (req: { language: string; code: string }) => Promise<SubmissionInfo>;
  /** Where the code is kept, e.g. `contest:12:A` (product §3: problem code per contest). */
  storageKey: string;
  /** When set, the submit button is disabled and this text says why. */
  disabledReason?: string | null;
  /** Called after a verdict is final (e.g. to refresh a scoreboard). */
  onFinal?: (submission: SubmissionInfo) => void;
  /** The problem is scored by points (OI): a final verdict shows its score beside it. */
  scored?: boolean;
  /** The caller's latest try before this visit (shown until a new one is sent). */
  latest?: { submitId: number; status: number; score?: number | null } | null;
  /** Where the host shows a submission (a path in its router), or null where the caller may not open it. */
  submissionPath?: (submitId: number) => string | null;
}

function Workspace({ detail, submit, storageKey, disabledReason, onFinal, scored, latest, submissionPath }: ProblemWorkspaceProps) {
  const editor = useCodeEditorState(detail, storageKey);
  const { language, code, setCode, theme, tabSize } = editor;
  const flow = useSubmitFlow(code, () => submit({ language, code }));
  const { submission } = useSubmissionWatch(flow.submitId);
  const final = submission ? isFinalJudgeStatus(submission.status) : false;

  useEffect(() => {
    if (submission && final) onFinal?.(submission);
    // once per final verdict
  }, [submission?.submitId, final]);

  // Before a new try in this visit, the caller's latest one (e.g. after a reload); a new try replaces it.
  const shown = !submission && latest ? { ...latest, final: isFinalJudgeStatus(latest.status) } : null;

  return (
    <StatementBeside detail={detail}>
      <Card data-testid="submit-panel">
        <EditorToolbar editor={editor} />
        <CodeEditor value={code} onChange={setCode} language={language} theme={theme} tabSize={tabSize} />
        {disabledReason && <Alert style={{ marginTop: 12 }} type="warning" message={disabledReason} data-testid="submit-disabled" />}
        <div style={{ marginTop: 12, textAlign: 'right' }}>
          <Button type="primary" onClick={flow.submit} loading={flow.submitting} disabled={!!disabledReason} data-testid="submit-code">
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
            <VerdictLine submission={submission} final={final} scored={scored} submissionPath={submissionPath} />
            {final && <Typography.Text>{formatTimeMs(submission.time)}</Typography.Text>}
            {final && <Typography.Text>{formatMemoryKb(submission.memory)}</Typography.Text>}
            {submission.status === JudgeStatus.CompileError && submission.errorMessage && (
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{submission.errorMessage}</pre>
            )}
          </Space>
        )}
        {shown && (
          <Space
            style={{ marginTop: 12 }}
            wrap
            data-testid="latest-submission"
            data-submit-id={shown.submitId}
            data-status={shown.status}
            data-final={shown.final}
          >
            <Typography.Text type="secondary">
              <FormattedMessage id="problems.result.latest" />
            </Typography.Text>
            <VerdictLine submission={shown} final={shown.final} scored={scored} submissionPath={submissionPath} />
          </Space>
        )}
      </Card>
    </StatementBeside>
  );
}

/**
 * A try's verdict, its points where the problem is scored by points (an OI partial verdict means little without
 * them) and, where the host has a page for it, a link to the submission.
 */
function VerdictLine({
  submission,
  final,
  scored,
  submissionPath,
}: {
  submission: { submitId: number; status: number; score?: number | null };
  final: boolean;
  scored?: boolean;
  submissionPath?: (submitId: number) => string | null;
}) {
  const path = submissionPath?.(submission.submitId);
  return (
    <Space wrap>
      <JudgeStatusTag status={submission.status} />
      {!final && <AwaitingVerdict />}
      {final && scored && submission.score != null && (
        <Typography.Text strong data-testid="submit-score" data-score={submission.score}>
          <FormattedMessage id="problems.result.points" values={{ score: submission.score }} />
        </Typography.Text>
      )}
      {path && (
        <Link to={path} data-testid="submission-link">
          <FormattedMessage id="problems.result.viewDetail" values={{ id: submission.submitId }} />
        </Link>
      )}
    </Space>
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
