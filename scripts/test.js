#!/usr/bin/env node
/**
 * `npm test`: checks what the suites need of the machine (scripts/setup-judge-host.js: bubblewrap, every judged
 * language's toolchain, Chromium; installed as root on Debian or Ubuntu, else the command is printed and, for a whole
 * run, nothing starts), builds what the end-to-end and browser suites need, then runs every package's jest suites,
 * and the browser suites (e2e/) on their own afterwards, two at a time: each starts a whole platform and Chromium, and
 * sharing the two cores with the backend suites made their timings unreliable.
 * The last line is "tests: N passed, N failed, N skipped" over both runs.
 */
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { prepareJudgeHost } = require('./setup-judge-host');

const root = path.join(__dirname, '..');
const summaryFile = path.join(os.tmpdir(), `oj-test-summary-${process.pid}.jsonl`);
const env = { ...process.env, OJ_TEST_SUMMARY_FILE: summaryFile };
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

const args = process.argv.slice(2);
const jestArgs = args.filter((a) => a !== '--no-build');
const host = prepareJudgeHost({ purpose: 'test', env });
// A whole run without them fails by the hundred after minutes of building; a chosen file may not need them.
if ((host.missing.length || host.blockers.length) && jestArgs.length === 0) {
  console.log('[setup] npm test stops here: the suites judge real programs in the sandbox and drive Chromium.');
  process.exit(1);
}
if (!args.includes('--no-build') && run('npm', ['run', 'build']) !== 0) process.exit(1);
const e2ePlatforms = Math.max(1, Number(process.env.E2E_PLATFORMS) || 2);

fs.rmSync(summaryFile, { force: true });
const statuses = [
  run('npx', ['jest', '--ci', '--passWithNoTests', ...jestArgs, '--ignoreProjects', 'e2e']),
  // E2E_PLATFORMS workers: each runs one browser suite at a time and each suite starts a whole platform, so this
  // is how many platforms share the machine's cores (e2e/harness.ts).
  run('npx', ['jest', '--ci', '--passWithNoTests', ...jestArgs, '--selectProjects', 'e2e', `--maxWorkers=${e2ePlatforms}`]),
];
const totals = { passed: 0, failed: 0, skipped: 0 };
if (fs.existsSync(summaryFile)) {
  for (const line of fs.readFileSync(summaryFile, 'utf8').split('\n').filter(Boolean)) {
    const c = JSON.parse(line);
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  }
  fs.rmSync(summaryFile, { force: true });
}
// A jest run that failed without reporting (bad config, crash) still fails the whole command.
const failed = statuses.some((s) => s !== 0);
if (failed && totals.failed === 0) totals.failed = 1;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
