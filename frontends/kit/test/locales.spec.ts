import * as path from 'path';
import { describeLocaleCompleteness } from '../src/i18n/locale-test-helper';
import { findLocaleGaps, findUsedIds } from '../src/i18n/locale-check';
import zhCN from '../src/locales/zh-CN';
import enUS from '../src/locales/en-US';

describeLocaleCompleteness({
  name: 'kit',
  locales: { 'zh-CN': zhCN, 'en-US': enUS },
  srcDir: path.join(__dirname, '../src'),
  prefixes: ['kit.'],
});

describe('locale check', () => {
  it('reports an id missing from one locale', () => {
    expect(findLocaleGaps({ 'zh-CN': { 'a.b.c': '甲', 'a.b.d': '乙' }, 'en-US': { 'a.b.c': 'A' } })).toEqual({
      'zh-CN': [],
      'en-US': ['a.b.d'],
    });
  });

  it('reports an empty text as missing', () => {
    expect(findLocaleGaps({ 'zh-CN': { 'a.b.c': ' ' }, 'en-US': { 'a.b.c': 'A' } })['zh-CN']).toEqual(['a.b.c']);
  });

  it('finds ids used in JSX and formatMessage calls', () => {
    const src = `<FormattedMessage id="shell.nav.home" /> intl.formatMessage({ id: 'shell.nav.login' }) t('shell.account.username')`;
    expect(findUsedIds([src], ['shell.'])).toEqual(['shell.account.username', 'shell.nav.home', 'shell.nav.login']);
  });
});
