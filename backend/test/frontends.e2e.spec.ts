import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { gzipSync } from 'zlib';
import { tmpdir } from 'os';
import * as path from 'path';
import request from 'supertest';
import { loadConfig, parseRemotes } from '../src/core/config/app-config';
import { TestApp, createTestApp } from './utils/test-app';

/** The shell's page as the backend sends it: the runtime remote manifest inlined before the page, with the CSP's nonce. */
const withManifest = (html: string, manifest: unknown[], nonce: string) =>
  `<script nonce="${nonce}">window.__OJ_REMOTE_MANIFEST__=${JSON.stringify(manifest)}</script>${html}`;

/** The nonce of a page's Content-Security-Policy. */
const nonceOf = (res: request.Response): string => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] ?? '')?.[1] ?? 'none';

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
    // a built file with its gzip twin; the twin's text differs so that a test can tell which one was sent
    writeFileSync(path.join(dir, 'admin/dist/777.fedcba98.js'), 'var original = 1;'.repeat(100));
    writeFileSync(path.join(dir, 'admin/dist/777.fedcba98.js.gz'), gzipSync('var fromTheTwin = 1;'.repeat(100)));
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
      expect(res.text).toBe(withManifest(SHELL_HTML, [{ name: 'admin', url: '/remotes/admin/remoteEntry.js' }], nonceOf(res)));
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

  it("sends a built file's gzip twin as it is to a browser that accepts gzip, and the file itself to others", async () => {
    const zipped = await request(t.url).get('/remotes/admin/777.fedcba98.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.text).toContain('var fromTheTwin = 1;');
    const plain = await request(t.url).get('/remotes/admin/777.fedcba98.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('var original = 1;'.repeat(100));
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

  it('sends the pages with a Content-Security-Policy, a fresh nonce each, no framing and no sniffing (issue 31)', async () => {
    const [a, b] = [await request(t.url).get('/problem/1').expect(200), await request(t.url).get('/admin').expect(200)];
    const csp = a.headers['content-security-policy'];
    expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // monaco's workers and antd's run-time styles
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    for (const res of [a, b, await request(t.url).get('/main.0123abcd.js'), await request(t.url).get('/api/get-website-config')]) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps /api/* for the API, with JSON 404s', async () => {
    const res = await request(t.url).get('/api/not-a-route').expect(404);
    expect(res.body.status).toBe(404);
    expect((await request(t.url).get('/api/get-website-config').expect(200)).body.status).toBe(200);
  });
});

describe('the runtime remote manifest (issue 20)', () => {
  let t: TestApp;
  let dir: string;
  const configured = [
    { name: 'contest', url: 'https://contest.cdn.example.com/v2/remoteEntry.js' },
    { name: 'lab', url: 'http://127.0.0.1:9/remoteEntry.js', prefixes: ['/lab'], ownLayout: true },
  ];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'oj-fe-'));
    mkdirSync(path.join(dir, 'shell/dist'), { recursive: true });
    for (const name of ['problems', 'contest']) {
      mkdirSync(path.join(dir, name, 'dist'), { recursive: true });
      writeFileSync(path.join(dir, name, 'dist/remoteEntry.js'), `var ${name} = {};`);
    }
    writeFileSync(path.join(dir, 'shell/dist/index.html'), '<html><head><title>OJ</title></head><body></body></html>');
    t = await createTestApp({ env: { FRONTENDS_DIR: dir, REMOTES_JSON: JSON.stringify(configured) } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const expected = [{ name: 'problems', url: '/remotes/problems/remoteEntry.js' }, configured[0], configured[1]];

  it('serves the bundled remotes with the configured ones replacing or adding, never cached', async () => {
    const res = await request(t.url).get('/remotes.json').expect(200);
    expect(res.body).toEqual(expected);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('inlines the same manifest in the shell page, inside <head>', async () => {
    const res = await request(t.url).get('/contest/3').expect(200);
    expect(res.text).toBe(
      `<html><head><title>OJ</title><script nonce="${nonceOf(res)}">window.__OJ_REMOTE_MANIFEST__=${JSON.stringify(expected)}</script></head><body></body></html>`,
    );
  });

  it("lets the page load scripts, workers and data from the configured remotes' origins only", async () => {
    const csp: string = (await request(t.url).get('/contest/3').expect(200)).headers['content-security-policy'];
    for (const directive of ['script-src', 'worker-src', 'connect-src', 'style-src', 'font-src']) {
      const sources = new RegExp(`(?:^|; )${directive} ([^;]*)`).exec(csp)?.[1].split(' ');
      expect(sources).toEqual(expect.arrayContaining(["'self'", 'https://contest.cdn.example.com', 'http://127.0.0.1:9']));
    }
    expect(csp).not.toContain('/v2/remoteEntry.js');
  });

  it('refuses a bad REMOTES_JSON at start, with the reason', () => {
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 's', JUDGE_TOKEN: 't' };
    expect(() => loadConfig({ ...env, REMOTES_JSON: '{"name":"x"}' })).toThrow(/REMOTES_JSON: not a JSON array/);
    expect(() => loadConfig({ ...env, REMOTES_JSON: '[{"name":"a-b","url":"/x.js"}]' })).toThrow(/name must be a JavaScript identifier/);
    expect(() => loadConfig({ ...env, REMOTES_JSON: '[{"name":"a","url":"javascript:alert(1)"}]' })).toThrow(/url must be/);
    expect(() => loadConfig({ ...env, REMOTES_JSON: '[{"name":"a","url":"/a.js"},{"name":"a","url":"/b.js"}]' })).toThrow(/listed twice/);
    expect(() => loadConfig({ ...env, REMOTES_JSON: '[{"name":"a","url":"/a.js","prefixes":["lab"]}]' })).toThrow(/prefixes/);
    expect(() => loadConfig({ ...env, REMOTES_JSON: 'not json' })).toThrow(/Invalid REMOTES_JSON/);
    expect(() => loadConfig({ ...env, REMOTES_JSON: JSON.stringify([{ name: 'x', url: '/a</script>.js' }]) })).toThrow(/url must be/);
    expect(parseRemotes('', undefined)).toEqual([]);
  });

  it('reads REMOTES_FILE when REMOTES_JSON is not set', () => {
    const file = path.join(dir, 'remotes.json');
    writeFileSync(file, JSON.stringify([{ name: 'exam', url: 'https://exam.example.com/remoteEntry.js' }]));
    expect(parseRemotes(undefined, file)).toEqual([{ name: 'exam', url: 'https://exam.example.com/remoteEntry.js' }]);
  });

  it('keeps a closing script tag in the manifest from ending the inline script', async () => {
    const sneaky = [{ name: 'x', url: '/a</script><script>alert(1)</script>.js' }];
    // such a URL is refused at start; the escaping is checked on its own, the middleware given the list directly
    const { frontendsMiddleware } = await import('../src/core/http/frontends.middleware');
    const handler = frontendsMiddleware(dir, sneaky);
    const page = await new Promise<string>((resolve, reject) => {
      const res = {
        status: () => res,
        setHeader: () => res,
        type: () => res,
        send: (body: string) => resolve(body),
      };
      handler({ method: 'GET', path: '/home', url: '/home', headers: {} } as never, res as never, reject);
    });
    expect(page).not.toContain('</script><script>');
    expect(page).toContain('\\u003c/script>');
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
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await request(t.url).get('/admin/login').expect(200)).text).toContain('npm run build:web');
  });
});
