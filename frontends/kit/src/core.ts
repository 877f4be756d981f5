/**
 * `@oj/kit/core`: the part of kit without antd (API client, stores, auth, locale store, texts, format
 * helpers). It is its own Module Federation singleton, so an app can draw its first page without
 * loading antd (the shell's chrome), while `@oj/kit` adds the antd-based parts on top of the same state.
 */
export * from './api/client';
export * from './api/prefetch';
export * from './store/create-store';
export * from './auth/auth-store';
export * from './auth/dialog-store';
export * from './auth/website-config';
export * from './i18n/locale-store';
export * from './i18n/kit-messages';
export { localizeServerMessage, serverMessages } from './i18n/server-messages';
export type { Messages } from './i18n/locale-check';
export * from './utils/format';
export * from './utils/language-search';
export * from './utils/discussion-category';
export * from './store/user-name-styles';
export * from './components/user-link';
