/** Statement text: Markdown with KaTeX maths ($...$ and $$...$$), sanitized before it reaches the DOM. */
import { useMemo } from 'react';
import { Marked } from 'marked';
import katex from 'katex';
import DOMPurify from 'dompurify';
import 'katex/dist/katex.min.css';

const marked = new Marked({ gfm: true, breaks: false });

const MATH = /\$\$([\s\S]+?)\$\$|\$((?:\\\$|[^$\n])+?)\$/g;

/** Renders maths first (into placeholders marked cannot mangle), then Markdown, then sanitizes. */
export function renderMarkdown(source: string): string {
  const rendered: string[] = [];
  const withPlaceholders = (source || '').replace(MATH, (_m, block: string | undefined, inline: string | undefined) => {
    const tex = block ?? inline ?? '';
    let html: string;
    try {
      html = katex.renderToString(tex, { displayMode: block !== undefined, throwOnError: false, output: 'html' });
    } catch {
      html = tex;
    }
    rendered.push(html);
    return `OJMATH${rendered.length - 1}END`;
  });
  const html = (marked.parse(withPlaceholders) as string).replace(/OJMATH(\d+)END/g, (_m, i: string) => rendered[Number(i)]);
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true, svg: true, mathMl: true } });
}

export function Markdown({ source, testId }: { source: string; testId?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="oj-markdown" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
