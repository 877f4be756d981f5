/** The code of each problem and the editor options, kept in localStorage (product §2, §3 "Local storage"). */
import { EDITOR_TAB_SIZES, EDITOR_THEMES } from '@oj/contracts';
import type { EditorTheme } from '../../editor/themes';

const CODE_KEY = (problemId: string) => `problemCode:${problemId}`;
export const LANGUAGE_KEY = 'problemLanguage';
const THEME_KEY = 'editorTheme';
const TAB_KEY = 'editorTabSize';

export interface StoredCode {
  language: string;
  code: string;
}

export function loadCode(problemId: string): StoredCode | null {
  try {
    const v = JSON.parse(localStorage.getItem(CODE_KEY(problemId)) || 'null');
    return v && typeof v.code === 'string' && typeof v.language === 'string' ? v : null;
  } catch {
    return null;
  }
}
export const saveCode = (problemId: string, stored: StoredCode): void => localStorage.setItem(CODE_KEY(problemId), JSON.stringify(stored));

export const loadLanguage = (): string | null => localStorage.getItem(LANGUAGE_KEY);
export const saveLanguage = (language: string): void => localStorage.setItem(LANGUAGE_KEY, language);

export function loadTheme(): EditorTheme {
  const v = localStorage.getItem(THEME_KEY);
  return (EDITOR_THEMES as readonly string[]).includes(v ?? '') ? (v as EditorTheme) : 'idea';
}
export const saveTheme = (theme: EditorTheme): void => localStorage.setItem(THEME_KEY, theme);

export function loadTabSize(): number {
  const v = Number(localStorage.getItem(TAB_KEY));
  return (EDITOR_TAB_SIZES as readonly number[]).includes(v) ? v : 4;
}
export const saveTabSize = (size: number): void => localStorage.setItem(TAB_KEY, String(size));

/** The language to start with: the stored code's, else the last chosen if allowed, else the first. */
export function initialLanguage(allowed: string[], stored: StoredCode | null, last: string | null): string {
  if (stored && allowed.includes(stored.language)) return stored.language;
  if (last && allowed.includes(last)) return last;
  return allowed.find((l) => /^C\+\+/.test(l)) ?? allowed[0] ?? '';
}
