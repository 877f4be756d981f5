/** Pieces every benchmark of the backend uses. */
import { Controller, Get, INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { Session } from 'inspector';
import Redis from 'ioredis';
import { tmpdir } from 'os';
import * as path from 'path';
import { Client } from 'pg';
import { AppModule } from '../app.module';
import { configureApp } from '../app.setup';
import { EnvelopeExpressAdapter } from '../core/http/envelope.adapter';

@Controller()
class HelloController {
  @Get('hello')
  hello() {
    return 'hello world';
  }
}

/** The bare hello-world of the same HTTP adapter, the yardstick of the issues' "% of bare" goals. */
@Module({ controllers: [HelloController] })
export class HelloModule {}

/** Runs one administrative statement (CREATE/DROP DATABASE) on the server at `url`. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Listens on a free loopback port; returns the base URL. */
export async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}

/** What a browser sends with every call (Chromium's Accept-Encoding): large cached answers come back gzipped. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export interface LoadResult {
  latency: { mean: number; p99: number };
  requests: { total: number; average: number };
  non2xx: number;
  errors: number;
}

/**
 * autocannon's CLI in a child process (the load comes from another process, as real clients would, not from
 * the server's own event loop): POST with `body`, else GET; `headers` are added to every request.
 */
export function loadFromChild(
  url: string,
  token: string,
  o: { connections: number; seconds: number; body?: string; headers?: Record<string, string> },
): Promise<LoadResult> {
  const cli = require.resolve('autocannon/autocannon.js');
  const args = [cli, '-c', String(o.connections), '-d', String(o.seconds), '-t', '30', '-j', '-H', `authorization=${token}`];
  for (const [name, value] of Object.entries(o.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (o.body !== undefined) args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', o.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

/**
 * autocannon in a child process with a path per request: `pathExpr` is a JavaScript expression run for each
 * request (e.g. a random id), so a load may spread over many rows. GET with the caller's token.
 */
export function loadPaths(base: string, token: string, pathExpr: string, o: { connections: number; seconds: number }): Promise<LoadResult> {
  const script = `
    const autocannon = require(${JSON.stringify(require.resolve('autocannon'))});
    autocannon({
      url: ${JSON.stringify(base)}, connections: ${o.connections}, duration: ${o.seconds}, timeout: 30,
      headers: { authorization: ${JSON.stringify(token)} },
      requests: [{ setupRequest: (req) => ({ ...req, path: ${pathExpr} }) }],
    }, (err, res) => { if (err) { console.error(err); process.exit(1); } process.stdout.write(JSON.stringify(res)); });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

/** With BENCH_CPU_PROFILE set, starts the V8 profiler; the returned function stops it and writes the file. */
export async function startProfile(log: (msg: string) => void): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    log(`CPU profile of the load written to ${file}`);
  };
}

/** Deletes every Redis key under the given prefixes (a benchmark's own keys). */
export async function deleteRedisKeys(redisUrl: string, prefixes: string[]): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * The environment a benchmark's own app reads once at start: its database, its Redis prefixes, throwaway
 * secrets, production logging off and no rate limits (the load would only measure the throttle).
 */
export function useBenchEnvironment(o: {
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  bullPrefix: string;
}): void {
  Object.assign(process.env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl,
    DB_POOL_SIZE: '20',
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix,
    BULL_PREFIX: o.bullPrefix,
    JWT_SECRET: randomBytes(16).toString('hex'),
    JUDGE_TOKEN: randomBytes(16).toString('hex'),
    ROOT_PASSWORD: randomBytes(8).toString('hex'),
    DISABLE_RATE_LIMIT: '1',
    HOST: '127.0.0.1',
    FRONTENDS_DIR: path.join(o.dataDir, 'frontends'),
  });
}

/**
 * The whole app in this process, on a free loopback port (after useBenchEnvironment), with the production
 * HTTP adapter (every answer in the { status, msg, data } envelope, as main.ts serves it).
 */
export async function startBenchApp(): Promise<{ app: INestApplication; port: number }> {
  const app = await NestFactory.create(AppModule, new EnvelopeExpressAdapter(), { logger: false });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  return { app, port: (app.getHttpServer().address() as { port: number }).port };
}

/**
 * One benchmark run on throwaway state: a fresh database on BENCH_DATABASE_URL (or DATABASE_URL), its own data
 * directory and Redis prefixes on REDIS_URL, the whole app served on them; `run` gets the app and its base URL.
 * Everything is removed afterwards, whatever `run` does.
 */
export async function withBenchApp<T>(kind: string, run: (app: INestApplication, base: string) => Promise<T>): Promise<T> {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `oj_bench_${kind}_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-'));
  const redisPrefix = `bench:${kind}:${id}:`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = '/' + database;
  await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
  useBenchEnvironment({ dataDir, databaseUrl: dbUrl.toString(), redisUrl, redisPrefix, bullPrefix: `bench_${kind}_${id}` });
  let app: INestApplication | undefined;
  try {
    const started = await startBenchApp();
    app = started.app;
    return await run(app, `http://127.0.0.1:${started.port}`);
  } finally {
    await app?.close();
    await deleteRedisKeys(redisUrl, [redisPrefix]);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Busy CPU time (ms) of the whole machine so far, from /proc/stat (all but idle and iowait). Per-process counters miss
 * much of the sandbox's work (on 2026-11-24 they summed to 60 ms per submission of a judging burst while `perf record
 * -a` found about 100 ms: the cores were busy, not waiting); this one misses nothing, and counts whatever else runs
 * on the machine too.
 */
export function machineBusyMs(): number {
  // "cpu  user nice system idle iowait irq softirq steal ...", in clock ticks of 10 ms
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + (steal || 0)) * 10;
}
