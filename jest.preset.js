/** Shared jest settings: TypeScript through ts-jest without type checking (tsc -b does that in CI). */
const path = require('path');
module.exports = (dir, overrides = {}) => ({
  rootDir: dir,
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { diagnostics: false, tsconfig: path.join(dir, 'tsconfig.json') }],
  },
  moduleNameMapper: {
    '^@oj/contracts$': path.join(__dirname, 'packages/contracts/src'),
    '^@oj/kit/core$': path.join(__dirname, 'frontends/kit/src/core'),
    '^@oj/kit/markdown$': path.join(__dirname, 'frontends/kit/src/components/markdown'),
    '^@oj/kit$': path.join(__dirname, 'frontends/kit/src'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.timeout.js')],
  ...overrides,
});
