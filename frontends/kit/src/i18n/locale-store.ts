/** The interface language (product §1, §9): zh-CN by default, the user's choice remembered. */
import { DEFAULT_LOCALE, LOCALES, Locale } from '@oj/contracts';
import { createStore, useStore } from '../store/create-store';

export const LOCALE_STORAGE_KEY = 'webLanguage';

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

function readLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export const localeStore = createStore<Locale>(readLocale());

export function setLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  localeStore.set(locale);
}

export const useLocale = (): Locale => useStore(localeStore);
