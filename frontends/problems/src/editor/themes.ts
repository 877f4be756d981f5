/** The editor themes of product §2 as monaco themes (colours after the CodeMirror themes of the same names). */
import type { editor } from 'monaco-editor';
import { EDITOR_THEMES } from '@oj/contracts';

export type EditorTheme = (typeof EDITOR_THEMES)[number];

interface Palette {
  dark: boolean;
  bg: string;
  fg: string;
  comment: string;
  keyword: string;
  string: string;
  number: string;
  type: string;
  lineHighlight: string;
  selection: string;
}

const PALETTES: Record<EditorTheme, Palette> = {
  monokai: {
    dark: true,
    bg: '#272822',
    fg: '#f8f8f2',
    comment: '#75715e',
    keyword: '#f92672',
    string: '#e6db74',
    number: '#ae81ff',
    type: '#66d9ef',
    lineHighlight: '#3e3d32',
    selection: '#49483e',
  },
  solarized: {
    dark: false,
    bg: '#fdf6e3',
    fg: '#657b83',
    comment: '#93a1a1',
    keyword: '#859900',
    string: '#2aa198',
    number: '#d33682',
    type: '#b58900',
    lineHighlight: '#eee8d5',
    selection: '#eee8d5',
  },
  material: {
    dark: true,
    bg: '#263238',
    fg: '#eeffff',
    comment: '#546e7a',
    keyword: '#c792ea',
    string: '#c3e88d',
    number: '#f78c6c',
    type: '#ffcb6b',
    lineHighlight: '#2c3b41',
    selection: '#80cbc420',
  },
  idea: {
    dark: false,
    bg: '#ffffff',
    fg: '#000000',
    comment: '#808080',
    keyword: '#000080',
    string: '#008000',
    number: '#0000ff',
    type: '#000080',
    lineHighlight: '#fffae3',
    selection: '#c7d0ff',
  },
  eclipse: {
    dark: false,
    bg: '#ffffff',
    fg: '#000000',
    comment: '#3f7f5f',
    keyword: '#7f0055',
    string: '#2a00ff',
    number: '#164',
    type: '#7f0055',
    lineHighlight: '#e8f2ff',
    selection: '#d7d4f0',
  },
  'base16-dark': {
    dark: true,
    bg: '#151515',
    fg: '#e0e0e0',
    comment: '#8f5536',
    keyword: '#ac4142',
    string: '#90a959',
    number: '#aa759f',
    type: '#f4bf75',
    lineHighlight: '#202020',
    selection: '#303030',
  },
  cobalt: {
    dark: true,
    bg: '#002240',
    fg: '#ffffff',
    comment: '#0088ff',
    keyword: '#ffee80',
    string: '#3ad900',
    number: '#ff80e1',
    type: '#ff9d00',
    lineHighlight: '#00284a',
    selection: '#b36539',
  },
  dracula: {
    dark: true,
    bg: '#282a36',
    fg: '#f8f8f2',
    comment: '#6272a4',
    keyword: '#ff79c6',
    string: '#f1fa8c',
    number: '#bd93f9',
    type: '#8be9fd',
    lineHighlight: '#44475a',
    selection: '#44475a',
  },
};

const hex = (c: string) => c.replace('#', '');

export function themeData(name: EditorTheme): editor.IStandaloneThemeData {
  const p = PALETTES[name];
  return {
    base: p.dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [
      { token: '', foreground: hex(p.fg), background: hex(p.bg) },
      { token: 'comment', foreground: hex(p.comment), fontStyle: 'italic' },
      { token: 'keyword', foreground: hex(p.keyword) },
      { token: 'string', foreground: hex(p.string) },
      { token: 'number', foreground: hex(p.number) },
      { token: 'type', foreground: hex(p.type) },
    ],
    colors: {
      'editor.background': p.bg,
      'editor.foreground': p.fg,
      'editor.lineHighlightBackground': p.lineHighlight,
      'editor.selectionBackground': p.selection,
    },
  };
}

export const themeId = (name: EditorTheme): string => `oj-${name}`;

/** Editor mode for a judge language name (HOJ names, e.g. "C++ With O2", "Python3", "Java"). */
export function monacoLanguage(language: string): string {
  const l = language.toLowerCase();
  if (l.startsWith('c++') || l === 'c' || l.startsWith('c ') || l.startsWith('c(')) return 'cpp';
  if (l.startsWith('c#')) return 'csharp';
  if (l.startsWith('java') && !l.startsWith('javascript')) return 'java';
  if (l.startsWith('python') || l.startsWith('pypy')) return 'python';
  if (l.startsWith('golang') || l === 'go' || l.startsWith('go ')) return 'go';
  if (l.startsWith('javascript') || l.startsWith('node')) return 'javascript';
  if (l.startsWith('typescript')) return 'typescript';
  if (l.startsWith('rust')) return 'rust';
  if (l.startsWith('kotlin')) return 'kotlin';
  if (l.startsWith('php')) return 'php';
  if (l.startsWith('ruby')) return 'ruby';
  if (l.startsWith('pascal')) return 'pascal';
  return 'plaintext';
}
