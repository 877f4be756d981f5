/**
 * Prints the plain closing line CI reads ("tests: N passed, N failed, N skipped") as the very last line of
 * the run, after jest's own summary. When scripts/test.js runs jest more than once it sets
 * OJ_TEST_SUMMARY_FILE: the counts are appended there and test.js prints one line for all runs.
 *
 * Before it, the run's wall time and its slowest suites, so a CI log says where its minutes went (issue 33's
 * budget for `npm test`); scripts/jest-sequencer.js starts the slowest ones first.
 */
const fs = require('fs');
const path = require('path');

const SLOWEST_SHOWN = 15;

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunStart() {
    this.startedAt = Date.now();
  }

  onRunComplete(_contexts, results) {
    // A suite that crashes before its tests run has no failed test of its own: count it.
    const crashedSuites = results.testResults.filter((r) => r.testExecError && r.numFailingTests === 0).length;
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + crashedSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    const suites = results.testResults
      .map((r) => ({ file: path.relative(this.rootDir, r.testFilePath), s: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((r) => Number.isFinite(r.s) && r.s > 0)
      .sort((a, b) => b.s - a.s);
    const busy = suites.reduce((sum, r) => sum + r.s, 0);
    const wall = (Date.now() - (this.startedAt ?? Date.now())) / 1000;
    console.log(
      `\njest: ${suites.length} suites in ${wall.toFixed(0)} s (suites' own time ${busy.toFixed(0)} s); slowest:\n` +
        suites
          .slice(0, SLOWEST_SHOWN)
          .map((r) => `  ${r.s.toFixed(1).padStart(7)} s  ${r.file}`)
          .join('\n'),
    );
    if (process.env.OJ_TEST_SUMMARY_FILE) {
      fs.appendFileSync(process.env.OJ_TEST_SUMMARY_FILE, JSON.stringify(counts) + '\n');
      return;
    }
    const line = `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`;
    process.once('exit', () => fs.writeSync(1, '\n' + line));
  }
}
module.exports = SummaryReporter;
