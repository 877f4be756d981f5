/**
 * Prints the plain closing line CI reads ("tests: N passed, N failed, N skipped")
 * as the very last line of the run, after jest's own summary.
 */
const fs = require('fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    // A suite that crashes before its tests run has no failed test of its own: count it.
    const crashedSuites = results.testResults.filter((r) => r.testExecError && r.numFailingTests === 0).length;
    const failed = results.numFailedTests + crashedSuites;
    const line = `tests: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`;
    process.once('exit', () => fs.writeSync(1, '\n' + line));
  }
}
module.exports = SummaryReporter;
