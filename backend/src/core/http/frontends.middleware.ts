import { existsSync, readFileSync, statSync } from 'fs';
import type { ServerResponse } from 'http';
import * as path from 'path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip = require('express-static-gzip');
import type { RemoteManifestEntry } from '../config/app-config';
import { contentSecurityPolicy, cspNonce } from './security-headers';

/** Module Federation remotes, served at /remotes/<name>/ (the shell loads their remoteEntry.js). */
export const REMOTES = ['problems', 'admin', 'contest', 'exam', 'group'] as const;

/**
 * The shell's runtime manifest: the remotes bundled here (a frontend with a webpack config or a built
 * remoteEntry.js, at /remotes/<name>/remoteEntry.js), with the configured entries (REMOTES_JSON / REMOTES_FILE)
 * replacing a bundled one of the same name or added after them. Read on every page load, so a team that
 * deploys its remote elsewhere only changes configuration; the shell is not rebuilt.
 */
export function remoteManifest(frontendsDir: string, configured: RemoteManifestEntry[]): RemoteManifestEntry[] {
  const bundled: RemoteManifestEntry[] = REMOTES.filter(
    (name) =>
      existsSync(path.join(frontendsDir, name, 'webpack.config.js')) || existsSync(path.join(frontendsDir, name, 'dist', 'remoteEntry.js')),
  ).map((name) => ({ name, url: `/remotes/${name}/remoteEntry.js` }));
  const byName = new Map(configured.map((e) => [e.name, e]));
  return [...bundled.map((b) => byName.get(b.name) ?? b), ...configured.filter((e) => !bundled.some((b) => b.name === e.name))];
}

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** webpack's content hashes in file names (`main.3f2a9c1b.js`, its gzip twin `main.3f2a9c1b.js.gz`): safe to cache for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2?|ttf|svg|png|jpe?g|gif|webp|ico|map|wasm)(\.gz)?$/i;

/**
 * A built frontend's folder. The build writes a gzip twin beside each file worth it (`x.js.gz`, level 9,
 * frontends/webpack.common.js): it is sent as it is to a browser that accepts gzip, so a cold load of the problem
 * page no longer has the server gzip about 5 MB of JavaScript at every visit (issue 37; CPU the browser shares on a
 * small machine). The twins are listed when the server starts; a file without one (or one built after the start)
 * goes through the app's gzip middleware as before.
 */
const staticFolder = (dir: string, fallthrough: boolean) =>
  expressStaticGzip(dir, { index: false, serveStatic: { index: false, fallthrough, setHeaders: setCacheHeaders } });

function setCacheHeaders(res: ServerResponse, file: string): void {
  if (HASHED.test(path.basename(file))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

const NOT_BUILT = `<!doctype html><html><head><meta charset="utf-8"><title>OJ</title></head>
<body style="font-family:sans-serif;margin:3em"><h1>The web app is not built yet</h1>
<p>The API is running under <a href="/api/docs">/api/docs</a>. Build the web app with <code>npm run build:web</code> and reload.</p></body></html>`;

/**
 * Serves the built frontends: the shell at / with history fallback (any GET that is not /api/*,
 * not /remotes/* and not a file gets the shell's index.html, /admin included), each remote at
 * /remotes/<name>/. Until the shell is built, / answers a short page saying so.
 */
export function frontendsMiddleware(frontendsDir: string, configuredRemotes: RemoteManifestEntry[] = []): RequestHandler {
  const shellDist = path.join(frontendsDir, 'shell', 'dist');
  const shellStatic = staticFolder(shellDist, true);
  const remotes = new Map(REMOTES.map((name) => [name, staticFolder(path.join(frontendsDir, name, 'dist'), false)]));

  // The shell's page with the manifest inlined (no extra round trip before the first remote loads); the file
  // is read again when it changes (a new build).
  let page: { mtimeMs: number; html: string } | undefined;
  const sendShell = (res: Response, next: NextFunction) => {
    const index = path.join(shellDist, 'index.html');
    const nonce = cspNonce();
    const manifestEntries = remoteManifest(frontendsDir, configuredRemotes);
    res.setHeader(
      'Content-Security-Policy',
      contentSecurityPolicy(
        nonce,
        manifestEntries.map((e) => e.url),
      ),
    );
    if (!existsSync(index)) {
      res.status(200).setHeader('Cache-Control', 'no-cache').type('html').send(NOT_BUILT);
      return;
    }
    try {
      const mtimeMs = statSync(index).mtimeMs;
      if (page?.mtimeMs !== mtimeMs) page = { mtimeMs, html: readFileSync(index, 'utf8') };
    } catch (err) {
      return next(err);
    }
    const manifest = `<script nonce="${nonce}">window.__OJ_REMOTE_MANIFEST__=${scriptJson(manifestEntries)}</script>`;
    const html = page.html.includes('</head>') ? page.html.replace('</head>', `${manifest}</head>`) : manifest + page.html;
    res.status(200).setHeader('Cache-Control', 'no-cache').type('html').send(html);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      return next();
    }
    if (req.path === '/remotes.json') {
      res.setHeader('Cache-Control', 'no-cache');
      return res.json(remoteManifest(frontendsDir, configuredRemotes));
    }
    const remote = /^\/remotes\/([^/]+)(\/.*)?$/.exec(req.path);
    if (remote) {
      const serve = remotes.get(remote[1] as (typeof REMOTES)[number]);
      if (!serve) return res.status(404).end();
      req.url = (remote[2] ?? '/') + (req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '');
      return serve(req, res, (err?: unknown) => {
        res.status((err as { status?: number })?.status ?? 404).end();
      });
    }
    shellStatic(req, res, () => sendShell(res, next));
  };
}
