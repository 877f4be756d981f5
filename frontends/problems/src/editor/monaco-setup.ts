/**
 * Loaded on demand only (a separate chunk): monaco itself, bundled locally, and our themes. The editor API
 * without its contributions: the webpack plugin adds the features and languages webpack.common.js lists
 * (issue 37: the whole 'monaco-editor' entry brought every feature, the diff editor and the command palette
 * included, to every problem page).
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import { EDITOR_THEMES } from '@oj/contracts';
import { themeData, themeId } from './themes';

for (const name of EDITOR_THEMES) monaco.editor.defineTheme(themeId(name), themeData(name));

export { monaco };
