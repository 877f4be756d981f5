/** Locale completeness (issue 5 "i18n"): every id in one locale exists, non-empty, in the other. */
export type Messages = Record<string, string>;

export interface LocaleGaps {
  /** ids present in some locale but missing or empty in this one */
  [locale: string]: string[];
}

const ID_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+){2,}$/;

export function findLocaleGaps(locales: Record<string, Messages>): LocaleGaps {
  const all = new Set<string>();
  Object.values(locales).forEach((m) => Object.keys(m).forEach((id) => all.add(id)));
  const gaps: LocaleGaps = {};
  for (const [name, messages] of Object.entries(locales)) {
    gaps[name] = [...all].filter((id) => typeof messages[id] !== 'string' || messages[id].trim() === '').sort();
  }
  return gaps;
}

/** ids not shaped `area.screen.item` */
export const findBadIds = (messages: Messages): string[] => Object.keys(messages).filter((id) => !ID_SHAPE.test(id));

/**
 * Finds the ids a source tree uses: every string literal shaped `area.screen.item` whose area is one of
 * `prefixes` (`id="x.y.z"`, `labelId: 'x.y.z'`, `t('x.y.z')`), so a test can check they exist.
 * `sources` are file contents.
 */
export function findUsedIds(sources: string[], prefixes: string[]): string[] {
  const used = new Set<string>();
  const pattern = /['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+){2,})['"`]/g;
  for (const src of sources) {
    for (const m of src.matchAll(pattern)) if (prefixes.some((p) => m[1].startsWith(p))) used.add(m[1]);
  }
  return [...used].sort();
}

/** Reads every .ts/.tsx file under a folder (Node only; used by the locale tests). */
export function readSources(dir: string): string[] {
  const fs = require('fs') as typeof import('fs');
  const path = require('path') as typeof import('path');
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name)) out.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}
