/**
 * Every message id the admin app uses exists in both locales, and the two locales have the same ids
 * with the same placeholders. Fails on a missing id in either locale.
 */
import fs from 'fs';
import path from 'path';
import { Role } from '@oj/contracts';
import enUS from '../src/locales/en-US';
import zhCN from '../src/locales/zh-CN';

const SRC = path.join(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Ids written as literals in the code ('admin.x.y'), plus the ids built from role numbers. */
function usedIds(): string[] {
  const ids = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"`](admin\.[A-Za-z0-9_]+\.[A-Za-z0-9_.]+)['"`]/g)) ids.add(m[1]);
  }
  for (const role of Object.values(Role)) ids.add(`admin.role.${role}`);
  return [...ids].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('admin i18n', () => {
  const ids = usedIds();

  it('finds the ids used by the screens', () => {
    expect(ids.length).toBeGreaterThan(200);
    expect(ids).toContain('admin.login.title');
    expect(ids).toContain('admin.problemEdit.fileIoNameRequired');
  });

  it.each([
    ['zh-CN', zhCN],
    ['en-US', enUS],
  ])('%s has a non-empty text for every id in use', (_name, messages) => {
    const missing = ids.filter((id) => !messages[id]?.trim());
    expect(missing).toEqual([]);
  });

  it('zh-CN and en-US have the same ids', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('every id follows admin.<screen>.<item>', () => {
    const bad = Object.keys(enUS).filter((id) => !/^admin\.[a-z][A-Za-z]*\.[A-Za-z0-9]+$/.test(id));
    expect(bad).toEqual([]);
  });

  it('both locales use the same placeholders in each text', () => {
    const mismatched = Object.keys(enUS).filter(
      (id) => JSON.stringify(placeholders(enUS[id])) !== JSON.stringify(placeholders(zhCN[id] ?? '')),
    );
    expect(mismatched).toEqual([]);
  });

  it('has no locale entry that nothing uses', () => {
    const used = new Set(ids);
    expect(Object.keys(enUS).filter((id) => !used.has(id))).toEqual([]);
  });
});
