/* global jest */
// Each test's time limit, for every project alike: suites boot apps on real PostgreSQL and Redis and judge real
// programs. A project's own config may not carry `testTimeout` (a global option in jest 29, ignored with a warning
// when several projects run together), so it is set here, in every test file's environment. e2e sets its own.
jest.setTimeout(120_000);
