/**
 * The contest remote: /contest and its children. The problem view with the editor comes from the problems
 * remote (its './workspace'), so monaco is bundled once, by problems, with its workers from /remotes/problems/.
 */
module.exports = require('../webpack.common')({
  name: 'contest',
  dir: __dirname,
  exposes: { './app': './src/app.tsx', './clock': './src/exposed/clock.tsx' },
  remotes: ['problems'],
  title: 'OJ Contest',
});
