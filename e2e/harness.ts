/**
 * Browser test harness: starts the real platform (built backend on a fresh PostgreSQL database with its
 * own Redis and Bull prefixes, one real judge worker, an in-process SMTP server that catches mail), and
 * drives Debian's Chromium through playwright-core. Used by every *.e2e-spec.ts and by scripts/bench-web.js.
 *
 *   const platform = await startPlatform();
 *   const browser = await launchBrowser();
 *   const page = await openPage(browser, platform);           // collects console errors
 *   ...
 *   await stopPlatform(platform);
 *
 * Needs the built backend, judge worker and web app (`npm run build`, which `npm test` runs first).
 */
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { Client } from 'pg';
import { Browser, BrowserContext, ConsoleMessage, Page, chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { eventually } from '../backend/test/utils/eventually';

export const ROOT = path.resolve(__dirname, '..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const ROOT_PASSWORD = 'root-e2e-Pass1';
const PG_ADMIN_URL = process.env.E2E_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface Mail {
  to: string[];
  raw: string;
  text: string;
}

export interface Platform {
  baseUrl: string;
  port: number;
  dbName: string;
  dataDir: string;
  redisPrefix: string;
  bullPrefix: string;
  mails: Mail[];
  smtp: SMTPServer;
  smtpPort: number;
  backend: ChildProcess;
  worker: ChildProcess | null;
  logs: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Decodes quoted-printable and base64 bodies well enough to read a code or a link. */
function decodeMail(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}

async function startSmtp(mails: Mail[]): Promise<{ smtp: SMTPServer; port: number }> {
  const port = await freePort();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'e2e' }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeMail(raw) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { smtp, port };
}

/** The shared `eventually`, with the tail of the platform's log in the error. */
function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number, logs?: string[]): Promise<T> {
  return eventually(what, fn, { timeoutMs, intervalMs: 250, context: () => (logs ?? []).slice(-40).join('') });
}

function requireBuilt(file: string, hint: string): string {
  const p = path.join(ROOT, file);
  if (!fs.existsSync(p)) throw new Error(`${file} is missing: run ${hint} first (npm test builds everything)`);
  return p;
}

export interface StartOptions {
  /** start a judge worker (default true) */
  judge?: boolean;
  env?: Record<string, string>;
}

/*
 * How many platforms run at once is the number of jest workers of the browser suites (`npm test` passes
 * --maxWorkers=E2E_PLATFORMS, default 2): each worker runs one suite at a time, and a suite starts one platform.
 * There is no machine-wide lock: another run on the same machine (another checkout, a benchmark) has platforms of
 * its own on its own ports, database and prefixes, and a lock file in /tmp made one run's suites wait for, and
 * time out behind, another's.
 */

/** Starts backend + worker + SMTP on a fresh database; everything isolated by unique names. */
export async function startPlatform(opts: StartOptions = {}): Promise<Platform> {
  const backendMain = requireBuilt('backend/dist/main.js', 'npm run build -w backend');
  requireBuilt('frontends/shell/dist/index.html', 'npm run build:web');
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbName = `oj_e2e_${id}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-e2e-'));
  // the judge's sandbox user must reach its work dir below this one
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const mails: Mail[] = [];
  const { smtp, port: smtpPort } = await startSmtp(mails);
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const judgeToken = randomBytes(16).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    REDIS_PREFIX: `oj-e2e-${id}:`,
    BULL_PREFIX: `bull-e2e-${id}`,
    DATA_DIR: dataDir,
    ROOT_PASSWORD,
    JUDGE_TOKEN: judgeToken,
    JUDGE_CONCURRENCY: '1',
    JUDGE_CACHE_DIR: path.join(dataDir, 'judge-cache'),
    JUDGE_WORK_DIR: path.join(dataDir, 'judge-work'),
    LOG_LEVEL: 'warn',
    // Browser suites make their own content: never the first-run demo (modules/demo), whatever the caller's env.
    DEMO: '0',
    ...opts.env,
  };
  const logs: string[] = [];
  const backend = spawn(process.execPath, [backendMain], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  backend.stdout?.on('data', (d) => logs.push(`[backend] ${d}`));
  backend.stderr?.on('data', (d) => logs.push(`[backend] ${d}`));
  const platform: Platform = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dbName,
    dataDir,
    redisPrefix: env.REDIS_PREFIX as string,
    bullPrefix: env.BULL_PREFIX as string,
    mails,
    smtp,
    smtpPort,
    backend,
    worker: null,
    logs,
  };
  try {
    await waitFor(
      'the backend',
      async () => {
        if (backend.exitCode !== null) throw new Error(`backend exited with ${backend.exitCode}`);
        const res = await fetch(`${platform.baseUrl}/api/get-website-config`);
        return res.ok ? true : undefined;
      },
      90_000,
      logs,
    );
    if (opts.judge !== false) {
      const workerMain = requireBuilt('judge-sandbox/dist/worker.js', 'npm run build -w judge-sandbox');
      const worker = spawn(process.execPath, [workerMain], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      worker.stdout?.on('data', (d) => logs.push(`[judge] ${d}`));
      worker.stderr?.on('data', (d) => logs.push(`[judge] ${d}`));
      platform.worker = worker;
      // the worker announces its languages; the backend lists them once it did
      await waitFor(
        'the judge worker',
        async () => {
          if (worker.exitCode !== null) throw new Error(`judge worker exited with ${worker.exitCode}`);
          const langs = await apiCall<unknown[]>(platform, 'GET', '/api/languages?all=true');
          return langs.length > 0 ? true : undefined;
        },
        60_000,
        logs,
      );
    }
    await configureSmtp(platform);
  } catch (e) {
    await stopPlatform(platform);
    throw e;
  }
  return platform;
}

export async function stopPlatform(p: Platform | undefined): Promise<void> {
  if (!p) return;
  const stop = (c: ChildProcess | null) =>
    new Promise<void>((resolve) => {
      if (!c || c.exitCode !== null || c.signalCode) return resolve();
      const t = setTimeout(() => c.kill('SIGKILL'), 10_000);
      c.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      c.kill('SIGTERM');
    });
  await Promise.all([stop(p.worker), stop(p.backend)]);
  await new Promise<void>((resolve) => p.smtp.close(() => resolve()));
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${p.dbName} WITH (FORCE)`);
  await admin.end();
  await dropRedisKeys([`${p.redisPrefix}*`, `${p.bullPrefix}:*`]);
  fs.rmSync(p.dataDir, { recursive: true, force: true });
}

async function dropRedisKeys(patterns: string[]): Promise<void> {
  const Redis = (await import('ioredis')).default;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const pattern of patterns) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------- API helpers (setup only)

export interface ApiAnswer<T> {
  status: number;
  msg: string;
  data: T;
}

export async function apiRaw<T>(
  p: Platform,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ res: Response; json: ApiAnswer<T> }> {
  const headers: Record<string, string> = { 'Url-Type': url.startsWith('/api/admin') ? 'admin' : 'general' };
  if (token) headers.Authorization = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(p.baseUrl + url, { method, headers, body: payload });
  const json = (await res.json()) as ApiAnswer<T>;
  return { res, json };
}

export async function apiCall<T>(p: Platform, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const { res, json } = await apiRaw<T>(p, method, url, body, token);
  if (!res.ok || json.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${json.msg}`);
  return json.data;
}

/** Logs in through the API; answers the token. */
export async function apiLogin(p: Platform, username: string, password: string, adminArea = false): Promise<string> {
  const { res, json } = await apiRaw(p, 'POST', adminArea ? '/api/admin/login' : '/api/login', { username, password });
  if (!res.ok || json.status !== 200) throw new Error(`login ${username}: ${json.msg}`);
  return res.headers.get('authorization') as string;
}

export const rootToken = (p: Platform): Promise<string> => apiLogin(p, 'root', ROOT_PASSWORD, true);

/** Points the site's SMTP config at the in-process server. */
export async function configureSmtp(p: Platform): Promise<void> {
  const token = await rootToken(p);
  await apiCall(
    p,
    'PUT',
    '/api/admin/config/set-email-config',
    {
      emailHost: '127.0.0.1',
      emailPort: p.smtpPort,
      emailUsername: 'oj@localhost',
      emailPassword: 'unused',
      emailSsl: false,
    },
    token,
  );
}

/** Changes site switches and limits (Admin → Switch), e.g. `{ defaultSubmitInterval: 0 }`. */
export async function updateSwitches(p: Platform, changes: Record<string, unknown>): Promise<void> {
  const token = await rootToken(p);
  const current = await apiCall<Record<string, unknown>>(p, 'GET', '/api/admin/switch/info', undefined, token);
  await apiCall(p, 'PUT', '/api/admin/switch/update', { ...current, ...changes }, token);
}

/** Waits for a mail to `to` and answers the first 6-digit code in it. */
export async function waitForMailCode(p: Platform, to: string, timeoutMs = 20_000): Promise<string> {
  return waitFor(
    `a mail to ${to}`,
    async () => {
      const mail = [...p.mails].reverse().find((m) => m.to.includes(to));
      const code = mail?.text.match(/\b(\d{6})\b/);
      return code ? code[1] : undefined;
    },
    timeoutMs,
  );
}

/** The judge's language names (e.g. "C++ 17 With O2"). */
export async function judgeLanguages(p: Platform): Promise<string[]> {
  const langs = await apiCall<{ name: string }[]>(p, 'GET', '/api/languages?all=true');
  return langs.map((l) => l.name);
}

export interface SeedProblem {
  problemId: string;
  title: string;
  description?: string;
  cases: { input: string; output: string }[];
  examples?: { input: string; output: string }[];
  languages?: string[];
  /** 0 ACM (default), 1 OI: scored by points, the cases sharing 100 */
  type?: number;
}

/** Creates a public problem with manual test cases through the admin API (setup, not under test). */
export async function createProblem(p: Platform, seed: SeedProblem): Promise<void> {
  const token = await rootToken(p);
  const languages = seed.languages ?? (await judgeLanguages(p));
  await apiCall(
    p,
    'POST',
    '/api/admin/problem',
    {
      problem: {
        problemId: seed.problemId,
        title: seed.title,
        description: seed.description ?? 'Print the sum of $a$ and $b$.',
        input: 'Two integers $a, b$ ($|a|, |b| \\le 10^9$).',
        output: 'Their sum.',
        examples: seed.examples ?? seed.cases.slice(0, 1),
        timeLimit: 1000,
        memoryLimit: 256,
        stackLimit: 128,
        difficulty: 1,
        auth: 1,
        type: seed.type ?? 0,
        judgeMode: 'default',
        isRemoveEndBlank: true,
        openCaseResult: true,
        codeShare: true,
        isUploadCase: false,
        hint: '',
        source: 'e2e',
      },
      samples: seed.cases,
      isUploadTestCase: false,
      languages,
      tags: [{ name: 'e2e' }],
      codeTemplates: [],
    },
    token,
  );
}

// ---------------------------------------------------------------- browser helpers

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * How long a browser suite waits for something the web app does (a page, a list row, a verdict, a toast) before it
 * fails, and the pages' default for navigations and actions. A wait ends as soon as its condition holds, so the
 * budget costs nothing when the app works; it is sized for a full CI run, where two platforms, Chromium and the judge
 * share two cores at load 17–20 and a page that takes 2 s alone took more than 30 s (the budget before).
 */
export const UI_WAIT_MS = 60_000;

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** console errors and page errors seen so far */
  errors: string[];
}

export async function openPage(browser: Browser, p: Platform, viewport = { width: 1280, height: 900 }): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: p.baseUrl, viewport, locale: 'zh-CN' });
  context.setDefaultTimeout(UI_WAIT_MS);
  context.setDefaultNavigationTimeout(UI_WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, context, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Signs in through the site's login dialog. */
export async function uiLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('nav-login').click();
  const form = page.getByTestId('login-form');
  await form.locator('input').nth(0).fill(username);
  await form.locator('input[type="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Replaces the editor's text as a user's paste would (typing would fight auto-closing brackets). */
export async function typeIntoEditor(page: Page, code: string): Promise<void> {
  const editor = page.locator('[data-testid="code-editor"][data-ready="true"]');
  await editor.waitFor({ timeout: 60_000 });
  await editor.locator('.monaco-editor').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}
