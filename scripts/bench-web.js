#!/usr/bin/env node
/* global performance */
/**
 * `npm run bench:web`: figures of the web app (issue 5 "Benchmark"), measured on the built app served by
 * the real backend, in headless Debian Chromium on localhost.
 *   - gzip size of all the JavaScript a cold load of / fetches before the home page is drawn and the
 *     network is idle (Chromium's network log, every origin), and of each remote's entry
 *   - that monaco is loaded only on editing pages
 *   - the gzip size of the JavaScript the problem list adds to it
 *   - time until the problem page's editor is ready (cold cache, median of 5)
 *   - time until a contest's board shows its first row, cold (/contest/:id/rank, median of 5)
 * with the machine's load average beside each figure (the times mean little on a busy machine). With
 * BENCH_WEB_BASELINE=<dir> (frontends/<name>/dist copied from an earlier build) it measures that build first, in the
 * same run. The last line is JSON: {"shellGzipKb", "problemListGzipKb", "editorReadyMs", "contestRankMs", ...}.
 * Needs `npm run build` first.
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

const APLUSB = '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n';

/** Polls until `probe` answers a value (not undefined), or fails after `ms`. */
async function until(what, probe, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A running public ACM contest with the bench problem and a few contestants who submitted (judged), so its
 * board has rows: answers its id.
 */
async function seedContest(h, platform, root, language) {
  const now = Date.now();
  const { id: cid } = await h.apiCall(
    platform,
    'POST',
    '/api/admin/contest',
    {
      title: 'Bench contest',
      description: 'bench',
      type: 0,
      auth: 0,
      startTime: new Date(now - 3600_000).toISOString(),
      endTime: new Date(now + 86_400_000).toISOString(),
      sealRank: false,
      openPrint: false,
      starAccount: [],
    },
    root,
  );
  const problems = await h.apiCall(
    platform,
    'GET',
    '/api/admin/problem/get-problem-list?keyword=BENCH1&currentPage=1&limit=10',
    undefined,
    root,
  );
  const pid = problems.records.find((p) => p.problemId === 'BENCH1').id;
  await h.apiCall(platform, 'POST', '/api/admin/contest/add-problem-from-public', { cid, pid, displayId: 'A', color: '#1677ff' }, root);
  const users = ['bench1', 'bench2', 'bench3'];
  await h.apiCall(
    platform,
    'POST',
    '/api/admin/user/insert-batch-user',
    { users: users.map((u) => [u, 'bench-Pass1', `${u}@example.com`]) },
    root,
  );
  for (const u of users) {
    const token = await h.apiLogin(platform, u, 'bench-Pass1');
    const { submitId } = await h.apiCall(
      platform,
      'POST',
      '/api/submit-problem-judge',
      { pid: 'A', cid, language, code: APLUSB, isRemote: false },
      token,
    );
    await until(
      `the verdict of ${u}`,
      async () => {
        const d = await h.apiCall(platform, 'GET', `/api/get-submission-detail?submitId=${submitId}`, undefined, token);
        return [5, 6, 7].includes(d.submission.status) ? undefined : d.submission.status;
      },
      5 * 60_000,
    );
  }
  return cid;
}

/** Loads `url` cold (fresh context, empty cache) `RUNS` times; answers each run's ms until `ready` showed. */
async function coldTimes(browser, platform, session, url, ready, onResponse) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ baseURL: platform.baseUrl });
    await context.addInitScript(session);
    const page = await context.newPage();
    if (onResponse) page.on('response', onResponse);
    await page.goto(url);
    await page.waitForSelector(ready, { timeout: 120_000 });
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  return times;
}

const loadAvg = () => require('os').loadavg()[0].toFixed(2);

/** The four figures of one build of the web app (frontendsDir holds <name>/dist), served by its own platform. */
async function measure(h, browser, label, frontendsDir) {
  const platform = await h.startPlatform(frontendsDir ? { env: { FRONTENDS_DIR: frontendsDir } } : {});
  try {
    console.log(`== ${label}${frontendsDir ? ` (${frontendsDir})` : ''}`);
    const languages = await h.judgeLanguages(platform);
    await h.createProblem(platform, { problemId: 'BENCH1', title: 'Bench', cases: [{ input: '1 2\n', output: '3\n' }], languages });
    const { res, json } = await h.apiRaw(platform, 'POST', '/api/login', { username: 'root', password: h.ROOT_PASSWORD });
    const token = res.headers.get('authorization');
    const session = `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('userInfo', ${JSON.stringify(JSON.stringify(json.data))});`;
    const cpp = languages.find((l) => /^C\+\+/.test(l)) || languages[0];
    const cid = await seedContest(h, platform, await h.rootToken(platform), cpp);

    // 1. the shell's initial JavaScript (everything a cold load of / fetches until the home page is
    //    drawn and the network is idle), and which remote chunks each page adds
    const home = await scriptsOf(browser, platform, '/', '[data-testid="home-page"]');
    const shellKb = [...home.values()].reduce((a, b) => a + gzipKb(b), 0);
    console.log(`shell initial JS (cold load of /): ${home.size} files, ${round(shellKb)} KB gzip (load ${loadAvg()})`);
    for (const [p, b] of [...home].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${p} ${round(gzipKb(b))} KB gzip`);
    const list = await scriptsOf(browser, platform, '/problem', '[data-testid="problem-list"]', session);
    const listExtra = [...list].filter(([p]) => !home.has(p));
    const listKb = listExtra.reduce((a, [, b]) => a + gzipKb(b), 0);
    const monacoOnList = listExtra.some(([p, b]) => /monaco/.test(p) || b.includes('monaco-editor'));
    console.log(`problem list adds: ${listExtra.length} files, ${round(listKb)} KB gzip; monaco loaded: ${monacoOnList}`);
    for (const [p, b] of listExtra.sort((a, b) => b[1].length - a[1].length)) console.log(`  ${p} ${round(gzipKb(b))} KB gzip`);

    const dir = frontendsDir || path.join(ROOT, 'frontends');
    for (const name of fs.readdirSync(dir)) {
      const entry = path.join(dir, name, 'dist', 'remoteEntry.js');
      if (name === 'shell' || !fs.existsSync(entry)) continue;
      console.log(`remote ${name}: remoteEntry.js ${round(gzipKb(fs.readFileSync(entry)))} KB gzip`);
    }

    // 2. editor ready on the problem page, cold cache each run
    let monacoOnEditor = false;
    const times = await coldTimes(browser, platform, session, '/problem/BENCH1', '[data-testid="code-editor"][data-ready="true"]', (r) => {
      if (/monaco|editor\.worker/.test(r.url())) monacoOnEditor = true;
    });
    const editorReadyMs = Math.round(median(times));
    console.log(
      `editor ready on /problem/:id: runs ${times.map(Math.round).join(', ')} ms; median ${editorReadyMs} ms; monaco chunk fetched: ${monacoOnEditor} (load ${loadAvg()})`,
    );

    // 3. the contest board, cold: until its first row shows
    const rankTimes = await coldTimes(browser, platform, session, `/contest/${cid}/rank`, '[data-testid="rank-user"]');
    const contestRankMs = Math.round(median(rankTimes));
    console.log(
      `contest rank visible (cold) on /contest/:id/rank: runs ${rankTimes.map(Math.round).join(', ')} ms; median ${contestRankMs} ms (load ${loadAvg()})`,
    );
    return {
      shellGzipKb: round(shellKb),
      problemListGzipKb: round(listKb),
      editorReadyMs,
      contestRankMs,
      monacoOnlyOnEditing: !monacoOnList && monacoOnEditor,
      loadAvg: Number(loadAvg()),
    };
  } finally {
    await h.stopPlatform(platform);
  }
}

/**
 * BENCH_WEB_BASELINE=<dir>: also measures the build in <dir> (a copy of frontends/<name>/dist from before a change),
 * in the same run on the same machine, first, so the time goals (half of the earlier figure) compare like with like.
 */
async function main() {
  const h = loadHarness();
  const browser = await h.launchBrowser();
  try {
    const baselineDir = process.env.BENCH_WEB_BASELINE;
    const before = baselineDir ? await measure(h, browser, 'baseline build', path.resolve(baselineDir)) : null;
    const now = await measure(h, browser, 'this build', null);
    const met = (ok) => (ok ? 'met' : 'not met');
    console.log('figures:');
    console.log(
      `  shell initial JS        ${now.shellGzipKb} KB gzip${before ? ` (baseline ${before.shellGzipKb})` : ''}; goal <= 150: ${met(now.shellGzipKb <= 150)}`,
    );
    console.log(
      `  problem list beyond it  ${now.problemListGzipKb} KB gzip${before ? ` (baseline ${before.problemListGzipKb})` : ''}; goal <= 250: ${met(now.problemListGzipKb <= 250)}`,
    );
    for (const [key, name] of [
      ['editorReadyMs', 'editor ready          '],
      ['contestRankMs', 'contest rank (cold)   '],
    ]) {
      const half = before ? `; at most half of the baseline (${before[key]}): ${met(now[key] * 2 <= before[key])}` : '';
      console.log(`  ${name}  ${now[key]} ms${half}; <= 1000 ms (on an idle machine; load now ${now.loadAvg}): ${met(now[key] <= 1000)}`);
    }
    console.log(`  monaco only on editing pages: ${met(now.monacoOnlyOnEditing)}`);
    console.log(JSON.stringify({ ...now, ...(before ? { baseline: before } : {}) }));
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
