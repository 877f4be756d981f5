#!/usr/bin/env node
/**
 * `npm test`: builds what the end-to-end and browser suites need, then runs every
 * package's jest suites in one run. The last line is "tests: N passed, N failed, N skipped".
 */
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!process.argv.includes('--no-build')) run('npm', ['run', 'build']);
const jestArgs = process.argv.slice(2).filter((a) => a !== '--no-build');
run('npx', ['jest', '--ci', ...jestArgs]);
