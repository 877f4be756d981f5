/** The problems remote: /problem, /status, /acm-rank, /oi-rank, /training, /discussion. */
module.exports = require('../webpack.common')({
  name: 'problems',
  dir: __dirname,
  exposes: {
    './app': './src/app.tsx',
    './preload': './src/preload.ts',
    './workspace': './src/exposed/workspace.tsx',
    './comments': './src/exposed/comments.tsx',
    './case-results': './src/exposed/case-results.tsx',
  },
  monaco: true,
  title: 'OJ Problems',
});
