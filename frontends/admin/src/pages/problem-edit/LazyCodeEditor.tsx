import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** The code editor behind a dynamic import, so monaco is its own chunk. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Spin />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
