/**
 * The editor state and the submit flow shared by the problem page (/problem/:problemId) and the exposed
 * 'problems/workspace' (used by the contest remote): one implementation of the language / theme / tab-size
 * choice, the code kept in localStorage, the product §5 code check and the resubmit confirmation.
 */
import { ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { App, Col, Row, Select, Space } from 'antd';
import { EDITOR_TAB_SIZES, EDITOR_THEMES, LIMITS, ProblemDetail, SubmissionInfo } from '@oj/contracts';
import { LANGUAGE_SELECT_SEARCH } from '@oj/kit/core';
import { EditorTheme } from '../../editor/themes';
import * as storage from './code-storage';
import { Statement } from './statement';

/** Product §5 "Code submit": not empty, at most 65535 characters; returns the message id of the failure. */
export function codeProblem(code: string): string | null {
  if (!code.trim()) return 'problems.submit.codeEmpty';
  if (code.length > LIMITS.codeMaxChars) return 'problems.submit.codeTooLong';
  return null;
}

/** The statement on the left (on top on narrow screens) and `children` (the submit panel) beside it. */
export function StatementBeside({ detail, children }: { detail: ProblemDetail; children: ReactNode }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Statement detail={detail} />
      </Col>
      <Col xs={24} xl={12}>
        {children}
      </Col>
    </Row>
  );
}

/** Language, code, theme and tab size of one editor; the code is kept under `storageKey`. */
export function useCodeEditorState(detail: ProblemDetail, storageKey: string) {
  const languages = detail.languages;
  const stored = useMemo(() => storage.loadCode(storageKey), [storageKey]);
  const [language, setLanguage] = useState(() => storage.initialLanguage(languages, stored, storage.loadLanguage()));
  const templateOf = useCallback((lang: string) => detail.codeTemplate?.[lang] ?? '', [detail.codeTemplate]);
  const [code, setCode] = useState(() => stored?.code ?? templateOf(language));
  const [theme, setTheme] = useState<EditorTheme>(storage.loadTheme);
  const [tabSize, setTabSize] = useState(storage.loadTabSize);

  useEffect(() => {
    storage.saveCode(storageKey, { language, code });
  }, [storageKey, language, code]);

  const changeLanguage = (lang: string) => {
    setLanguage(lang);
    storage.saveLanguage(lang);
    // an untouched editor follows the language's template
    if (!code.trim() || code === templateOf(language)) setCode(templateOf(lang));
  };
  const changeTheme = (t: EditorTheme) => {
    setTheme(t);
    storage.saveTheme(t);
  };
  const changeTabSize = (s: number) => {
    setTabSize(s);
    storage.saveTabSize(s);
  };
  return { languages, language, code, setCode, theme, tabSize, templateOf, changeLanguage, changeTheme, changeTabSize };
}

export type CodeEditorState = ReturnType<typeof useCodeEditorState>;

/** The language, theme and tab-size selects above the editor; `children` are added at the end of the row. */
export function EditorToolbar({ editor, children }: { editor: CodeEditorState; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <Select
        style={{ width: 180 }}
        value={editor.language}
        onChange={editor.changeLanguage}
        options={editor.languages.map((l) => ({ value: l, label: l }))}
        {...LANGUAGE_SELECT_SEARCH}
        data-testid="language-select"
        aria-label={intl.formatMessage({ id: 'problems.submit.language' })}
      />
      <Select<EditorTheme>
        style={{ width: 140 }}
        value={editor.theme}
        onChange={editor.changeTheme}
        options={EDITOR_THEMES.map((t) => ({ value: t, label: t }))}
        aria-label={intl.formatMessage({ id: 'problems.submit.theme' })}
      />
      <Select<number>
        style={{ width: 110 }}
        value={editor.tabSize}
        onChange={editor.changeTabSize}
        options={EDITOR_TAB_SIZES.map((s) => ({ value: s, label: intl.formatMessage({ id: 'problems.submit.tabSize' }, { size: s }) }))}
      />
      {children}
    </Space>
  );
}

/**
 * Checks the code (product §5), sends it with `submitCode`, remembers the submission to watch, and asks before
 * a resubmission. `validate` shows the failure and says whether the code may be sent.
 */
export function useSubmitFlow(code: string, submitCode: () => Promise<SubmissionInfo>) {
  const intl = useIntl();
  const { message, modal } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [submitId, setSubmitId] = useState<number | null>(null);

  const validate = () => {
    const bad = codeProblem(code);
    if (bad) message.error(intl.formatMessage({ id: bad }));
    return !bad;
  };

  const send = async () => {
    setSubmitting(true);
    try {
      const submission = await submitCode();
      setSubmitId(submission.submitId);
      message.success(intl.formatMessage({ id: 'problems.submit.submitted' }));
    } catch {
      // the client showed the server's text
    } finally {
      setSubmitting(false);
    }
  };

  const submit = () => {
    if (!validate()) return;
    if (submitId == null) return void send();
    modal.confirm({
      title: intl.formatMessage({ id: 'problems.submit.resubmitTitle' }),
      content: intl.formatMessage({ id: 'problems.submit.resubmitConfirm' }),
      onOk: send,
    });
  };

  return { submitting, submitId, validate, submit };
}
