// `@oj/kit/markdown-editor` (see src/components/markdown-editor.tsx)
export * from './src/components/markdown-editor';
