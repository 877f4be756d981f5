/** The admin remote: container `admin`, exposes './app' (single-spa lifecycles) and './group-editors' (group content editors, issue 17), standalone page for development. */
module.exports = require('../webpack.common')({
  name: 'admin',
  dir: __dirname,
  exposes: { './app': './src/app.tsx', './group-editors': './src/group-editors.tsx' },
  monaco: true,
  title: 'OJ Admin',
});
