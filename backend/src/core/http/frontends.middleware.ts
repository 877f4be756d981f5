import { existsSync } from 'fs';
import * as path from 'path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import serveStatic = require('serve-static');

/** Module Federation remotes, served at /remotes/<name>/ (the shell loads their remoteEntry.js). */
export const REMOTES = ['problems', 'admin', 'contest', 'exam', 'group'] as const;

/** webpack's content hashes in file names (`main.3f2a9c1b.js`): safe to cache for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2?|ttf|svg|png|jpe?g|gif|webp|ico|map|wasm)$/i;

function setCacheHeaders(res: Response, file: string): void {
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
export function frontendsMiddleware(frontendsDir: string): RequestHandler {
  const shellDist = path.join(frontendsDir, 'shell', 'dist');
  const shellStatic = serveStatic(shellDist, { index: false, fallthrough: true, setHeaders: setCacheHeaders });
  const remotes = new Map(
    REMOTES.map((name) => [
      name,
      serveStatic(path.join(frontendsDir, name, 'dist'), { index: false, fallthrough: false, setHeaders: setCacheHeaders }),
    ]),
  );

  const sendShell = (res: Response, next: NextFunction) => {
    const index = path.join(shellDist, 'index.html');
    if (!existsSync(index)) {
      res.status(200).setHeader('Cache-Control', 'no-cache').type('html').send(NOT_BUILT);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (err) => err && next(err));
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      return next();
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
