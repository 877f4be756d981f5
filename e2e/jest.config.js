/**
 * Browser tests: the real platform + Debian's Chromium. Slow: a 5-minute timeout per test (setup.ts),
 * and suites run two at a time (harness.ts holds one of E2E_PLATFORMS machine-wide slots while a platform is up).
 */
module.exports = {
  displayName: 'e2e',
  ...require('../jest.preset')(__dirname, {
    testMatch: ['**/*.e2e-spec.ts'],
    setupFilesAfterEnv: ['<rootDir>/setup.ts'],
    slowTestThreshold: 120,
  }),
};
