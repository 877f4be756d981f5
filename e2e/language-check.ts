/**
 * "No text of the other language in the chrome and messages" (issue 21), for the all-routes walk.
 *
 * zh-CN pages: the known English strings are every en-US catalogue text of every remote (read from
 * frontends/<remote>/src/locales at run time, so a new remote's texts count as soon as it lands) that is no
 * zh-CN text too (ACM, OI, English...), antd's own English texts, and the API's catalogue messages (contracts
 * MESSAGE_DEFS). en-US pages: any CJK character in the chrome is a finding.
 *
 * The chrome is what the app itself writes: navigation, menus, buttons, headings, table headers, labels,
 * placeholders, tabs, breadcrumbs, pagination, empty states, alerts, messages and results. Site content
 * (the site's name and description as the admin set them, titles, categories, user names) is named by the
 * caller and never counts, whatever its language.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { MESSAGE_DEFS } from '@oj/contracts';
import { ROOT } from './harness';

export type Lang = 'zh-CN' | 'en-US';

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60]/;

/** Texts antd and ProComponents show in English when a component is not given the zh-CN locale. */
const LIBRARY_ENGLISH = [
  'No data',
  'No Data',
  'Search',
  'Reset',
  'Query',
  'Expand',
  'Collapse',
  'Cancel',
  'Please enter',
  'Please select',
  'Go to',
  'Refresh',
  'Density',
  'Column Setting',
  'Select date',
  'Select time',
  'Previous Page',
  'Next Page',
  'items/page',
  '/ page',
];

/** The names the language switches show (the shell's footer, the admin header): each in its own language. */
const LANGUAGE_NAMES = ['简体中文', 'English'];

/** The chrome: elements whose text the app writes itself (see the file comment). */
const CHROME = [
  'nav',
  'header',
  'footer',
  '.oj-menu',
  '.ant-menu-item',
  '.ant-menu-submenu-title',
  '.ant-dropdown-menu-item',
  'button',
  'th',
  'label',
  '.ant-form-item-label',
  '.ant-form-item-explain',
  '.ant-empty-description',
  '.ant-tabs-tab',
  '.ant-breadcrumb',
  '.ant-pagination',
  '.ant-page-header-heading-title',
  '.ant-pro-page-container-title',
  '.ant-card-head-title',
  '.ant-modal-title',
  '.ant-drawer-title',
  '.ant-result-title',
  '.ant-result-subtitle',
  '.ant-message',
  '.ant-notification',
  '.ant-alert',
  '.ant-descriptions-item-label',
  '.ant-statistic-title',
  '.ant-select-selection-placeholder',
  '.ant-select-selection-item',
  '.ant-segmented-item',
  '.ant-radio-button-wrapper',
  '.ant-checkbox-wrapper',
  '.ant-steps-item-title',
  '.ant-list-empty-text',
  '[data-testid="not-found"]',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
].join(', ');

interface Known {
  /** whole chrome texts that are English catalogue texts */
  exact: Set<string>;
  /** long English catalogue texts and API messages, found inside any text of the page */
  fragments: string[];
}

let known: Known | undefined;

/** Every remote's catalogue in one locale (frontends/<remote>/src/locales/<locale>.ts). */
function catalogueTexts(locale: Lang): string[] {
  const out: string[] = [];
  const frontends = path.join(ROOT, 'frontends');
  for (const name of fs.readdirSync(frontends)) {
    const file = path.join(frontends, name, 'src/locales', `${locale}.ts`);
    if (!fs.existsSync(file)) continue;
    const mod = require(file) as { default?: Record<string, string> };
    out.push(...Object.values(mod.default ?? {}).filter((v): v is string => typeof v === 'string'));
  }
  return out;
}

const normalize = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/[\s:：*]+$/, '')
    .trim();

/** The fixed parts of a text with `{placeholders}` or numbers (a parametrised message). */
const fixedParts = (text: string) => text.split(/\{[^}]*\}|\d+/).map((p) => p.trim());

function englishKnown(): Known {
  if (known) return known;
  const zh = new Set(catalogueTexts('zh-CN').map(normalize));
  const exact = new Set<string>();
  const fragments = new Set<string>();
  const english = [...catalogueTexts('en-US'), ...LIBRARY_ENGLISH];
  for (const raw of english) {
    const text = normalize(raw);
    // a text both locales use (ACM, OI, C++, English) is no finding
    if (!/[A-Za-z]{2}/.test(text) || zh.has(text)) continue;
    if (!text.includes('{')) exact.add(text);
    for (const part of fixedParts(text)) if (part.split(' ').length >= 3 && part.length >= 14) fragments.add(part);
  }
  for (const def of MESSAGE_DEFS.values()) {
    for (const part of fixedParts(def.en)) if (part.length >= 12) fragments.add(part);
  }
  known = { exact, fragments: [...fragments] };
  return known;
}

/** The chrome's lines of text and placeholders, and the page's whole text (for messages), as shown. */
async function chromeTexts(page: Page): Promise<{ lines: string[]; body: string }> {
  return page.evaluate((selector) => {
    const lines = new Set<string>();
    for (const el of document.querySelectorAll(selector)) {
      const r = (el as HTMLElement).getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (const line of (el as HTMLElement).innerText.split('\n')) if (line.trim()) lines.add(line.trim());
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const r = (el as HTMLElement).getBoundingClientRect();
      if (r.width > 0 && r.height > 0) lines.add((el as HTMLInputElement).placeholder.trim());
    }
    return { lines: [...lines], body: document.body.innerText };
  }, CHROME);
}

/**
 * The other language's texts in a page: for a zh-CN page the known English strings, for an en-US page
 * every chrome line with a CJK character. `content` is site content, which never counts.
 */
export async function otherLanguage(page: Page, lang: Lang, content: string[]): Promise<string[]> {
  const { lines, body } = await chromeTexts(page);
  // the language switch names each language in that language (简体中文 on an en-US page), as switches do
  const names = [...content, ...LANGUAGE_NAMES];
  const strip = (text: string) => names.reduce((t, c) => (c && t.includes(c) ? t.split(c).join(' ') : t), text);
  const found = new Set<string>();
  if (lang === 'en-US') {
    for (const line of lines) if (CJK.test(strip(line))) found.add(line);
  } else {
    const { exact, fragments } = englishKnown();
    for (const line of lines) if (exact.has(normalize(strip(line)))) found.add(line);
    const text = strip(body);
    for (const f of fragments) if (text.includes(f)) found.add(f);
  }
  return [...found].slice(0, 8);
}
