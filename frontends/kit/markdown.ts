// `@oj/kit/markdown` (see src/components/markdown.tsx)
export * from './src/components/markdown';
