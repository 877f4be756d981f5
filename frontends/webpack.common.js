/**
 * The webpack 5 config of every frontend: a Module Federation host (the shell) or remote.
 *
 *   // frontends/<name>/webpack.config.js
 *   module.exports = require('../webpack.common')({
 *     name: 'problems',
 *     dir: __dirname,
 *     exposes: { './app': './src/app.tsx' },
 *     monaco: true,
 *   });
 *
 * Served in production by the backend: the shell's dist at / (history fallback), each remote's dist at
 * /remotes/<name>/, its container being remoteEntry.js. Where each remote is comes from the runtime manifest
 * (the backend's configuration, see shell/src/root/remotes.ts), not from the shell's build: a team may serve its
 * remote from its own URL. So a remote's publicPath is 'auto' (its chunks load from beside its remoteEntry.js,
 * wherever that is), a remote that uses another remote finds it through the manifest (`remotes` below), and
 * shared libraries are singletons with version ranges (a remote built last month loads beside today's shell).
 * In development every remote runs its own dev server (standalone entry + remoteEntry.js) and the
 * shell's dev server proxies /remotes/<name> to it and /api to the backend, so every asset, monaco's
 * web workers included, comes from one origin.
 */
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { EsbuildPlugin } = require('esbuild-loader');

/** Dev server ports; the shell proxies /remotes/<name> to these. */
const DEV_PORTS = { shell: 3000, problems: 3001, admin: 3002, contest: 3003, exam: 3004, group: 3005 };
const BACKEND_URL = process.env.OJ_BACKEND_URL || 'http://localhost:8080';

/**
 * Libraries holding React context or global state that must be one copy per page: React, the router, react-intl's
 * context, and `@oj/kit/core` (kit without antd: its stores, API client, locale and auth state).
 *
 * antd and `@oj/kit` (kit's antd-based components) are NOT shared (issue 37): a shared module is not tree-shaken, so
 * sharing antd put the whole library (442 KB gzip) in front of every page. Each frontend bundles the antd components
 * it uses, kit's antd parts with them, and draws them under its own antd context: every remote's tree and every
 * exposed screen (problems' workspace, comments and case results, admin's group editors) is wrapped in kit's
 * `LocaleProvider`, bundled into that frontend, so its ConfigProvider (locale) and App (message, modal) are those of
 * the same antd copy its components read. No frontend sets theme tokens, so every copy draws the same classes, and
 * antd's static sheet (shell/antd-static-style.js) covers all of them. @ant-design/icons is not shared either: it holds
 * no required state and each app bundles the few icons it uses.
 */
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-intl', '@oj/kit/core'];

/** The frontends that exist (have a webpack config), i.e. the remotes the shell may load. */
function builtRemotes() {
  return fs
    .readdirSync(__dirname)
    .filter((name) => name !== 'shell' && fs.existsSync(path.join(__dirname, name, 'webpack.config.js')))
    .sort();
}

/**
 * name → the remotes it loads at run time (its `remotes` option), for the shell: when it starts a remote it starts
 * their remoteEntry.js too, instead of letting the remote's container ask for them one round later (issue 37).
 */
function remoteUses() {
  return Object.fromEntries(builtRemotes().map((name) => [name, require(path.join(__dirname, name, 'webpack.config.js')).ojRemotes || []]));
}

function sharedConfig(dir, extraShared) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const deps = { ...(pkg.peerDependencies || {}), ...(pkg.dependencies || {}) };
  const shared = {};
  for (const lib of [...SINGLETONS, ...extraShared]) {
    // react-router is a dependency of react-router-dom, not of the apps: take its installed version.
    // a subpath of a package (`@oj/kit/core`) has the package's version
    const pkgName = lib.startsWith('@') ? lib.split('/').slice(0, 2).join('/') : lib.split('/')[0];
    let version = deps[lib] || deps[pkgName];
    if (!version) {
      try {
        version = '^' + require(require.resolve(`${pkgName}/package.json`, { paths: [dir] })).version;
      } catch {
        continue;
      }
    }
    // A range, never one exact version: kit and contracts are "0.1.0" in package.json, yet a remote built
    // against 0.1.0 must accept the shell's 0.1.3 (singletons: one copy, the highest offered, for the page).
    if (/^\d+\.\d+\.\d+/.test(version)) version = '^' + version;
    shared[lib] = { singleton: true, requiredVersion: version };
  }
  return shared;
}

/**
 * A remote used by another remote (contest uses problems' screens), located at run time: the container already
 * on the page (the shell may have loaded it), else the URL the shell's manifest gives
 * (window.__OJ_REMOTE_URLS__), else the bundled path.
 */
function runtimeRemote(name) {
  const key = JSON.stringify(name);
  const fallback = JSON.stringify(`/remotes/${name}/remoteEntry.js`);
  return `promise new Promise(function (resolve, reject) {
    if (window[${key}]) return resolve(window[${key}]);
    var urls = window.__OJ_REMOTE_URLS__ || {};
    var url = urls[${key}] || ${fallback};
    var loaded = function () {
      window[${key}] ? resolve(window[${key}]) : reject(new Error('remote ' + ${key} + ' has no container'));
    };
    // the shell may have started this script already (remotes.ts startRemotesItUses): wait for that one, do not load it twice
    var pending = Array.prototype.find.call(document.querySelectorAll('script[data-remote]'), function (s) {
      return s.dataset.remote === url;
    });
    if (pending && pending.dataset.loaded) return loaded();
    if (pending) {
      pending.addEventListener('load', loaded);
      pending.addEventListener('error', function () {
        reject(new Error('cannot load ' + url));
      });
      return;
    }
    var script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.remote = url;
    script.onload = function () {
      script.dataset.loaded = 'true';
      loaded();
    };
    script.onerror = function () {
      script.remove();
      reject(new Error('cannot load ' + url));
    };
    document.head.appendChild(script);
  })`;
}

/**
 * @param {object} o
 * @param {string} o.name         container name and route area ('shell', 'problems', 'admin', ...)
 * @param {string} o.dir          the frontend's folder (__dirname of its webpack.config.js)
 * @param {boolean} [o.host]      true for the shell: publicPath '/', no container of its own
 * @param {Record<string,string>} [o.exposes]  e.g. { './app': './src/app.tsx' }
 * @param {string[]|Record<string,string>} [o.remotes]  remotes this one uses, e.g. ['problems'] (located at run time, see runtimeRemote)
 * @param {number} [o.port]       dev server port (default from DEV_PORTS)
 * @param {boolean} [o.monaco]    bundle monaco-editor locally with its web workers
 * @param {string[]} [o.extraShared]  more singletons (a library holding page-wide state; never one that imports antd, which each frontend bundles)
 * @param {string} [o.title]      page title of the standalone page
 * @param {(config: object, argv: object) => object} [o.customize]  last word on the config
 */
function createConfig(o) {
  const { name, dir, host = false, exposes = {}, remotes = [], monaco = false, extraShared = [], title = 'OJ' } = o;
  const port = o.port || DEV_PORTS[name] || 3010;
  // Where the bundled build is served; the remote's own chunks use 'auto' (beside its remoteEntry.js).
  const publicPath = host ? '/' : `/remotes/${name}/`;

  const remoteNames = Array.isArray(remotes) ? remotes : Object.keys(remotes);
  const makeConfig = (_env, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    const plugins = [
      new webpack.container.ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // (an object { problems: 'problems@...' } is read as its names: the location is the manifest's)
        remotes: Object.fromEntries(remoteNames.map((r) => [r, runtimeRemote(r)])),
        shared: sharedConfig(dir, extraShared),
      }),
      new webpack.DefinePlugin({
        __OJ_REMOTES__: JSON.stringify(builtRemotes()),
        __OJ_REMOTE_USES__: JSON.stringify(host ? remoteUses() : {}),
        __OJ_APP__: JSON.stringify(name),
      }),
      new HtmlWebpackPlugin({
        template: fs.existsSync(path.join(dir, 'public/index.html'))
          ? path.join(dir, 'public/index.html')
          : path.join(__dirname, 'shell/public/index.html'),
        title,
        chunks: ['main'],
        publicPath,
      }),
    ];
    if (monaco) {
      const MonacoWebpackPlugin = require(require.resolve('monaco-editor-webpack-plugin', { paths: [dir] }));
      plugins.push(
        new MonacoWebpackPlugin({
          // The languages of the judge; workers only for what the editor needs (editor + typescript for JS).
          languages: [
            'cpp',
            'java',
            'python',
            'go',
            'javascript',
            'typescript',
            'csharp',
            'rust',
            'kotlin',
            'php',
            'ruby',
            'pascal',
            'markdown',
          ],
          // The features a code editor of the judge uses (issue 37): typing, finding, folding, completion and
          // hovers. Left out: the diff editor, the command palette and quick outlines, code lenses, inlay hints,
          // rename and references, sticky scroll, colour pickers (about a third of the editor's chunk). Apply to an
          // app importing 'monaco-editor/esm/vs/editor/editor.api' (problems); the full 'monaco-editor' entry (admin's
          // editor) still has every feature.
          features: [
            'bracketMatching',
            'caretOperations',
            'clipboard',
            'codeEditor',
            'comment',
            'contextmenu',
            'cursorUndo',
            'dnd',
            'find',
            'folding',
            'fontZoom',
            'format',
            'gotoLine',
            'hover',
            'indentation',
            'lineSelection',
            'linesOperations',
            // links and unicodeHighlighter run in the editor worker: without them no worker starts before a completion
            'links',
            'multicursor',
            'parameterHints',
            'placeholderText',
            'readOnlyMessage',
            'smartSelect',
            'snippet',
            'suggest',
            'toggleTabFocusMode',
            'tokenization',
            'unicodeHighlighter',
            'wordHighlighter',
            'wordOperations',
            'wordPartOperations',
          ],
          filename: '[name].worker.[contenthash:8].js',
          publicPath,
        }),
      );
    }
    if (production) plugins.push(new CompressionPlugin({ test: /\.(js|css|html|svg|ttf)$/, threshold: 1024 }));

    const proxy = [{ context: ['/api', '/remotes.json'], target: BACKEND_URL, changeOrigin: true, ws: true }];
    if (host) {
      for (const remote of builtRemotes()) {
        proxy.push({ context: [`/remotes/${remote}`], target: `http://localhost:${DEV_PORTS[remote] || 3010}` });
      }
    }

    const config = {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
        chunkLoadTimeout: 120_000,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Contracts from their TypeScript source, as ES modules, so that a bundle keeps only the constants it uses
        // (the compiled CommonJS in packages/contracts/dist, the backend's, cannot be tree-shaken: every frontend
        // carried all of it).
        alias: { '@oj/contracts$': path.join(__dirname, '../packages/contracts/src/index.ts') },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { target: 'es2020', jsx: 'automatic' },
          },
          // Contracts' modules declare constants and functions only: nothing runs on import that a bundle needs.
          { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(ttf|woff2?|eot|svg|png|gif|jpe?g)$/, type: 'asset/resource' },
        ],
      },
      plugins,
      performance: { hints: false },
      optimization: {
        moduleIds: production ? 'deterministic' : 'named',
        // The remotes are minified by esbuild, the shell by webpack's default Terser. Terser took over a minute
        // for each of the admin and problems remotes (monaco and its workers) on two cores, and the build is
        // part of every CI run: esbuild does a remote in seconds, 5-7 % larger after gzip. The shell keeps
        // Terser because its bytes are on every first page (162 KB gzip of initial JavaScript against 172).
        // `format: undefined` keeps each file's top level as it is: the plugin's default for web targets wraps
        // files in an IIFE, which renames a remote's container (`var admin`) and breaks Module Federation.
        // Licence comments go to .LEGAL.txt files, as Terser's go to .LICENSE.txt.
        ...(host ? {} : { minimizer: [new EsbuildPlugin({ target: 'es2020', format: undefined, legalComments: 'external' })] }),
      },
      devServer: {
        port,
        host: '127.0.0.1',
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        devMiddleware: { publicPath },
        static: false,
        historyApiFallback: { index: `${publicPath}index.html` },
        proxy,
      },
    };
    return o.customize ? o.customize(config, argv) : config;
  };
  // the remotes this frontend loads at run time, read by the shell's build (__OJ_REMOTE_USES__)
  makeConfig.ojRemotes = remoteNames;
  return makeConfig;
}

createConfig.DEV_PORTS = DEV_PORTS;
createConfig.builtRemotes = builtRemotes;
module.exports = createConfig;
