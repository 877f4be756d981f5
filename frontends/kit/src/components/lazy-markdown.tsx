/**
 * `LazyMarkdown`: `@oj/kit/markdown`'s `Markdown`, loaded when a text is first shown. Its renderer (marked, KaTeX and
 * DOMPurify, about 100 KB gzip) then comes in a chunk of its own instead of with the page's code: a remote whose
 * pages are all in its './app' (contest, exam, group) drew its scoreboards and lists with KaTeX loaded and run
 * (issue 37). Pages that open on a text (a problem statement) import `Markdown` itself.
 */
import { Suspense, lazy } from 'react';

const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

export function LazyMarkdown(props: { source: string; testId?: string; breaks?: boolean }) {
  return (
    <Suspense fallback={<div className="oj-markdown" aria-busy="true" />}>
      <Markdown {...props} />
    </Suspense>
  );
}
