import { FormattedMessage } from 'react-intl';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { ProblemDetail, parseHojExamples } from '@oj/contracts';
import { Markdown } from '@oj/kit/markdown';
import { CopyButton } from '../../components/copy-button';
import { DifficultyTag } from '../../components/difficulty-tag';

const sampleStyle = { background: '#f6f8fa', padding: 8, margin: 0, whiteSpace: 'pre-wrap' as const, fontFamily: 'monospace' };

function Section({ titleId, source, testId }: { titleId: string; source?: string | null; testId?: string }) {
  if (!source) return null;
  return (
    <>
      <Typography.Title level={5}>
        <FormattedMessage id={titleId} />
      </Typography.Title>
      <Markdown source={source} testId={testId} />
    </>
  );
}

export function Statement({ detail }: { detail: ProblemDetail }) {
  const { problem, tags, problemCount } = detail;
  return (
    <Card data-testid="problem-statement">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {problem.problemId} {problem.title}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={<FormattedMessage id="problems.detail.timeLimit" />}>{problem.timeLimit}ms</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.detail.memoryLimit" />}>{problem.memoryLimit}MB</Descriptions.Item>
        <Descriptions.Item label={<FormattedMessage id="problems.detail.stackLimit" />}>{problem.stackLimit}MB</Descriptions.Item>
        {/* A running contest hides the level (null): then no "difficulty" row at all, never an empty one. */}
        {typeof problem.difficulty === 'number' && (
          <Descriptions.Item label={<FormattedMessage id="problems.detail.difficulty" />}>
            <DifficultyTag level={problem.difficulty} />
          </Descriptions.Item>
        )}
        {problemCount && (
          <Descriptions.Item label={<FormattedMessage id="problems.detail.statistics" />}>
            <span data-testid="problem-statistics" data-ac={problemCount.ac} data-total={problemCount.total}>
              <FormattedMessage id="problems.detail.acOfTotal" values={{ ac: problemCount.ac, total: problemCount.total }} />
            </span>
          </Descriptions.Item>
        )}
        {problem.isFileIO && (
          <Descriptions.Item label={<FormattedMessage id="problems.detail.fileIO" />}>
            {problem.ioReadFileName} / {problem.ioWriteFileName}
          </Descriptions.Item>
        )}
      </Descriptions>
      {tags.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {tags.map((t) => (
            <Tag key={t.id} color={t.color ?? undefined}>
              {t.name}
            </Tag>
          ))}
        </Space>
      )}
      <Section titleId="problems.detail.description" source={problem.description} testId="problem-description" />
      <Section titleId="problems.detail.input" source={problem.input} />
      <Section titleId="problems.detail.output" source={problem.output} />
      {parseHojExamples(problem.examples).map((ex, i) => (
        <div key={i} data-testid="sample">
          <Typography.Title level={5}>
            <FormattedMessage id="problems.detail.sampleInput" values={{ n: i + 1 }} /> <CopyButton text={ex.input} />
          </Typography.Title>
          <pre style={sampleStyle}>{ex.input}</pre>
          <Typography.Title level={5}>
            <FormattedMessage id="problems.detail.sampleOutput" values={{ n: i + 1 }} /> <CopyButton text={ex.output} />
          </Typography.Title>
          <pre style={sampleStyle}>{ex.output}</pre>
        </div>
      ))}
      <Section titleId="problems.detail.hint" source={problem.hint} />
      {problem.source && (
        <>
          <Typography.Title level={5}>
            <FormattedMessage id="problems.detail.source" />
          </Typography.Title>
          <Typography.Text>{problem.source}</Typography.Text>
        </>
      )}
    </Card>
  );
}
