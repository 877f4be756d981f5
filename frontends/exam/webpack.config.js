/**
 * The exam remote: /exam and its children. The problem view with the editor comes from the problems remote
 * (its './workspace'), the clock, countdown and access rules from the contest remote (its './clock').
 */
module.exports = require('../webpack.common')({
  name: 'exam',
  dir: __dirname,
  exposes: { './app': './src/app.tsx' },
  // Located at run time through the remote manifest (webpack.common.js, runtimeRemote), like every remote's.
  remotes: ['problems', 'contest'],
  title: 'OJ Exam',
});
