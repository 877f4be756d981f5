// One ESLint config for every package (flat config).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        localStorage: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        Blob: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // The judge reaches the sandbox through judge-sandbox/src/sandbox/index.ts only (issue 33: a small surface).
    files: ['judge-sandbox/src/**/*.ts', 'judge-sandbox/test/**/*.ts'],
    ignores: ['judge-sandbox/src/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/*', '!**/sandbox/index'],
              message: 'Import the sandbox through its entry, judge-sandbox/src/sandbox (index.ts), not one of its files.',
            },
          ],
        },
      ],
    },
  },
  {
    // The backend's tests start a judge worker in-process: through the judge's entry (judge-sandbox/src/index.ts), as
    // a deployment would use its package, never one of its files.
    files: ['backend/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/judge-sandbox/src/*'],
              message: 'Import the judge through its entry, judge-sandbox/src (index.ts), not one of its files.',
            },
          ],
        },
      ],
    },
  },
);
