/** A monaco editor as a form control (value/onChange). Loaded on demand: only the editor screens pull monaco. */
import * as monaco from 'monaco-editor';
import { useEffect, useRef } from 'react';

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** A judge language name ("C++ With O2", "Python3", ...) or a monaco language id. */
  language?: string;
  height?: number;
  testId?: string;
}

/** Maps the judge's language names to monaco language ids. */
export function monacoLanguage(name: string | undefined): string {
  const n = (name ?? '').toLowerCase();
  if (n.startsWith('c++') || n === 'c' || n.startsWith('c ') || n.startsWith('c with')) return 'cpp';
  if (n.startsWith('c#')) return 'csharp';
  if (n.startsWith('java')) return 'java';
  if (n.startsWith('python') || n.startsWith('pypy')) return 'python';
  if (n.startsWith('golang') || n === 'go') return 'go';
  if (n.startsWith('javascript') || n.startsWith('node')) return 'javascript';
  if (n.startsWith('typescript')) return 'typescript';
  if (n.startsWith('rust')) return 'rust';
  if (n.startsWith('kotlin')) return 'kotlin';
  if (n.startsWith('php')) return 'php';
  if (n.startsWith('ruby')) return 'ruby';
  if (n.startsWith('pascal')) return 'pascal';
  return 'plaintext';
}

export default function CodeEditor({ value = '', onChange, language, height = 300, testId }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  useEffect(() => {
    if (!host.current) return;
    const instance = monaco.editor.create(host.current, {
      value,
      language: monacoLanguage(language),
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      tabSize: 4,
      scrollBeyondLastLine: false,
    });
    editor.current = instance;
    const sub = instance.onDidChangeModelContent(() => changeRef.current?.(instance.getValue()));
    return () => {
      sub.dispose();
      instance.getModel()?.dispose();
      instance.dispose();
      editor.current = null;
    };
    // The editor is created once; value and language are synced by the effects below.
  }, []);

  useEffect(() => {
    const instance = editor.current;
    if (instance && value !== instance.getValue()) instance.setValue(value);
  }, [value]);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (model) monaco.editor.setModelLanguage(model, monacoLanguage(language));
  }, [language]);

  return <div ref={host} data-testid={testId} style={{ height, border: '1px solid #d9d9d9', borderRadius: 6 }} />;
}
