import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import request from 'supertest';
import { TestApp, createTestApp } from './utils/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  let dir: string;
  const SHELL_HTML = '<!doctype html><html><body><div id="root"></div><script src="/main.0123abcd.js"></script></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'oj-fe-'));
    mkdirSync(path.join(dir, 'shell/dist'), { recursive: true });
    mkdirSync(path.join(dir, 'admin/dist'), { recursive: true });
    writeFileSync(path.join(dir, 'shell/dist/index.html'), SHELL_HTML);
    writeFileSync(path.join(dir, 'shell/dist/main.0123abcd.js'), 'console.log("shell");'.repeat(200));
    writeFileSync(path.join(dir, 'shell/dist/favicon.ico'), 'icon');
    writeFileSync(path.join(dir, 'admin/dist/remoteEntry.js'), 'var admin = {};');
    writeFileSync(path.join(dir, 'admin/dist/412.89abcdef01.js'), 'chunk');
    t = await createTestApp({ env: { FRONTENDS_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/home', '/problem/1001', '/admin', '/admin/dashboard', '/contest/3/rank?x=1'])(
    'answers %s with the shell page, not cached',
    async (url) => {
      const res = await request(t.url).get(url).expect(200);
      expect(res.text).toBe(SHELL_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    },
  );

  it('serves hashed assets with long cache headers and gzip', async () => {
    const res = await request(t.url).get('/main.0123abcd.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toContain('console.log("shell")');
    expect((await request(t.url).get('/favicon.ico').expect(200)).headers['cache-control']).toBe('no-cache');
  });

  it('serves each remote under /remotes/<name>/', async () => {
    const entry = await request(t.url).get('/remotes/admin/remoteEntry.js').expect(200);
    expect(entry.text).toBe('var admin = {};');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await request(t.url).get('/remotes/admin/412.89abcdef01.js').expect(200)).headers['cache-control']).toContain('immutable');
    await request(t.url).get('/remotes/admin/missing.js').expect(404);
    await request(t.url).get('/remotes/problems/remoteEntry.js').expect(404);
    await request(t.url).get('/remotes/unknown/remoteEntry.js').expect(404);
  });

  it('keeps /api/* for the API, with JSON 404s', async () => {
    const res = await request(t.url).get('/api/not-a-route').expect(404);
    expect(res.body.status).toBe(404);
    expect((await request(t.url).get('/api/get-website-config').expect(200)).body.status).toBe(200);
  });
});

describe('before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers / with a page saying so', async () => {
    const res = await request(t.url).get('/').expect(200);
    expect(res.text).toContain('The web app is not built yet');
    expect((await request(t.url).get('/admin/login').expect(200)).text).toContain('npm run build:web');
  });
});
