/**
 * "Run on custom input" (test judge): the code runs on the user's input without being a submission. Nothing
 * is compared (no expected output is sent), so a clean run says "run finished", never "Accepted"; a compile
 * error shows its text alone, without time, memory or an empty output box (issue 21).
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Input, Space, Spin, Tag, Typography } from 'antd';
import { JudgeStatus, TEST_JUDGE_INPUT_MAX, TestJudgeAnswer, isFinalJudgeStatus } from '@oj/contracts';
import { JudgeStatusTag, formatMemoryKb, formatTimeMs } from '@oj/kit';
import { getTestJudgeResult, submitTestJudge } from '../../api/problems';

export function TestJudge({
  pid,
  language,
  code,
  defaultInput,
  validate,
}: {
  pid: string;
  language: string;
  code: string;
  defaultInput: string;
  validate: () => boolean;
}) {
  const intl = useIntl();
  const [input, setInput] = useState(defaultInput);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TestJudgeAnswer | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = async () => {
    if (!validate()) return;
    setRunning(true);
    setResult(null);
    try {
      const key = await submitTestJudge({ pid, language, code, userInput: input, type: 'public', isRemoteJudge: false });
      const poll = async () => {
        try {
          const r = await getTestJudgeResult(key);
          setResult(r);
          if (isFinalJudgeStatus(r.status)) return setRunning(false);
        } catch {
          // not ready yet
        }
        timer.current = setTimeout(poll, 1000);
      };
      await poll();
    } catch {
      setRunning(false);
    }
  };

  const done = !!result?.result && isFinalJudgeStatus(result.status);
  const compileError = result?.status === JudgeStatus.CompileError;
  const ranClean = result?.status === JudgeStatus.Accepted;
  return (
    <div data-testid="test-judge">
      <Input.TextArea
        rows={4}
        value={input}
        maxLength={TEST_JUDGE_INPUT_MAX}
        onChange={(e) => setInput(e.target.value)}
        placeholder={intl.formatMessage({ id: 'problems.testJudge.inputPlaceholder' })}
        style={{ fontFamily: 'monospace' }}
      />
      <Space style={{ marginTop: 8 }}>
        <Button onClick={run} loading={running} data-testid="test-judge-run">
          <FormattedMessage id="problems.testJudge.run" />
        </Button>
        {running && !result && <Spin size="small" />}
        {result &&
          (ranClean ? (
            <Tag color="blue" data-testid="test-judge-finished">
              <FormattedMessage id="problems.testJudge.finished" />
            </Tag>
          ) : (
            <JudgeStatusTag status={result.status} />
          ))}
        {ranClean && (
          <Typography.Text type="secondary" data-testid="test-judge-no-compare">
            <FormattedMessage id="problems.testJudge.noCompare" />
          </Typography.Text>
        )}
        {done && !compileError && result?.result && (
          <Typography.Text type="secondary">
            {formatTimeMs(result.result.time)} {formatMemoryKb(result.result.memory)}
          </Typography.Text>
        )}
      </Space>
      {done && compileError && (
        <>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            <FormattedMessage id="problems.testJudge.compileInfo" />
          </Typography.Title>
          <pre data-testid="test-judge-compile-info" style={{ background: '#fff1f0', padding: 8, whiteSpace: 'pre-wrap' }}>
            {result?.result?.compileInfo || result?.result?.stderr || result?.result?.message}
          </pre>
        </>
      )}
      {done && !compileError && result?.result && (
        <>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            <FormattedMessage id="problems.testJudge.output" />
          </Typography.Title>
          <pre data-testid="test-judge-output" style={{ background: '#f6f8fa', padding: 8, whiteSpace: 'pre-wrap' }}>
            {result.result.stdout}
          </pre>
          {(result.result.compileInfo || result.result.stderr) && (
            <pre style={{ background: '#fff1f0', padding: 8, whiteSpace: 'pre-wrap' }}>
              {result.result.compileInfo || result.result.stderr}
            </pre>
          )}
        </>
      )}
    </div>
  );
}
