/** The code editor: monaco loaded lazily (only pages that edit code pay for it), workers from our origin. */
import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import type * as Monaco from 'monaco-editor';
import { EditorTheme, monacoLanguage, themeId } from './themes';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: string;
  theme: EditorTheme;
  tabSize: number;
  height?: number;
}

export function CodeEditor({ value, onChange, language, theme, tabSize, height = 460 }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<typeof Monaco | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    void import(/* webpackChunkName: "monaco" */ './monaco-setup').then(({ monaco }) => {
      if (disposed || !host.current) return;
      monacoRef.current = monaco;
      const instance = monaco.editor.create(host.current, {
        value,
        language: monacoLanguage(language),
        theme: themeId(theme),
        tabSize,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 14,
        scrollBeyondLastLine: false,
      });
      instance.onDidChangeModelContent(() => onChangeRef.current(instance.getValue()));
      editor.current = instance;
      setReady(true);
    });
    return () => {
      disposed = true;
      editor.current?.getModel()?.dispose();
      editor.current?.dispose();
      editor.current = null;
    };
    // created once; later prop changes are applied below
  }, []);

  useEffect(() => {
    const model = editor.current?.getModel();
    if (model && monacoRef.current) monacoRef.current.editor.setModelLanguage(model, monacoLanguage(language));
  }, [language, ready]);
  useEffect(() => {
    if (monacoRef.current && ready) monacoRef.current.editor.setTheme(themeId(theme));
  }, [theme, ready]);
  useEffect(() => {
    editor.current?.getModel()?.updateOptions({ tabSize });
  }, [tabSize, ready]);
  useEffect(() => {
    // external changes (template, reset, restored code) replace the text
    if (editor.current && editor.current.getValue() !== value) editor.current.setValue(value);
  }, [value]);

  return (
    <div style={{ position: 'relative', border: '1px solid #d9d9d9' }}>
      <div ref={host} style={{ height }} data-testid="code-editor" data-ready={ready ? 'true' : 'false'} />
      {!ready && <Spin style={{ position: 'absolute', left: '50%', top: '45%' }} />}
    </div>
  );
}
