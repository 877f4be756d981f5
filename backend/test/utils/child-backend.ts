/**
 * The backend as a real process (`node backend/dist/main.js`) on a test app's database, Redis and data folder, for the
 * suites that kill it with SIGKILL (crash-safety, the remote judge's restart): an in-process app cannot die abruptly.
 * Built first when backend/dist is missing. Answers once the API serves the website config.
 */
import { ChildProcess, execFileSync, spawn } from 'child_process';
import { existsSync } from 'fs';
import { createServer } from 'net';
import * as path from 'path';
import request from 'supertest';
import type { TestApp } from './test-app';

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(ROOT, 'backend/dist/main.js');

/** A free loopback port (asked of the system, never assumed). */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Builds backend/dist when it is not there (a chosen test run without `npm run build`). */
export function ensureBackendBuilt(): void {
  if (!existsSync(MAIN)) execFileSync('npx', ['tsc', '-p', 'backend/tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
}

/** Starts the backend on `port` with `t`'s configuration (and `env` on top); resolves when it answers. */
export async function startBackendProcess(t: TestApp, port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: t.config.paths.dataDir,
      FRONTENDS_DIR: t.config.paths.frontendsDir,
      DATABASE_URL: t.config.database.url,
      DB_POOL_SIZE: '6',
      REDIS_URL: t.config.redis.url,
      REDIS_PREFIX: t.config.redis.keyPrefix,
      BULL_PREFIX: t.config.bull.prefix,
      JWT_SECRET: t.config.jwt.secret,
      JUDGE_TOKEN: t.config.judge.token,
      DISABLE_RATE_LIMIT: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const end = Date.now() + 60_000;
  for (;;) {
    const ok = await request(`http://127.0.0.1:${port}`)
      .get('/api/get-website-config')
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return child;
    if (child.exitCode !== null || Date.now() > end) throw new Error(`backend did not start (exit ${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
