import { renderMarkdown } from '../src/components/markdown';

describe('statement rendering', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('**bold** text')).toContain('<strong>bold</strong>');
  });

  it('renders inline and display maths with KaTeX', () => {
    const html = renderMarkdown('Given $a_i \\le 10^9$ and $$\\sum_{i=1}^n a_i$$');
    expect(html).toContain('class="katex"');
    expect(html).toContain('katex-display');
  });

  it('removes scripts and event handlers', () => {
    const html = renderMarkdown('<img src="x" onerror="alert(1)"><script>alert(2)</script>hello');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(html).toContain('hello');
  });
});
