// The antd-free state and helpers come through the shared `@oj/kit/core`: one copy per page,
// whichever container provides `@oj/kit`.
export * from '@oj/kit/core';
export * from './i18n/locale-provider';
export * from './components/status-pages';
export * from './components/judge-status-tag';
export * from './components/queue-place';
export * from './components/markdown-image-button';
export * from './components/user-name';
export * from './components/posting-rules';
export * from './components/password-entry-form';
export * from './components/lazy-markdown';
