/**
 * `npm start` as a newcomer meets it (issue 30): scripts/start.js itself, twice on one fresh database.
 *  1. On a machine "without bubblewrap" (JUDGE_BWRAP pointing at nothing, JUDGE_AUTO_INSTALL=0): it prints the exact
 *     command, the platform still serves, no judge worker is started, and the summary's demo line says that nothing
 *     was made and why, as the database shows.
 *  2. Started again as the printed advice says (bubblewrap there): the judge worker comes up, the demo content is
 *     made before the summary is printed, the summary names what the database holds, and the demo problems are judged.
 * DATA_DIR lies in a folder closed to other users, as a checkout in /root is: the judge's cache moves where its
 * sandboxes can read it. Runs the built backend and judge (npm test builds them; start.js rebuilds stale ones).
 */
import { installationPrefixes, isFinalJudgeStatus, JudgeStatus, judgeLanguagesKey, judgeServerKey } from '@oj/contracts';
import { ChildProcess, spawn } from 'child_process';
import { createHash, randomBytes } from 'crypto';
import { mkdtempSync, rmSync, rmdirSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import * as path from 'path';
import { Client } from 'pg';
import request from 'supertest';
import { resolveInstallationId } from '../src/core/config/installation';
import { A_PLUS_B_SOLUTIONS, CIRCLE_AREA_SOLUTION, GUESS_NUMBER_SOLUTION } from './fixtures/demo-solutions';
import { adminQuery, deleteKeys, TEST_PG_URL, TEST_REDIS_URL, withDatabase } from './utils/test-app';

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, '../..');
const ROOT_PASSWORD = 'first-start-Pw1';
const SETUP_LINES = [
  '[setup] the judge needs what this machine lacks: bubblewrap (the sandbox every submission runs in).',
  '[setup] not installing them (JUDGE_AUTO_INSTALL=0); this installs them, then start again:',
  '[setup]     apt-get install -y --no-install-recommends bubblewrap',
  "[setup] (JUDGE_BWRAP=/nonexistent/bwrap is no executable file: point it at bwrap, or unset it for the package's /usr/bin/bwrap)",
];

interface Started {
  child: ChildProcess;
  lines: string[];
  /** The summary's lines (from the address to the metrics line), once printed. */
  summary: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** `node scripts/start.js` with `env`; resolves once its summary is printed. */
function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
      const end = lines.findIndex((l) => l.startsWith('  Metrics:'));
      if (end >= 0) {
        const begin = lines.findIndex((l) => l.startsWith('  OJ platform:'));
        resolve({ child, lines, summary: lines.slice(begin, end + 1).filter((l) => l.trim()) });
      }
    });
    child.on('exit', (code) => reject(new Error(`start.js ended (${code}) before its summary:\n${lines.join('\n')}\n${errors}`)));
  });
}

function stop(s: Started | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

const line = (s: Started, prefix: string) => s.summary.find((l) => l.startsWith(prefix));

describe('npm start on a fresh machine', () => {
  const database = `oj_test_first_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(TEST_PG_URL, database);
  // mkdtemp makes a 0700 folder: the judge's sandboxes cannot enter it, as they cannot enter /root.
  const closed = mkdtempSync(path.join(tmpdir(), 'oj-first-start-'));
  const dataDir = path.join(closed, 'data');
  const judgeHome = path.join('/var/cache/oj-judge', createHash('sha256').update(dataDir).digest('hex').slice(0, 12));
  let db: Client;
  let env: Record<string, string>;
  let base: string;
  let running: Started | undefined;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE "${database}"`);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      PORT: String(port),
      DATA_DIR: dataDir,
      ROOT_PASSWORD,
      SKIP_WEB_BUILD: '1',
      OTHER_CONTESTS: 'none',
    };
  });

  afterAll(async () => {
    await stop(running);
    const { redis, bull } = installationPrefixes(await resolveInstallationId(databaseUrl));
    await db?.end();
    await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await deleteKeys([redis, `${bull}:`, judgeServerKey(bull, ''), judgeLanguagesKey(bull)]);
    rmSync(closed, { recursive: true, force: true });
    rmSync(judgeHome, { recursive: true, force: true });
    try {
      rmdirSync('/var/cache/oj-judge');
    } catch {
      // another start's cache is there
    }
  });

  async function demoInDatabase(): Promise<{ marker: { problems: { problemId: string }[] } | null; problemIds: string[] }> {
    const marker = await db.query<{ value: { problems: { problemId: string }[] } }>(
      `SELECT value FROM site_config WHERE key = 'demo-content'`,
    );
    const problems = await db.query<{ problem_id: string }>('SELECT problem_id FROM problem ORDER BY id');
    return { marker: marker.rows[0]?.value ?? null, problemIds: problems.rows.map((r) => r.problem_id) };
  }

  it('without bubblewrap: prints the command, serves without a judge, and says the demo is not made yet', async () => {
    running = await start({ ...env, JUDGE_BWRAP: '/nonexistent/bwrap', JUDGE_AUTO_INSTALL: '0' });
    expect(running.lines.slice(0, 4)).toEqual(SETUP_LINES);
    expect(running.lines).toContain(
      '[start] no judge worker: bubblewrap is missing: apt-get install -y --no-install-recommends bubblewrap, then npm start again',
    );
    expect(running.lines).not.toContain('[start] starting one judge worker');
    expect(line(running, '  Judge worker')).toBe(
      '  Judge worker  DOWN bubblewrap is missing: apt-get install -y --no-install-recommends bubblewrap, then npm start again (submissions wait in the queue)',
    );
    expect(line(running, '  Demo content')).toBe(
      '  Demo content: not made yet: no judge worker yet (its special judge compiles on one); the next start makes it.',
    );
    // What the line says is what the database holds: nothing made, no marker.
    expect(await demoInDatabase()).toEqual({ marker: null, problemIds: [] });
    // The platform serves: health, the API, the web app.
    await request(base).get('/api/health/ready').expect(200);
    const list = await request(base).get('/api/get-problem-list').expect(200);
    expect(list.body.data.total).toBe(0);
    const page = await request(base).get('/').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    await stop(running);
  });

  it('with bubblewrap: the worker comes up, the demo is made before the summary, named as the database holds it, and judged', async () => {
    running = await start(env);
    expect(running.lines[0]).toBe('[setup] the judge: bubblewrap, C, C++, Python 3, Java: all here.');
    expect(running.lines).toContain(
      `[start] the judge's sandboxes cannot enter ${closed} (closed to other users): its cache goes to ${judgeHome}/cache`,
    );
    expect(line(running, '  Judge worker')).toMatch(/^ {2}Judge worker {2}up {3}\d+ languages: .*C\+\+ 17 With O2.*Python3/);
    const { marker, problemIds } = await demoInDatabase();
    // The summary's demo line first: when the demo was not made, it says why.
    expect(line(running, '  Demo content')).toMatch(/^ {2}Demo content: made now: /);
    expect(marker!.problems.map((p) => p.problemId)).toEqual(problemIds);
    expect(problemIds).toHaveLength(3);
    expect(line(running, '  Demo content')).toBe(
      `  Demo content: made now: problems ${problemIds.join(', ')}, a running contest, a training and an announcement (README "First run").`,
    );

    const login = await request(base).post('/api/login').send({ username: 'root', password: ROOT_PASSWORD }).expect(200);
    const token = login.headers['authorization'] as string;
    const solutions = [
      { language: 'Python3', code: A_PLUS_B_SOLUTIONS['Python3'] },
      CIRCLE_AREA_SOLUTION, // its special judge, compiled into the worker's cache while the demo was made
      GUESS_NUMBER_SOLUTION, // its interactor, the same
    ];
    const verdicts = await Promise.all(
      solutions.map(async ({ language, code }, i) => {
        const res = await request(base)
          .post('/api/submit-problem-judge')
          .set('Authorization', token)
          .send({ pid: problemIds[i], language, code, cid: 0 })
          .expect(200);
        const submitId = res.body.data.submitId as number;
        for (const until = Date.now() + 180_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
          const detail = await request(base).get('/api/get-submission-detail').query({ submitId }).set('Authorization', token);
          const status = detail.body.data?.submission?.status as number | undefined;
          if (status !== undefined && isFinalJudgeStatus(status)) return [problemIds[i], status];
        }
        return [problemIds[i], 'not judged in 180 s'];
      }),
    );
    expect(verdicts).toEqual(problemIds.map((id) => [id, JudgeStatus.Accepted]));
  });
});
