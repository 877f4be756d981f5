/**
 * Browser tests: the real platform + Debian's Chromium. Slow: a 5-minute timeout per test (setup.ts),
 * and suites run one at a time (harness.ts holds a machine-wide lock while a platform is up).
 */
module.exports = {
  displayName: 'e2e',
  ...require('../jest.preset')(__dirname, {
    testMatch: ['**/*.e2e-spec.ts'],
    setupFilesAfterEnv: ['<rootDir>/setup.ts'],
    slowTestThreshold: 120,
  }),
};
