/**
 * `@oj/kit/markdown`: Markdown with KaTeX maths ($...$ and $$...$$), sanitized before it reaches the DOM.
 * Problem statements, contest descriptions and announcements all render through it. A subpath of its own,
 * not part of `@oj/kit`: apps without Markdown do not load KaTeX and marked.
 */
import { useMemo } from 'react';
import { Marked } from 'marked';
import katex from 'katex';
import DOMPurify from 'dompurify';
import 'katex/dist/katex.min.css';

/** `breaks`: a single newline becomes a line break (announcements are typed like messages, statements are not). */
const parsers = { statement: new Marked({ gfm: true, breaks: false }), message: new Marked({ gfm: true, breaks: true }) };

const MATH = /\$\$([\s\S]+?)\$\$|\$((?:\\\$|[^$\n])+?)\$/g;

/** Renders maths first (into placeholders marked cannot mangle: it would eat `_` and `*`), then Markdown, then sanitizes. */
export function renderMarkdown(source: string, { breaks = false }: { breaks?: boolean } = {}): string {
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
  const parser = breaks ? parsers.message : parsers.statement;
  const html = (parser.parse(withPlaceholders) as string).replace(/OJMATH(\d+)END/g, (_m, i: string) => rendered[Number(i)]);
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true, svg: true, mathMl: true } });
}

export function Markdown({ source, testId, breaks }: { source: string; testId?: string; breaks?: boolean }) {
  const html = useMemo(() => renderMarkdown(source, { breaks }), [source, breaks]);
  return <div className="oj-markdown" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
