/**
 * The group remote: /group and its children (product §2). A group's problems open in the problems remote's
 * './workspace', its contests, trainings and exams are the contest, problems and exam remotes' own pages (a
 * group contest is a contest), the status and auth tags come from the contest remote's './clock', and the
 * group admins' editors from the admin remote's './group-editors'.
 */
module.exports = require('../webpack.common')({
  name: 'group',
  dir: __dirname,
  exposes: { './app': './src/app.tsx' },
  remotes: ['problems', 'contest', 'admin'],
  title: 'OJ Group',
});
