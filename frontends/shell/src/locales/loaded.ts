/**
 * The shell's texts as the running app uses them: only the chosen language's file is loaded, the other is its own
 * chunk fetched when the user switches (issue 37: a first page carries one language's texts, not both).
 * `./index.ts` keeps both languages in one map for the tests and the catalogue check; app code imports this file.
 */
import type { Locale } from '@oj/contracts';
import { createStore, useStore, type LocaleMessages, type Messages } from '@oj/kit/core';

const LOADERS: Record<Locale, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import(/* webpackChunkName: "shell-zh-CN" */ './zh-CN'),
  'en-US': () => import(/* webpackChunkName: "shell-en-US" */ './en-US'),
};

/** The languages loaded so far. */
export const shellMessagesStore = createStore<Partial<LocaleMessages>>({});

/** Loads a language's texts once; resolves when they are in the store. */
export async function loadShellMessages(locale: Locale): Promise<void> {
  if (shellMessagesStore.get()[locale]) return;
  const { default: messages } = await LOADERS[locale]();
  shellMessagesStore.set((loaded) => ({ ...loaded, [locale]: messages }));
}

/** The loaded languages' texts, re-rendering when one arrives (shaped as kit's LocaleProvider takes them). */
export const useShellMessages = (): LocaleMessages => useStore(shellMessagesStore) as LocaleMessages;
