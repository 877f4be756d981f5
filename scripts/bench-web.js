#!/usr/bin/env node
/* global performance */
/**
 * `npm run bench:web`: figures of the web app (issue 5 "Benchmark"), measured on the built app served by
 * the real backend, in headless Debian Chromium on localhost.
 *   - gzip size of all the JavaScript a cold load of / fetches before the home page is drawn and the
 *     network is idle (Chromium's network log, every origin), and of each remote's entry
 *   - that monaco is loaded only on editing pages
 *   - time until the problem page's editor is ready (cold cache, median of 5)
 * The last line is JSON: {"shellGzipKb": ..., "editorReadyMs": ...}. Needs `npm run build` first.
 */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const esbuild = require('esbuild');

const ROOT = path.join(__dirname, '..');
const RUNS = 5;

/** The harness is TypeScript (shared with the browser tests): transpile it on the fly. */
function loadHarness() {
  // beside the source, so __dirname and module resolution stay those of e2e/harness.ts
  const out = path.join(ROOT, 'e2e', `.bench-harness-${process.pid}.js`);
  esbuild.buildSync({
    entryPoints: [path.join(ROOT, 'e2e/harness.ts')],
    outfile: out,
    platform: 'node',
    format: 'cjs',
    bundle: true,
    packages: 'external',
    target: 'node20',
    logLevel: 'error',
  });
  const harness = require(out);
  fs.rmSync(out, { force: true });
  return harness;
}

const gzipKb = (buf) => zlib.gzipSync(buf, { level: 9 }).length / 1024;
const round = (n) => Math.round(n * 10) / 10;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Loads a URL cold (fresh context, empty cache) and answers every script the page fetched, of any origin,
 * as Chromium's network log reports it (path → bytes): the entry, the chunks, the remote containers and
 * the shared modules loaded before `ready` showed and the network went idle. A script whose body cannot be
 * read fails the measurement instead of being left out.
 */
async function scriptsOf(browser, platform, url, ready, session) {
  const context = await browser.newContext({ baseURL: platform.baseUrl });
  if (session) await context.addInitScript(session);
  const page = await context.newPage();
  const scripts = new Map();
  const reads = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    reads.push(
      (async () => {
        const res = await request.response();
        const body = res && (await res.body());
        if (!body) throw new Error(`cannot read the script ${request.url()}`);
        const u = new URL(request.url());
        scripts.set(u.origin === platform.baseUrl ? u.pathname : u.href, body);
      })(),
    );
  });
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(reads);
  await context.close();
  return scripts;
}

async function main() {
  const h = loadHarness();
  const platform = await h.startPlatform();
  const browser = await h.launchBrowser();
  try {
    const languages = await h.judgeLanguages(platform);
    await h.createProblem(platform, { problemId: 'BENCH1', title: 'Bench', cases: [{ input: '1 2\n', output: '3\n' }], languages });
    const { res, json } = await h.apiRaw(platform, 'POST', '/api/login', { username: 'root', password: h.ROOT_PASSWORD });
    const token = res.headers.get('authorization');
    const session = `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('userInfo', ${JSON.stringify(JSON.stringify(json.data))});`;

    // 1. the shell's initial JavaScript (everything a cold load of / fetches until the home page is
    //    drawn and the network is idle), and which remote chunks each page adds
    const home = await scriptsOf(browser, platform, '/', '[data-testid="home-page"]');
    const shellKb = [...home.values()].reduce((a, b) => a + gzipKb(b), 0);
    console.log(`shell initial JS (cold load of /): ${home.size} files, ${round(shellKb)} KB gzip`);
    for (const [p, b] of [...home].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${p} ${round(gzipKb(b))} KB gzip`);
    const list = await scriptsOf(browser, platform, '/problem', '[data-testid="problem-list"]', session);
    const listExtra = [...list].filter(([p]) => !home.has(p));
    const monacoOnList = listExtra.some(([p, b]) => /monaco/.test(p) || b.includes('monaco-editor'));
    console.log(
      `problem list adds: ${listExtra.length} files, ${round(listExtra.reduce((a, [, b]) => a + gzipKb(b), 0))} KB gzip; monaco loaded: ${monacoOnList}`,
    );

    for (const name of fs.readdirSync(path.join(ROOT, 'frontends'))) {
      const entry = path.join(ROOT, 'frontends', name, 'dist', 'remoteEntry.js');
      if (name === 'shell' || !fs.existsSync(entry)) continue;
      console.log(`remote ${name}: remoteEntry.js ${round(gzipKb(fs.readFileSync(entry)))} KB gzip`);
    }

    // 2. editor ready on the problem page, cold cache each run
    const times = [];
    let monacoOnEditor = false;
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext({ baseURL: platform.baseUrl });
      await context.addInitScript(session);
      const page = await context.newPage();
      page.on('response', (r) => {
        if (/monaco|editor\.worker/.test(r.url())) monacoOnEditor = true;
      });
      await page.goto('/problem/BENCH1');
      await page.waitForSelector('[data-testid="code-editor"][data-ready="true"]', { timeout: 120_000 });
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    const editorReadyMs = Math.round(median(times));
    console.log(
      `editor ready on /problem/:id: runs ${times.map(Math.round).join(', ')} ms; median ${editorReadyMs} ms; monaco chunk fetched: ${monacoOnEditor}`,
    );
    console.log(
      `goals: shell initial <= 150 KB gzip (${shellKb <= 150 ? 'met' : 'not met'}); monaco only on editing pages (${!monacoOnList && monacoOnEditor ? 'met' : 'not met'})`,
    );
    console.log(JSON.stringify({ shellGzipKb: round(shellKb), editorReadyMs }));
  } finally {
    await browser.close();
    await h.stopPlatform(platform);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
