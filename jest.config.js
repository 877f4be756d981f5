/**
 * One jest run over every package (`npm test`). Each package keeps its own
 * jest.config.js so it can also be tested alone (`npm test -w backend`).
 */
const fs = require('fs');
const path = require('path');

const frontends = fs.readdirSync(path.join(__dirname, 'frontends')).map((name) => `frontends/${name}`);
module.exports = {
  projects: ['packages/contracts', 'backend', 'judge-sandbox', ...frontends, 'e2e']
    .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'jest.config.js')))
    .map((dir) => `<rootDir>/${dir}`),
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
  // Global options: jest ignores them in a project's config when several projects run together.
  maxWorkers: 2,
  testSequencer: '<rootDir>/scripts/jest-sequencer.js',
};
