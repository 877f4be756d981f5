/** `@oj/kit/markdown`: statements, contest descriptions and announcements. */
import { renderMarkdown } from '../src/components/markdown';

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('**bold** text')).toContain('<strong>bold</strong>');
  });

  it('renders inline and display maths with KaTeX and keeps Markdown around them', () => {
    const html = renderMarkdown('Print **a_1 + b_1** where $a_1 \\le 10^9$.\n\n$$\\sum_{i=1}^n x_i$$');
    expect(html).toContain('<strong>a_1 + b_1</strong>');
    expect(html.match(/class="katex"/g)).toHaveLength(2);
    expect(html).toContain('katex-display');
    expect(html).not.toContain('$');
  });

  it('turns single newlines into line breaks only when asked (messages, not statements)', () => {
    expect(renderMarkdown('one\ntwo')).not.toContain('<br');
    expect(renderMarkdown('one\ntwo', { breaks: true })).toContain('<br');
  });

  it('removes scripts and event handlers', () => {
    const html = renderMarkdown('<img src="x" onerror="alert(1)"><script>alert(2)</script>hello');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(html).toContain('hello');
  });
});
