import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { AddressInfo } from 'net';
import { isStaticRoutePath, useStaticRouteIndex } from './static-route-match';

type Router = Parameters<typeof useStaticRouteIndex>[0];

/** The same app with and without the string matchers must answer every path alike. */
async function answers(fast: boolean, strict = false, paths: string[] = []): Promise<string[]> {
  // Nest's own Express (5), not the 4 that other packages bring to node_modules.
  const app = new ExpressAdapter().getInstance<Express>();
  // The adapter has made the router already: the setting goes to it, as `strict routing` would before.
  if (strict) (app as unknown as { router: Router }).router.strict = true;
  app.get('/api/get-user-home-info', (_req, res) => res.send('home'));
  app.post('/api/get-user-home-info', (_req, res) => res.send('post'));
  app.get('/api/problem/:pid', (req, res) => res.send(`problem ${req.params.pid}`));
  // Behind the route with a parameter above, which matches it first: stays in the stack.
  app.get('/api/problem/special', (_req, res) => res.send('special'));
  app.get('/api/a b', (_req, res) => res.send('space'));
  // A route that passes the request on: the next route of the same path answers.
  app.get('/api/twice', (_req, _res, next) => next());
  app.get('/api/twice', (req, res) => res.send(`second ${JSON.stringify(req.params)}`));
  app.get('/api/fails', () => {
    throw new Error('boom');
  });
  app.use((_req, res) => res.status(404).send('none'));
  app.use((err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) =>
    res.status(500).send(`error ${err.message}`),
  );
  if (fast) expect(useStaticRouteIndex((app as unknown as { router: Router }).router)).toBe(6);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const out: string[] = [];
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE']) {
        const res = await fetch(base + p, { method });
        out.push(`${method} ${p} ${res.status} ${method === 'HEAD' ? '' : await res.text()}`);
      }
    }
    return out;
  } finally {
    server.close();
  }
}

const PATHS = [
  '/api/get-user-home-info',
  '/api/get-user-home-info/',
  '/api/get-user-home-info//',
  '/API/Get-User-Home-Info',
  '/api/get-user-home-info?uid=1',
  '/api/get-user-home-inf',
  '/api/get-user-home-info/x',
  '/api/get%2Duser-home-info',
  '/api/problem/P1000',
  '/api/problem/',
  '/api/problem/special',
  '/api/a%20b',
  '/api/twice',
  '/api/fails',
  '/nothing',
];

describe('static route index', () => {
  it('tells static paths from patterns', () => {
    expect(isStaticRoutePath('/api/get-problem-list')).toBe(true);
    expect(isStaticRoutePath('/api/problem/:pid')).toBe(false);
    expect(isStaticRoutePath('/api/*splat')).toBe(false);
    expect(isStaticRoutePath('/api/x{/:y}')).toBe(false);
    expect(isStaticRoutePath(/api/)).toBe(false);
  });

  it('answers every path as the router alone does', async () => {
    const plain = await answers(false, false, PATHS);
    expect(await answers(true, false, PATHS)).toEqual(plain);
    // and the route still answers (not a test that passes because nothing matches)
    expect(plain).toContain('GET /api/get-user-home-info/ 200 home');
    expect(plain).toContain('POST /API/Get-User-Home-Info 200 post');
    expect(plain).toContain('GET /api/twice 200 second {}');
    expect(plain).toContain('GET /api/problem/special 200 problem special');
    expect(plain).toContain('GET /api/fails 500 error boom');
  });

  it('keeps strict routing strict', async () => {
    const plain = await answers(false, true, PATHS);
    expect(await answers(true, true, PATHS)).toEqual(plain);
    expect(plain).toContain('GET /api/get-user-home-info/ 404 none');
  });
});
