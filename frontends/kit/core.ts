// `@oj/kit/core` (see src/core.ts)
export * from './src/core';
