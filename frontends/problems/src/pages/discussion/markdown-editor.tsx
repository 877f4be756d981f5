/** A Markdown text area with a preview tab (rendered and sanitised by @oj/kit/markdown). */
import { Input, Tabs } from 'antd';
import { useIntl } from 'react-intl';
import { Markdown } from '@oj/kit/markdown';
import { MarkdownImageButton } from '@oj/kit';

export function MarkdownEditor({
  value,
  onChange,
  rows = 10,
  maxLength,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  maxLength?: number;
  testId?: string;
}) {
  const intl = useIntl();
  return (
    <Tabs
      size="small"
      tabBarExtraContent={
        <MarkdownImageButton testId={testId && `${testId}-image`} onInsert={(md) => onChange?.(value ? `${value}\n${md}` : md)} />
      }
      items={[
        {
          key: 'write',
          label: intl.formatMessage({ id: 'problems.discussion.write' }),
          children: (
            <Input.TextArea
              value={value}
              rows={rows}
              maxLength={maxLength}
              showCount={!!maxLength}
              data-testid={testId}
              onChange={(e) => onChange?.(e.target.value)}
            />
          ),
        },
        {
          key: 'preview',
          label: intl.formatMessage({ id: 'problems.discussion.preview' }),
          children: <Markdown source={value ?? ''} breaks />,
        },
      ]}
    />
  );
}
