/**
 * One jest run over every package (`npm test`). Each package keeps its own
 * jest.config.js so it can also be tested alone (`npm test -w backend`).
 */
module.exports = {
  projects: [
    '<rootDir>/packages/contracts',
    '<rootDir>/backend',
    '<rootDir>/judge-sandbox',
    '<rootDir>/frontends/kit',
    '<rootDir>/frontends/shell',
    '<rootDir>/frontends/problems',
    '<rootDir>/frontends/admin',
    '<rootDir>/e2e',
  ].filter((dir) => require('fs').existsSync(dir.replace('<rootDir>', __dirname) + '/jest.config.js')),
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
