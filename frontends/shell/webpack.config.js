/** The shell: Module Federation host and single-spa root config, served at /. */
const { execFileSync } = require('child_process');
const crypto = require('crypto');
const path = require('path');
const webpack = require('webpack');

/**
 * antd's static sheet (antd-static-style.js), emitted as `antd-static.<hash>.css` and named to the code as
 * __OJ_ANTD_STATIC_STYLE__ (src/antd/static-style.ts loads it before the first antd tree renders). Production
 * builds only: a development build keeps antd's run-time styles alone.
 */
function antdStaticStyle(production) {
  if (!production) return { plugins: [new webpack.DefinePlugin({ __OJ_ANTD_STATIC_STYLE__: JSON.stringify('') })] };
  const css = execFileSync(process.execPath, [path.join(__dirname, 'antd-static-style.js')], {
    cwd: __dirname,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const file = `antd-static.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
  const emit = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('AntdStaticStyle', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'AntdStaticStyle', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () =>
          compilation.emitAsset(file, new webpack.sources.RawSource(css)),
        );
      });
    },
  };
  return { plugins: [new webpack.DefinePlugin({ __OJ_ANTD_STATIC_STYLE__: JSON.stringify(file) }), emit] };
}

module.exports = require('../webpack.common')({
  name: 'shell',
  dir: __dirname,
  host: true,
  title: 'OJ',
  customize: (config, argv) => {
    config.plugins.push(...antdStaticStyle((argv.mode || process.env.NODE_ENV) === 'production').plugins);
    return config;
  },
});
