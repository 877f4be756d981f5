/**
 * The shared locale completeness check (issue 5 "i18n"): every frontend package calls this from a jest
 * test, so `npm test` fails on an id missing from either locale or used in code but defined nowhere.
 * Node only: not exported from the package index (the browser bundle never sees it).
 */
import * as path from 'path';
import { Messages, findBadIds, findLocaleGaps, findUsedIds, readSources } from './locale-check';

export function describeLocaleCompleteness(opts: {
  name: string;
  locales: Record<string, Messages>;
  /** extra messages the package may use (kit's), per locale */
  inherited?: Record<string, Messages>;
  srcDir: string;
  prefixes: string[];
}): void {
  const { name, locales, inherited = {}, srcDir, prefixes } = opts;
  describe(`${name} locales`, () => {
    it('defines every id in both zh-CN and en-US', () => {
      expect(Object.keys(locales).sort()).toEqual(['en-US', 'zh-CN']);
      const gaps = findLocaleGaps(locales);
      expect(gaps).toEqual({ 'zh-CN': [], 'en-US': [] });
    });

    it('names ids area.screen.item', () => {
      for (const messages of Object.values(locales)) expect(findBadIds(messages)).toEqual([]);
    });

    it('defines every id the source code uses', () => {
      const used = findUsedIds(readSources(path.resolve(srcDir)), prefixes);
      expect(used.length).toBeGreaterThan(0);
      for (const [locale, messages] of Object.entries(locales)) {
        const all = { ...(inherited[locale] ?? {}), ...messages };
        expect({ locale, missing: used.filter((id) => !(id in all)) }).toEqual({ locale, missing: [] });
      }
    });
  });
}
