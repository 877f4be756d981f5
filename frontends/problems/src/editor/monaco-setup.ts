/** Loaded on demand only (a separate chunk): monaco itself, bundled locally, and our themes. */
import * as monaco from 'monaco-editor';
import { EDITOR_THEMES } from '@oj/contracts';
import { themeData, themeId } from './themes';

for (const name of EDITOR_THEMES) monaco.editor.defineTheme(themeId(name), themeData(name));

export { monaco };
