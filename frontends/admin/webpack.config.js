/** The admin remote: container `admin`, exposes './app' (single-spa lifecycles), standalone page for development. */
module.exports = require('../webpack.common')({
  name: 'admin',
  dir: __dirname,
  exposes: { './app': './src/app.tsx' },
  monaco: true,
  extraShared: ['@ant-design/pro-components'],
  title: 'OJ Admin',
});
