import { LOCALE_STORAGE_KEY, localeStore, setLocale } from '../src';

describe('interface language', () => {
  it('defaults to zh-CN and remembers the choice', () => {
    expect(localeStore.get()).toBe('zh-CN');
    setLocale('en-US');
    expect(localeStore.get()).toBe('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
  });
});
