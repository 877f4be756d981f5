/**
 * Prints the plain closing line CI reads ("tests: N passed, N failed, N skipped") as the very last line of
 * the run, after jest's own summary. When scripts/test.js runs jest more than once it sets
 * OJ_TEST_SUMMARY_FILE: the counts are appended there and test.js prints one line for all runs.
 */
const fs = require('fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    // A suite that crashes before its tests run has no failed test of its own: count it.
    const crashedSuites = results.testResults.filter((r) => r.testExecError && r.numFailingTests === 0).length;
    const counts = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + crashedSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    if (process.env.OJ_TEST_SUMMARY_FILE) {
      fs.appendFileSync(process.env.OJ_TEST_SUMMARY_FILE, JSON.stringify(counts) + '\n');
      return;
    }
    const line = `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`;
    process.once('exit', () => fs.writeSync(1, '\n' + line));
  }
}
module.exports = SummaryReporter;
