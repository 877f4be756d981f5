/** Contest description and announcements: Markdown, sanitized before it reaches the DOM. */
import { useMemo } from 'react';
import { Marked } from 'marked';
import DOMPurify from 'dompurify';

const marked = new Marked({ gfm: true, breaks: true });

export const renderMarkdown = (source: string): string => DOMPurify.sanitize(marked.parse(source || '') as string);

export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="oj-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
