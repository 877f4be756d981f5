/**
 * `npm run bench -w backend`: autocannon, 50 connections × 10 s each, against
 *  - GET /api/get-website-config and POST /api/login (root, argon2) of the real app
 *    (fresh database on DATABASE_URL's server, Redis from REDIS_URL, request logs off, rate limits off);
 *  - GET /api/get-user-home-info of a user with 50,000 submissions (1,000 problems tried, 600 solved) at
 *    BENCH_HOME_CONNECTIONS (default 100) connections;
 *  - a bare hello-world Nest app on the same HTTP adapter (platform-express), no guards or middleware.
 * autocannon runs in its own process so the servers keep a core to themselves (2-core machines).
 * Prints req/s, p50, p99 and the ratio to bare, then one JSON line:
 *   {"configRps","configP99Ms","loginRps","userHomeRps","userHomeP99Ms","userHomeCpuUs","bareRps"}
 * (userHomeCpuUs: the server's CPU time per user-home answer; BENCH_CPU_PROFILE=file.cpuprofile profiles that load)
 * BENCH_DURATION (seconds) and BENCH_CONNECTIONS override the defaults.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import Redis from 'ioredis';

import { execFile } from 'child_process';
import { HelloModule, adminQuery, listen, startProfile } from './bench-utils';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = (sql: string) => adminQuery(PG_URL, sql);
const ROOT_PASSWORD = 'bench-root-pw';
const HOME_CONNECTIONS = Number(process.env.BENCH_HOME_CONNECTIONS || 100);
const HOME_SUBMISSIONS = 50_000;

/** A user with HOME_SUBMISSIONS submissions over the last year, 1,000 problems tried, 600 solved. */
async function seedBusyUser(dbUrl: string): Promise<string> {
  const { Client } = await import('pg');
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const uid = 'b'.repeat(32);
    await db.query(`INSERT INTO user_info (uid, username, password, nickname) VALUES ($1, 'busy_user', 'x', 'Busy')`, [uid]);
    await db.query(`INSERT INTO user_role (uid, role_id) VALUES ($1, 1002)`, [uid]);
    await db.query(
      `INSERT INTO problem (problem_id, title, difficulty) SELECT 'HOME-' || g, 'Problem ' || g, g % 4 FROM generate_series(1, 1000) g`,
    );
    await db.query(
      `INSERT INTO user_problem_stat (uid, pid, accepted, best_score, last_status, first_ac_time)
       SELECT $1, p.id, n <= 600, CASE WHEN n <= 600 THEN 100 ELSE 0 END, CASE WHEN n <= 600 THEN 0 ELSE -1 END,
              CASE WHEN n <= 600 THEN now() - n * interval '10 minutes' END
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM problem WHERE problem_id LIKE 'HOME-%') p`,
      [uid],
    );
    await db.query(
      `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, length, code, language)
       SELECT p.id, p.problem_id, $1, 'busy_user', now() - random() * interval '360 days', CASE WHEN random() < 0.3 THEN 0 ELSE -1 END, 10, '', 'C++'
         FROM generate_series(1, $2::int) g JOIN problem p ON p.problem_id = 'HOME-' || (1 + g % 1000)`,
      [uid, HOME_SUBMISSIONS],
    );
    await db.query(
      `INSERT INTO user_judge_stat (uid, username, submissions, accepted, solved, total_score)
       SELECT $1::varchar, 'busy_user', count(*), count(*) FILTER (WHERE status = 0), 600, 60000 FROM judge WHERE uid = $1::varchar`,
      [uid],
    );
    await db.query('ANALYZE judge; ANALYZE user_problem_stat; ANALYZE problem');
    return 'busy_user';
  } finally {
    await db.end();
  }
}

interface LoadOptions {
  url: string;
  connections?: number;
  duration?: number;
  method?: 'GET' | 'POST';
  body?: string;
  /** Seconds before autocannon gives a request up (default 10). */
  timeoutSec?: number;
}

/** One autocannon run in a child process (its JSON report). */
function autocannon(o: LoadOptions): Promise<AutocannonResult> {
  const args = [
    require.resolve('autocannon/autocannon.js'),
    '-j',
    '-c',
    String(o.connections ?? CONNECTIONS),
    '-d',
    String(o.duration ?? DURATION),
  ];
  if (o.method) args.push('-m', o.method);
  if (o.timeoutSec) args.push('-t', String(o.timeoutSec));
  if (o.body) args.push('-H', 'content-type=application/json', '-b', o.body);
  args.push(o.url);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as AutocannonResult),
    ),
  );
}

async function measure(name: string, opts: LoadOptions): Promise<AutocannonResult> {
  const r = await autocannon(opts);
  // A wrong answer makes the figures meaningless; slow ones (timeouts) are part of the figures.
  if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx answers`);
  return r;
}

async function main(): Promise<void> {
  const bare = await NestFactory.create(HelloModule, { logger: false });
  const bareUrl = await listen(bare);

  const id = randomBytes(4).toString('hex');
  const database = `oj_bench_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-'));
  await admin(`CREATE DATABASE "${database}"`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = '/' + database;
  Object.assign(process.env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    REDIS_PREFIX: `bench:${id}:`,
    BULL_PREFIX: `bench_bull_${id}`,
    ROOT_PASSWORD,
    DISABLE_RATE_LIMIT: '1',
    FRONTENDS_DIR: path.join(dataDir, 'frontends'),
  });
  // Loaded after the environment is set: the app reads it once.
  const { AppModule } = await import('../app.module');
  const { configureApp } = await import('../app.setup');
  const { EnvelopeExpressAdapter } = await import('../core/http/envelope.adapter');
  const app = await NestFactory.create(AppModule, new EnvelopeExpressAdapter(), { bufferLogs: true });
  configureApp(app);
  const url = await listen(app);

  try {
    // Warm-up (JIT, caches, connection pools).
    await autocannon({ url: `${bareUrl}/hello`, connections: 10, duration: 2 });
    await autocannon({ url: `${url}/api/get-website-config`, connections: 10, duration: 2 });

    const bareR = await measure('bare', { url: `${bareUrl}/hello` });
    const configR = await measure('config', { url: `${url}/api/get-website-config` });
    const loginR = await measure('login', {
      url: `${url}/api/login`,
      method: 'POST',
      body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
      timeoutSec: 30,
    });
    // Let the last logins finish before the app closes its connections.
    await new Promise((r) => setTimeout(r, 3000));
    const busy = await seedBusyUser(dbUrl.toString());
    const homeUrl = `${url}/api/get-user-home-info?username=${busy}`;
    await autocannon({ url: homeUrl, connections: 10, duration: 2 });
    // The server's CPU per answer (this process): on a shared machine the latencies move with the neighbours,
    // this much less. BENCH_CPU_PROFILE=file.cpuprofile writes the server's profile of this load.
    const profiler = await startProfile((msg) => console.error(msg));
    const cpuBefore = process.cpuUsage();
    const homeR = await measure('user-home', { url: homeUrl, connections: HOME_CONNECTIONS });
    const homeCpu = process.cpuUsage(cpuBefore);
    await profiler?.();
    const homeCpuUs = Math.round((homeCpu.user + homeCpu.system) / Math.max(1, homeR.requests.total));

    const row = (name: string, r: AutocannonResult) =>
      `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(
        r.latency.p99,
      ).padStart(4)} ms   ${((r.requests.average / bareR.requests.average) * 100).toFixed(0).padStart(4)}% of bare` +
      (r.errors ? `   (${r.errors} errors, ${r.timeouts} timeouts)` : '');
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each`);
    console.log(row('bare hello-world (Nest)', bareR));
    console.log(row('GET /api/get-website-config', configR));
    console.log(row('POST /api/login (argon2)', loginR));
    console.log(row(`user-home 50k subs (${HOME_CONNECTIONS} c)`, homeR) + `   server CPU ${homeCpuUs} µs/answer`);
    console.log(
      JSON.stringify({
        configRps: Math.round(configR.requests.average),
        configP99Ms: configR.latency.p99,
        loginRps: Math.round(loginR.requests.average),
        userHomeRps: Math.round(homeR.requests.average),
        userHomeP99Ms: homeR.latency.p99,
        userHomeCpuUs: homeCpuUs,
        bareRps: Math.round(bareR.requests.average),
      }),
    );
  } finally {
    await app.close();
    await bare.close();
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`bench:${id}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
