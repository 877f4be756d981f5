/**
 * `@oj/kit/markdown-editor`: a Markdown text area with its preview, rendered and sanitized by `renderMarkdown`
 * exactly as the page that shows the text renders it (`breaks` must match that page). Used by the discussion
 * editor (preview in a tab) and by the admin problem editor's statement fields (preview beside the text,
 * updated as one types). A subpath of its own like `@oj/kit/markdown`: it brings KaTeX and marked, which
 * apps without a Markdown editor should not load.
 */
import { Col, Input, Row, Space, Tabs } from 'antd';
import { useDeferredValue } from 'react';
import { useIntl } from 'react-intl';
import { Markdown } from './markdown';
import { MarkdownImageButton } from './markdown-image-button';
import kitZh from '../locales/zh-CN';
import kitEn from '../locales/en-US';

/**
 * This entry is bundled into each app, but kit's texts on the page are those of the shared `@oj/kit` (the shell's
 * build, which may be older than the app's): the texts this editor brought are the fallback.
 */
const bundledText = (locale: string, id: string): string | undefined => (locale === 'en-US' ? kitEn : kitZh)[id];

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (v: string) => void;
  /** The text area's id: a Form.Item passes its field id, which ties the label to the text area. */
  id?: string;
  /** Fixed height; `minRows` instead lets the text area grow with its text. */
  rows?: number;
  minRows?: number;
  maxLength?: number;
  /** `data-testid` of the text area; the preview is `${testId}-preview`, the image button `${testId}-image`. */
  testId?: string;
  /** Single newlines as line breaks: only where the page showing the text renders it so (messages, comments). */
  breaks?: boolean;
  /** 'tab': write and preview in two tabs (narrow dialogs); 'side': the preview beside the text (below it on a phone). */
  layout?: 'tab' | 'side';
}

export function MarkdownEditor({
  value,
  onChange,
  id,
  rows = 10,
  minRows,
  maxLength,
  testId,
  breaks = false,
  layout = 'tab',
}: MarkdownEditorProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id, defaultMessage: bundledText(intl.locale, id) });
  // Rendering KaTeX on every key of a long statement would make typing lag: the preview follows when React is idle.
  const previewSource = useDeferredValue(value ?? '');
  const imageButton = (
    <MarkdownImageButton testId={testId && `${testId}-image`} onInsert={(md) => onChange?.(value ? `${value}\n${md}` : md)} />
  );
  const textArea = (
    <Input.TextArea
      id={id}
      value={value}
      rows={minRows ? undefined : rows}
      autoSize={minRows ? { minRows, maxRows: Math.max(minRows, 30) } : undefined}
      maxLength={maxLength}
      showCount={!!maxLength}
      data-testid={testId}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
  const preview = (
    <div className="oj-markdown-preview" data-testid={testId && `${testId}-preview`}>
      <Markdown source={previewSource} breaks={breaks} />
    </div>
  );
  const previewLabel = text('kit.mdEditor.preview');

  if (layout === 'side') {
    return (
      <div>
        <Row gutter={[12, 8]}>
          <Col xs={24} md={12}>
            {textArea}
          </Col>
          <Col xs={24} md={12}>
            <section
              aria-label={previewLabel}
              style={{
                border: '1px solid rgba(5, 5, 5, 0.15)',
                borderRadius: 6,
                padding: '4px 11px',
                minHeight: '100%',
                maxHeight: 640,
                overflow: 'auto',
                background: 'rgba(0, 0, 0, 0.02)',
              }}
            >
              <div style={{ color: 'rgba(0, 0, 0, 0.45)', fontSize: 12 }}>{previewLabel}</div>
              {preview}
            </section>
          </Col>
        </Row>
        <Space style={{ marginTop: 8 }}>{imageButton}</Space>
      </div>
    );
  }
  return (
    <Tabs
      size="small"
      tabBarExtraContent={imageButton}
      items={[
        { key: 'write', label: text('kit.mdEditor.write'), children: textArea },
        { key: 'preview', label: previewLabel, children: preview },
      ]}
    />
  );
}
