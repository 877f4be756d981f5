/** The shell: Module Federation host and single-spa root config, served at /. */
module.exports = require('../webpack.common')({ name: 'shell', dir: __dirname, host: true, title: 'OJ' });
