/**
 * `npm run bench:contest-day`: a contest day on this machine (issue 20), bounded, loopback only, stops by itself.
 * A running ACM contest (3 problems, A+B-like, 10 cases each) with BENCH_CONTESTANTS contestants (3,000) and
 * BENCH_WORKERS judge workers (2, child processes of judge-sandbox/dist/worker.js, one slot each):
 *  - surge: every contestant opens the contest page (get-contest-info + get-contest-problem) and then a problem
 *    (get-contest-problem-details), arrivals spread over BENCH_SURGE_SECONDS (10 s);
 *  - submissions: BENCH_SUBMISSIONS (one per contestant) in C++, 10 % compile errors, 30 % wrong, 60 % right,
 *    spread evenly over the rest of the contest (BENCH_DURATION, 300 s); a submission's verdict time is when its
 *    row turns final in PostgreSQL (polled every 100 ms);
 *  - every contestant polls get-contest-rank every BENCH_RANK_POLL_SECONDS (10 s), first poll at a random offset;
 *  - at the end everyone loads the rank once more; the judges get up to BENCH_DRAIN_SECONDS (120 s) to finish.
 * The contestants run in a child process (its own event loop and heap, the same two cores: the backend's process
 * does nothing for them but answer) over at most BENCH_CONNECTIONS (256) keep-alive sockets, like a proxy's
 * upstream pool. Latencies are measured from the moment a contestant wants the answer (open loop: waiting for a
 * socket counts). BENCH_CPU_PROFILE=file.cpuprofile writes the backend's CPU profile of the contestants' run.
 * BENCH_REPLICAS=n runs n backend processes (this one and n - 1 of dist/main.js on the same database and Redis),
 * the contestants spread over them as behind a balancer.
 * Figures: pages/s and request p99 during the surge (and p50/p99 per route), submissions judged/s, submit → verdict
 * p95 (all, and of those that entered a queue that was not saturated: fewer waiting jobs than judge slots from
 * pressing submit to the submit call's answer), rank p99, errors.
 * Goals: surge p99 < 200 ms, verdict p95 < 2 s while the queue is not saturated, 0 errors.
 * One-box mode (BENCH_ONE_BOX=1; everything on one machine, as `npm start` runs it): the contest twice in one run,
 * the judges at JUDGE_CPU_WEIGHT=normal and then =low, each time with BENCH_BACKLOG (300) submissions queued just
 * before the surge (the surge meets a saturated queue) and 20 submissions of a loop that spins 0.5 s of CPU judged
 * while the surge runs. Figures per weight, and: surge p99 and failed requests with the queue saturated, judging
 * throughput at the low weight against the normal one (goal: at most 10 % lost), the coefficient of variation of
 * the loop's measured CPU time (goal < 3 %), the final rank burst p99 (goal < 1 s). Throughput counts every
 * submission a phase judged (backlog and loops too); the machine's CPU of each phase is split between the judges, the
 * backend, PostgreSQL with Redis and the load generator, giving the judges' CPU per judgement at each weight. The
 * surge's p50/p99 by second and both event loops' delays show where a slow surge comes from. BENCH_PROFILE_PHASE=1
 * profiles the low weight's phase instead of the first.
 * Ends with one JSON line.
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { ContestAuth, ContestType, JudgeStatus } from '@oj/contracts';
import { ChildProcess, fork, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'fs';
import * as http from 'http';
import * as net from 'net';
import { tmpdir } from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { gunzipSync } from 'zlib';
import { clientAgent } from './client-agent';

const envNum = (name: string, fallback: number): number => {
  const n = Number(process.env[name] || fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};

const REPO = path.resolve(__dirname, '../../..');
const WORKER_JS = path.join(REPO, 'judge-sandbox/dist/worker.js');
const PROBLEMS = ['A', 'B', 'C'];
const CASES = 10;
const FINAL = `status NOT IN (${JudgeStatus.Pending}, ${JudgeStatus.Compiling}, ${JudgeStatus.Judging}, ${JudgeStatus.Submitting})`;

/** What the contestants' thread needs. */
interface Scenario {
  /** One base URL per backend replica; contestant i talks to bases[i % bases.length] (a balancer's stickiness). */
  bases: string[];
  cid: number;
  tokens: string[];
  submissions: number;
  durationMs: number;
  surgeMs: number;
  rankPollMs: number;
  connections: number;
}

interface Sample {
  kind: 'surge' | 'rank' | 'final-rank' | 'submit';
  /** The route (path without the query), for the per-route figures. */
  route: string;
  ms: number;
  ok: boolean;
  /** When the request was sent, ms from the start of the contest (the surge's slow seconds). */
  t: number;
}

/** One rank answer in this many has its body inflated and checked (the others: their HTTP status). */
const RANK_CHECK_EVERY = 10;

/** Set in the contestants' child process (forked from this file). */
const CONTESTANTS_CHILD = 'OJ_BENCH_CONTESTANTS_CHILD';

interface ContestantsReport {
  samples: Sample[];
  surgePages: number;
  surgeWallMs: number;
  /** The load generator's own CPU time (it shares the machine with everything measured). */
  generatorCpuMs: number;
  /** The load generator's event-loop delay during the surge, ms (its own stalls count in every latency it measures). */
  generatorLoopDelay: { p99: number; max: number };
  /** submitId, epoch ms when the contestant pressed submit and when the submit call answered, expected verdict */
  submitted: { submitId: number; at: number; answeredAt: number; expect: number }[];
  errors: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------------------------
// The contestants (child process).

const AC = (i: number, p: string) =>
  `// ${p} by contestant ${i}\n#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n`;
const WA = (i: number, p: string) =>
  `// ${p} by contestant ${i}\n#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b+1);return 0;}\n`;
const CE = (i: number, p: string) => `// ${p} by contestant ${i}\n#include <cstdio>\nint main(){ printf("%d\\n", ) return 0 }\n`;

async function contestants(s: Scenario): Promise<ContestantsReport> {
  // maxSockets counts per replica (per origin): the same total pool, whatever the number of replicas.
  const agent = clientAgent(Math.ceil(s.connections / s.bases.length));
  const report: ContestantsReport = {
    samples: [],
    surgePages: 0,
    surgeWallMs: 0,
    generatorCpuMs: 0,
    generatorLoopDelay: { p99: 0, max: 0 },
    submitted: [],
    errors: [],
  };
  const fail = (what: string) => {
    if (report.errors.length < 20) report.errors.push(what);
    else if (report.errors.length === 20) report.errors.push('…');
  };

  const baseOf = new Map(s.tokens.map((t, i) => [t, s.bases[i % s.bases.length]]));
  let rankAnswers = 0;
  const call = (kind: Sample['kind'], token: string, method: string, url: string, body?: unknown): Promise<unknown> =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        baseOf.get(token)! + url,
        {
          method,
          agent,
          headers: {
            authorization: token,
            // As a browser asks: large cached answers (rank pages) come back gzipped and are unpacked here.
            'accept-encoding': 'gzip',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const ms = performance.now() - t0;
            // Rank answers (66 KB of JSON, nothing of them used here) are not parsed: the generator shares the
            // backend's two cores, and a JSON.parse per answer cost it more CPU than the backend spent answering
            // (rank-burst.ts). Their HTTP status (the envelope's, core/http/api-exception.filter.ts) is checked, and
            // one answer in RANK_CHECK_EVERY is inflated and its envelope's head checked.
            const rankKind = kind === 'rank' || kind === 'final-rank';
            if (rankKind && res.statusCode === 200 && ++rankAnswers % RANK_CHECK_EVERY) {
              report.samples.push({ kind, route: url.split('?')[0], ms, ok: true, t: t0 - start });
              return resolve(undefined);
            }
            let json: { status?: number; msg?: string; data?: unknown } | undefined;
            try {
              const raw = Buffer.concat(chunks);
              const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
              if (!rankKind) json = JSON.parse(text.toString()) as typeof json;
              else if (text.subarray(0, 64).toString().startsWith('{"status":200,')) json = { status: 200 };
            } catch {
              json = undefined;
            }
            const ok = res.statusCode === 200 && json?.status === 200;
            if (!ok) fail(`${method} ${url.split('?')[0]}: HTTP ${res.statusCode} ${json?.status ?? ''} ${json?.msg ?? ''}`);
            report.samples.push({ kind, route: url.split('?')[0], ms, ok, t: t0 - start });
            resolve(ok ? json!.data : undefined);
          });
        },
      );
      req.on('error', (e) => {
        fail(`${method} ${url.split('?')[0]}: ${e.message}`);
        report.samples.push({ kind, route: url.split('?')[0], ms: performance.now() - t0, ok: false, t: t0 - start });
        resolve(undefined);
      });
      req.end(payload);
    });

  const start = performance.now();
  const n = s.tokens.length;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const rank = (kind: Sample['kind'], i: number) =>
    call(kind, s.tokens[i], 'POST', '/api/get-contest-rank', { cid: s.cid, currentPage: 1, limit: 50 });

  // Surge: arrivals spread evenly over surgeMs; a page is its calls (contest page: info + problem list together).
  const surge = Promise.all(
    s.tokens.map(async (token, i) => {
      await sleep((i / n) * s.surgeMs);
      const [info, list] = await Promise.all([
        call('surge', token, 'GET', `/api/get-contest-info?cid=${s.cid}`),
        call('surge', token, 'GET', `/api/get-contest-problem?cid=${s.cid}`),
      ]);
      if (info && list) report.surgePages++;
      const problem = await call(
        'surge',
        token,
        'GET',
        `/api/get-contest-problem-details?cid=${s.cid}&displayId=${PROBLEMS[i % PROBLEMS.length]}`,
      );
      if (problem) report.surgePages++;
    }),
  ).then(() => {
    report.surgeWallMs = performance.now() - start;
    loopDelay.disable();
    report.generatorLoopDelay = { p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) };
    // The backend's process reads its CPU time here: the surge's cost, whatever else loads the machine.
    process.send!({ surgeDone: true });
  });

  // Rank polling: everyone every rankPollMs, from a random offset, until the end.
  let running = true;
  const polling = Promise.all(
    s.tokens.map(async (_, i) => {
      await sleep(s.surgeMs + Math.random() * s.rankPollMs);
      while (running && performance.now() - start < s.durationMs - 1000) {
        const t0 = performance.now();
        await rank('rank', i);
        await sleep(Math.max(0, s.rankPollMs - (performance.now() - t0)));
      }
    }),
  );

  // Submissions: evenly over [surge end, 95 % of the contest], 10 % CE, 30 % WA, 60 % AC.
  const window = s.durationMs * 0.95 - s.surgeMs;
  const submitting = Promise.all(
    Array.from({ length: s.submissions }, async (_, k) => {
      await sleep(s.surgeMs + (k / s.submissions) * window);
      const i = k % n;
      const p = PROBLEMS[k % PROBLEMS.length];
      const r = (k * 7919) % 10; // a fixed mix: 1 in 10 CE, 3 WA, 6 AC, spread over time
      const [code, expect] =
        r === 0 ? [CE(i, p), JudgeStatus.CompileError] : r <= 3 ? [WA(i, p), JudgeStatus.WrongAnswer] : [AC(i, p), JudgeStatus.Accepted];
      const at = Date.now();
      const data = (await call('submit', s.tokens[i], 'POST', '/api/submit-problem-judge', {
        cid: s.cid,
        pid: p,
        language: 'C++',
        code,
      })) as { submitId: number } | undefined;
      if (data) report.submitted.push({ submitId: data.submitId, at, answeredAt: Date.now(), expect });
    }),
  );

  await surge;
  await submitting;
  const left = s.durationMs - (performance.now() - start);
  if (left > 0) await sleep(left);
  running = false;
  await polling;
  process.send!({ pollingDone: true });
  // The end: everyone loads the rank.
  await Promise.all(s.tokens.map((_, i) => rank('final-rank', i)));
  agent.destroy();
  const cpu = process.cpuUsage();
  report.generatorCpuMs = (cpu.user + cpu.system) / 1000;
  return report;
}

if (process.env[CONTESTANTS_CHILD]) {
  process.once('message', (scenario: Scenario) =>
    contestants(scenario).then(
      (r) => process.send!(r, () => process.exit(0)),
      (e: Error) => process.send!({ fatal: e.stack ?? e.message }, () => process.exit(1)),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The platform (main thread).

/** Another backend replica (dist/main.js) on the same database, Redis and secrets, ready when this resolves. */
async function startReplica(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, [path.join(REPO, 'backend/dist/main.js')], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`backend replica exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('backend replica not ready within 120 s');
}

/** CPU milliseconds of the machine's PostgreSQL and Redis server processes so far. */
function servicesCpuMs(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (/^(postgres|redis-server)/.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) sum += cpuMsOf(Number(pid));
    } catch {
      // the process ended
    }
  }
  return sum;
}

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function startWorker(env: NodeJS.ProcessEnv, name: string, uidBase: number, dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WORKER_JS], {
    env: {
      ...env,
      JUDGE_CONCURRENCY: '1',
      JUDGE_NAME: name,
      JUDGE_CACHE_DIR: path.join(dir, `cache-${name}`),
      JUDGE_WORK_DIR: path.join(dir, `work-${name}`),
      JUDGE_SANDBOX_UID_BASE: String(uidBase),
      JUDGE_SANDBOX_UID_COUNT: '50',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('consuming') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
  });
}

/** Spins until its own CPU clock reads 500 ms, then answers A + B: the CPU-time steadiness probe of one-box mode. */
const LOOP = (k: number) =>
  `// loop ${k}\n#include <cstdio>\n#include <ctime>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);volatile unsigned long x=0;` +
  `while(clock()<CLOCKS_PER_SEC/2){for(int i=0;i<100000;i++)x+=i;}printf("%lld\\n",a+b);return 0;}\n`;
/** Loop submissions per phase in one-box mode (their CPU times give the coefficient of variation). */
const LOOPS = 20;

type Weight = 'normal' | 'low';

async function main(): Promise<void> {
  const CONTESTANTS = envNum('BENCH_CONTESTANTS', 3000);
  const DURATION_MS = envNum('BENCH_DURATION', 300) * 1000;
  const WORKERS = envNum('BENCH_WORKERS', 2);
  const SUBMISSIONS = envNum('BENCH_SUBMISSIONS', CONTESTANTS);
  const SURGE_MS = envNum('BENCH_SURGE_SECONDS', 10) * 1000;
  const RANK_POLL_MS = envNum('BENCH_RANK_POLL_SECONDS', 10) * 1000;
  const DRAIN_MS = envNum('BENCH_DRAIN_SECONDS', 120) * 1000;
  const CONNECTIONS = envNum('BENCH_CONNECTIONS', 256);
  /** Backend processes: this one and BENCH_REPLICAS - 1 more (dist/main.js), as replicas behind a balancer. */
  const REPLICAS = envNum('BENCH_REPLICAS', 1);
  /** One-box mode (BENCH_ONE_BOX=1): the contest twice, judges at the normal then the low CPU weight. */
  const ONE_BOX = process.env.BENCH_ONE_BOX === '1';
  /** Submissions queued just before the surge in one-box mode, so that the surge meets a saturated queue. */
  const BACKLOG = ONE_BOX ? envNum('BENCH_BACKLOG', 300) : 0;
  const log = (msg: string) => process.stderr.write(msg + '\n');
  // Loaded here, not at the top: the contestants' process runs this file too and needs none of the app.
  const { adminQuery, deleteRedisKeys, machineBusyMs, startBenchApp, startProfile, useBenchEnvironment } = await import('./bench-utils');

  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `oj_bench_contestday_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-contestday-'));
  const redisPrefix = `bench:cd:${id}:`;
  const bullPrefix = `bench_cd_${id}`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = '/' + database;
  await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
  useBenchEnvironment({ dataDir, databaseUrl: dbUrl.toString(), redisUrl, redisPrefix, bullPrefix });
  process.env.DEMO = '0';

  let app: INestApplication | undefined;
  /** Judge workers of the running phase. */
  let workers: ChildProcess[] = [];
  const replicas: ChildProcess[] = [];
  try {
    const started = await startBenchApp();
    app = started.app;
    const base = `http://127.0.0.1:${started.port}`;
    const { DataSource } = await import('typeorm');
    const { TokenService } = await import('../core/auth/token.service');
    const { UserService } = await import('../modules/user/user.service');
    const { SiteConfigService } = await import('../core/site-config/site-config.service');
    const { Contest } = await import('../modules/contest/entities/contest.entity');
    const { JudgeQueueService } = await import('../modules/judge-queue/judge-queue.service');
    const { writeZip } = await import('../core/archive/safe-zip');
    const db = app.get(DataSource);
    const tokens = app.get(TokenService);
    const root = (await app.get(UserService).findByUsername('root'))!;
    const rootToken = tokens.sign(root.uid, 0);
    await app.get(SiteConfigService).set('switch', { defaultSubmitInterval: 0 });
    const queue = app.get(JudgeQueueService).queue;

    // Problems: three A+B-like problems with 10 cases, imported as an HOJ zip as an admin would; in one-box mode a
    // fourth with one case and a 3 s limit for the CPU-time probe (the loop).
    const t0 = performance.now();
    const entries: [string, string][] = [];
    const problemKeys = ONE_BOX ? [...PROBLEMS, 'L'] : PROBLEMS;
    for (const p of problemKeys) {
      const n = p === 'L' ? 1 : CASES;
      const cases = Array.from({ length: n }, (_, i) => ({ input: `${i * 3} ${i * 5 + 1}\n`, output: `${i * 8 + 1}\n` }));
      entries.push([
        `CD${p}.json`,
        JSON.stringify({
          problem: { problemId: `CD${p}`, title: `Contest day ${p}`, timeLimit: p === 'L' ? 3000 : 1000, memoryLimit: 256, type: 0 },
          samples: cases.map((_, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out` })),
          languages: ['C++'],
        }),
      ]);
      cases.forEach((c, i) => entries.push([`CD${p}/${i + 1}.in`, c.input], [`CD${p}/${i + 1}.out`, c.output]));
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await writeZip(entries))]), 'contest-day.zip');
    const imported = (await (
      await fetch(`${base}/api/file/import-problem`, { method: 'POST', headers: { Authorization: rootToken }, body: form })
    ).json()) as {
      data?: { id: number; problemId?: string }[];
    };
    if (!imported.data || imported.data.length !== problemKeys.length) throw new Error(`import failed: ${JSON.stringify(imported)}`);
    const [{ ids: problemIds }]: { ids: number[] }[] = await db.query(
      `SELECT array_agg(id ORDER BY problem_id) AS ids FROM problem WHERE problem_id = ANY($1::text[])`,
      [problemKeys.map((p) => `CD${p}`)],
    );

    // The contestants: rows written directly (registering 3,000 accounts would measure argon2), tokens signed.
    await db.query(
      `INSERT INTO user_info (uid, username, password, nickname, school)
       SELECT md5('cd' || g), 'cd_' || g, 'x', 'Contestant ' || g, 'School ' || (g % 50) FROM generate_series(1, $1::int) g`,
      [CONTESTANTS],
    );
    const uids: { uid: string }[] = await db.query(`SELECT uid FROM user_info WHERE username LIKE 'cd\\_%' ORDER BY username`);
    const contestantTokens = uids.map((u) => tokens.sign(u.uid, 0));
    log(`seeded ${problemKeys.length} problems and ${CONTESTANTS} contestants in ${Math.round(performance.now() - t0)} ms`);

    // The other backend replicas, if any (the contestants spread over them).
    const bases = [base];
    const replicaPids: number[] = [];
    for (let r = 1; r < REPLICAS; r++) {
      const replica = await startReplica(process.env);
      replicas.push(replica.child);
      bases.push(replica.base);
      replicaPids.push(replica.child.pid!);
    }
    const workerDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-contestday-workers-'));
    chmodSync(workerDir, 0o755);

    /** One contest day: a new contest, judges at `weight` (unset: as the environment says), the figures. */
    const phase = async (label: string, weight: Weight | undefined, phaseNo: number) => {
      // The contest, running from now for the whole run (drain included), public, ACM.
      const now = Date.now();
      const contest = await db.getRepository(Contest).save({
        uid: root.uid,
        author: 'root',
        title: `Contest day${label ? ` (${label})` : ''}`,
        type: ContestType.ACM,
        auth: ContestAuth.Public,
        startTime: new Date(now - 60_000),
        endTime: new Date(now + DURATION_MS + DRAIN_MS + 3600_000),
        duration: Math.ceil((DURATION_MS + DRAIN_MS) / 1000) + 3660,
      });
      await db.query(
        `INSERT INTO contest_problem (cid, pid, display_id, display_title)
         SELECT $1, pid, chr(64 + i::int), 'Problem ' || chr(64 + i::int) FROM unnest($2::int[]) WITH ORDINALITY AS t(pid, i)`,
        [contest.id, problemIds],
      );
      const submit = (token: string, pid: string, code: string) =>
        fetch(`${base}/api/submit-problem-judge`, {
          method: 'POST',
          headers: { Authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ cid: contest.id, pid, language: 'C++', code }),
        })
          .then((r) => r.json() as Promise<{ data?: { submitId?: number } }>)
          .then((j) => j.data?.submitId)
          .catch(() => undefined);
      const drained = async (limitMs: number) => {
        for (let waited = 0; waited < limitMs; waited += 200) {
          const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM judge WHERE NOT (${FINAL})`);
          if (n === 0) return;
          await sleep(200);
        }
      };

      // Judges (at the phase's weight), each warmed once: package cache and compiler, as a judge up all morning.
      const env = weight ? { ...process.env, JUDGE_CPU_WEIGHT: weight } : process.env;
      for (let w = 0; w < WORKERS; w++) {
        workers.push(await startWorker(env, `cd-${phaseNo}-${w}-${id}`, 62000 + (phaseNo * WORKERS + w) * 100, workerDir));
      }
      for (let w = 0; w < WORKERS * PROBLEMS.length; w++) await submit(rootToken, PROBLEMS[w % PROBLEMS.length], AC(-1 - w, 'warm'));
      await drained(60_000);

      // Watch the queue (waiting jobs, 10 samples a second) and the verdicts (rows turning final).
      const queueSamples: { at: number; waiting: number }[] = [];
      const doneAt = new Map<number, { at: number; status: number }>();
      let watching = true;
      // The watcher runs on the backend's event loop: it reads only rows from the oldest one not yet final on
      // (judging is roughly first in, first out), not the whole contest's rows ten times a second.
      // From after the warm-up's submissions, so that every row the watcher sees final is this phase's judging.
      let from: number = (await db.query(`SELECT coalesce(max(submit_id), 0)::int + 1 AS n FROM judge`))[0].n;
      const watcher = (async () => {
        while (watching) {
          const at = Date.now();
          queueSamples.push({ at, waiting: await queue.getWaitingCount() });
          const rows: { submit_id: number; status: number; final: boolean }[] = await db.query(
            `SELECT submit_id, status, ${FINAL} AS final FROM judge WHERE cid = $1 AND submit_id >= $2 ORDER BY submit_id`,
            [contest.id, from],
          );
          for (const r of rows) if (r.final && !doneAt.has(r.submit_id)) doneAt.set(r.submit_id, { at: Date.now(), status: r.status });
          const pending = rows.find((r) => !r.final);
          from = pending ? pending.submit_id : rows.length ? rows[rows.length - 1].submit_id + 1 : from;
          await sleep(100);
        }
      })();
      // Awaited after the contest; if the run fails first, the app's closing ends it without hiding that failure.
      watcher.catch(() => undefined);

      // One-box mode: the CPU-time probe first (judged while the surge runs), then the backlog that saturates the queue.
      // The judges' CPU time is what the machine spent in the phase minus the backend, the load generator,
      // PostgreSQL and Redis: read at the start here and after the drain.
      const machineAtStart = machineBusyMs();
      const servicesAtStart = servicesCpuMs();
      const backendAtStart = cpuMsOf(process.pid) + replicaPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
      const loopIds: number[] = [];
      let backlogQueued = 0;
      if (ONE_BOX) {
        for (let k = 0; k < LOOPS; k++) {
          const sid = await submit(contestantTokens[k % contestantTokens.length], 'D', LOOP(k));
          if (sid) loopIds.push(sid);
        }
        for (let k = 0; k < BACKLOG; k += 20) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(20, BACKLOG - k) }, (_, j) =>
              submit(contestantTokens[(k + j) % contestantTokens.length], PROBLEMS[(k + j) % PROBLEMS.length], AC(k + j, 'backlog')),
            ),
          );
          backlogQueued += batch.filter(Boolean).length;
        }
      }

      log(
        `${label ? `[${label}] ` : ''}contest: ${CONTESTANTS} contestants, ${SUBMISSIONS} submissions, ${DURATION_MS / 1000} s, ${WORKERS} judge workers` +
          `${weight ? ` at the ${weight} CPU weight` : ''}, rank every ${RANK_POLL_MS / 1000} s, surge over ${SURGE_MS / 1000} s, ` +
          `${CONNECTIONS} sockets, ${REPLICAS} backend process(es)${ONE_BOX ? `, ${backlogQueued} queued before the surge` : ''}`,
      );
      const runStart = Date.now();
      const scenario: Scenario = {
        bases,
        cid: contest.id,
        tokens: contestantTokens,
        submissions: SUBMISSIONS,
        durationMs: DURATION_MS,
        surgeMs: SURGE_MS,
        rankPollMs: RANK_POLL_MS,
        connections: CONNECTIONS,
      };
      // BENCH_CPU_PROFILE profiles one phase: the first, or BENCH_PROFILE_PHASE (1 = the low weight's in one-box mode).
      const stopProfile = phaseNo === Number(process.env.BENCH_PROFILE_PHASE ?? 0) ? await startProfile(log) : undefined;
      // The backend's event loop (this process) during the surge: a stall delays every request at once.
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      // The backend processes' CPU time (this one and the replicas) from the start to the end of the surge.
      const backendCpuMs = () => cpuMsOf(process.pid) + replicaPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
      const cpuAtStart = backendCpuMs();
      let surgeCpuMs = 0;
      let pollingCpuMs = 0;
      let surgeEnd = 0;
      const report = await new Promise<ContestantsReport>((resolve, reject) => {
        const child = fork(__filename, [], { env: { ...process.env, [CONTESTANTS_CHILD]: '1' }, serialization: 'advanced' });
        child.on('message', (m: ContestantsReport & { fatal?: string; surgeDone?: boolean; pollingDone?: boolean }) => {
          if (m.surgeDone) {
            loopDelay.disable();
            surgeCpuMs = backendCpuMs() - cpuAtStart;
            surgeEnd = Date.now();
          } else if (m.pollingDone) pollingCpuMs = backendCpuMs() - cpuAtStart - surgeCpuMs;
          else if (m.fatal) reject(new Error(m.fatal));
          else resolve(m);
        });
        child.once('error', reject);
        child.once('exit', (code) => code && reject(new Error(`the contestants' process exited with ${code}`)));
        child.send(scenario);
      });
      await stopProfile?.();
      const contestEnd = Date.now();
      // Drain: the judges finish what is queued (bounded).
      while (Date.now() - contestEnd < DRAIN_MS && report.submitted.some((s) => !doneAt.has(s.submitId))) await sleep(200);
      watching = false;
      const backendPhaseCpuMs = cpuMsOf(process.pid) + replicaPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - backendAtStart;
      const servicesPhaseCpuMs = servicesCpuMs() - servicesAtStart;
      const judgesCpuMs = Math.max(0, machineBusyMs() - machineAtStart - backendPhaseCpuMs - servicesPhaseCpuMs - report.generatorCpuMs);
      await watcher;

      // Figures.
      const of = (kind: Sample['kind']) => report.samples.filter((x) => x.kind === kind).map((x) => x.ms);
      const surgeP99 = pct(of('surge'), 99);
      const pagesPerSec = report.surgePages / (report.surgeWallMs / 1000);
      const slots = WORKERS;
      /** The most jobs waiting from the last sample before `from` to `to`: the queue a job sent in between met. */
      const mostWaiting = (from: number, to: number) => {
        let before = queueSamples[0]?.waiting ?? 0;
        let most = 0;
        for (const q of queueSamples) {
          if (q.at <= from) before = q.waiting;
          else if (q.at <= to) most = Math.max(most, q.waiting);
        }
        return Math.max(before, most);
      };
      const verdicts = report.submitted.filter((s) => doneAt.has(s.submitId)).map((s) => ({ ...s, ms: doneAt.get(s.submitId)!.at - s.at }));
      // Entered a queue that was not saturated: fewer jobs waiting than there are slots to take them. The job
      // is queued somewhere between pressing submit and the call's answer (a busy backend can take seconds), so
      // the queue must have stayed below the slots over that whole time.
      const unsaturated = verdicts.filter((v) => mostWaiting(v.at, v.answeredAt) < slots);
      const wrongVerdicts = verdicts.filter((v) => doneAt.get(v.submitId)!.status !== v.expect).length;
      const judgedTimes = verdicts.map((v) => doneAt.get(v.submitId)!.at).sort((a, b) => a - b);
      const judgedPerSec =
        judgedTimes.length > 1 ? (judgedTimes.length - 1) / ((judgedTimes[judgedTimes.length - 1] - judgedTimes[0]) / 1000) : 0;
      const unjudged = report.submitted.length - verdicts.length;
      // The judges' throughput: every submission of the phase judged (backlog, loops and contestants), first to last.
      const allJudged = [...doneAt.values()].map((d) => d.at).sort((a, b) => a - b);
      const judgedAllPerSec = allJudged.length > 1 ? (allJudged.length - 1) / ((allJudged[allJudged.length - 1] - allJudged[0]) / 1000) : 0;
      // The surge's slowest seconds (by when the request was sent): where a p99 over the goal comes from.
      const surgeSeconds = new Map<number, number[]>();
      for (const x of report.samples)
        if (x.kind === 'surge') surgeSeconds.set(Math.floor(x.t / 1000), [...(surgeSeconds.get(Math.floor(x.t / 1000)) ?? []), x.ms]);
      const surgeBySecond = [...surgeSeconds.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([sec, ms]) => `${sec}s:${round(pct(ms, 50), 0)}/${round(pct(ms, 99), 0)}`);
      const failedRequests = report.samples.filter((x) => !x.ok).length;
      const maxWaiting = Math.max(0, ...queueSamples.map((q) => q.waiting));
      const saturatedFrom = queueSamples.find((q) => q.waiting > slots);
      // The queue as the surge met it: its fewest waiting jobs from the start to the end of the surge.
      const surgeQueue = queueSamples.filter((q) => q.at >= runStart && q.at <= (surgeEnd || runStart)).map((q) => q.waiting);
      // The loops' CPU times as the judge measured them (coefficient of variation = standard deviation / mean).
      const loopTimes: number[] = loopIds.length
        ? (await db.query(`SELECT time FROM judge WHERE submit_id = ANY($1::int[]) AND status = $2`, [loopIds, JudgeStatus.Accepted])).map(
            (r: { time: number }) => Number(r.time),
          )
        : [];
      const loopMean = loopTimes.reduce((s, x) => s + x, 0) / Math.max(1, loopTimes.length);
      const loopSd = Math.sqrt(loopTimes.reduce((s, x) => s + (x - loopMean) ** 2, 0) / Math.max(1, loopTimes.length));
      const result = {
        ...(weight ? { cpuWeight: weight } : {}),
        contestants: CONTESTANTS,
        durationS: DURATION_MS / 1000,
        workers: WORKERS,
        replicas: REPLICAS,
        surgePagesPerSec: round(pagesPerSec),
        surgeP99Ms: round(surgeP99),
        surgeErrors: report.samples.filter((x) => x.kind === 'surge' && !x.ok).length,
        surgeQueueWaitingMin: surgeQueue.length ? Math.min(...surgeQueue) : 0,
        // CPU of the backend process(es) per surge request: the figure the machine's other load does not change much.
        surgeCpuMsPerRequest: round(surgeCpuMs / Math.max(1, of('surge').length), 2),
        submitted: report.submitted.length,
        judged: verdicts.length,
        judgedPerSec: round(judgedPerSec, 2),
        // Everything the judges finished in the phase (in one-box mode the backlog and the loops come first).
        judgedAll: allJudged.length,
        judgedAllPerSec: round(judgedAllPerSec, 2),
        // Where the machine's CPU went over the phase (drain included), and the judges' CPU per submission judged:
        // the low weight changes how much of the machine the judges get, not what a judgement costs.
        cpuSeconds: {
          judges: round(judgesCpuMs / 1000),
          backend: round(backendPhaseCpuMs / 1000),
          postgresAndRedis: round(servicesPhaseCpuMs / 1000),
          loadGenerator: round(report.generatorCpuMs / 1000),
        },
        judgeCpuMsPerJudged: round(judgesCpuMs / Math.max(1, allJudged.length)),
        verdictP95Ms: Math.round(
          pct(
            verdicts.map((v) => v.ms),
            95,
          ),
        ),
        verdictP95UnsaturatedMs: Math.round(
          pct(
            unsaturated.map((v) => v.ms),
            95,
          ),
        ),
        // The same submissions from the moment the submit call answered: the judging path alone, without the
        // wait of the submit request itself for a busy backend.
        verdictP95UnsaturatedAfterSubmitMs: Math.round(
          pct(
            unsaturated.map((v) => doneAt.get(v.submitId)!.at - v.answeredAt),
            95,
          ),
        ),
        unsaturatedSubmissions: unsaturated.length,
        maxQueueWaiting: maxWaiting,
        rankP99Ms: round(pct(of('rank'), 99)),
        rankRequests: of('rank').length,
        // Backend CPU per request after the surge until the polling stops (rank polls, submissions, their results).
        pollingCpuMsPerRequest: round(pollingCpuMs / Math.max(1, of('rank').length + of('submit').length), 2),
        finalRankP99Ms: round(pct(of('final-rank'), 99)),
        submitP99Ms: round(pct(of('submit'), 99)),
        ...(ONE_BOX
          ? { loops: loopTimes.length, loopCpuMeanMs: round(loopMean), cpuTimeCvPct: round((100 * loopSd) / (loopMean || 1), 2) }
          : {}),
        errors: failedRequests + wrongVerdicts,
        wrongVerdicts,
        unjudged,
      };
      const tag = label ? `[${label}] ` : '';
      log(
        `${tag}surge: ${report.surgePages} pages in ${round(report.surgeWallMs / 1000)} s = ${result.surgePagesPerSec} pages/s, ` +
          `request p99 ${result.surgeP99Ms} ms (goal < 200 ms), p50 ${round(pct(of('surge'), 50))} ms, ${result.surgeErrors} failed; backend CPU ` +
          `${round(surgeCpuMs)} ms = ${result.surgeCpuMsPerRequest} ms per request` +
          (ONE_BOX ? `; the queue held at least ${result.surgeQueueWaitingMin} waiting jobs throughout` : ''),
      );
      log(
        `  p50/p99 by the second the request was sent: ${surgeBySecond.join(' ')}; backend event-loop delay during the surge ` +
          `p99 ${round(loopDelay.percentile(99) / 1e6)} ms, max ${round(loopDelay.max / 1e6)} ms; the load generator's p99 ` +
          `${report.generatorLoopDelay.p99} ms, max ${report.generatorLoopDelay.max} ms`,
      );
      for (const route of new Set(report.samples.filter((x) => x.kind === 'surge').map((x) => x.route))) {
        const ms = report.samples.filter((x) => x.kind === 'surge' && x.route === route).map((x) => x.ms);
        log(`  ${route}: ${ms.length} requests, p50 ${round(pct(ms, 50))} ms, p99 ${round(pct(ms, 99))} ms`);
      }
      log(
        `${tag}judging: ${result.judged}/${result.submitted} judged at ${result.judgedPerSec}/s on ${WORKERS} workers; submit → verdict p95 ` +
          `${result.verdictP95Ms} ms, p50 ${Math.round(
            pct(
              verdicts.map((v) => v.ms),
              50,
            ),
          )} ms; while not saturated (< ${slots} waiting, ` +
          `${unsaturated.length} submissions) p95 ${result.verdictP95UnsaturatedMs} ms (goal < 2000 ms), from the submit call's ` +
          `answer ${result.verdictP95UnsaturatedAfterSubmitMs} ms; queue peaked at ${maxWaiting} waiting` +
          (saturatedFrom ? `, first saturated ${round((saturatedFrom.at - runStart) / 1000)} s in` : ', never saturated') +
          `; all the phase's submissions: ${result.judgedAll} judged at ${result.judgedAllPerSec}/s, ` +
          `${result.judgeCpuMsPerJudged} ms of judge CPU each; CPU seconds of the phase: judges ${result.cpuSeconds.judges}, ` +
          `backend ${result.cpuSeconds.backend}, PostgreSQL and Redis ${result.cpuSeconds.postgresAndRedis}, load generator ${result.cpuSeconds.loadGenerator}`,
      );
      if (ONE_BOX) {
        log(
          `${tag}CPU time of a 0.5 s loop: ${loopTimes.length}/${LOOPS} judged, mean ${result.loopCpuMeanMs} ms, ` +
            `coefficient of variation ${result.cpuTimeCvPct} % (goal < 3 %)`,
        );
      }
      log(
        `${tag}rank: ${result.rankRequests} polls, p99 ${result.rankP99Ms} ms (p50 ${round(pct(of('rank'), 50))} ms); final load p99 ${result.finalRankP99Ms} ms` +
          ` (goal < 1000 ms); submit call p99 ${result.submitP99Ms} ms; backend CPU ${result.pollingCpuMsPerRequest} ms per request while polling`,
      );
      log(
        `${tag}errors: ${failedRequests} failed requests, ${wrongVerdicts} unexpected verdicts, ${unjudged} not judged within the drain (not errors)`,
      );
      for (const e of report.errors) log(`  ${e}`);

      // The next phase starts on an empty queue: what this one left is cancelled (its rows final, so that the
      // sweeper does not queue them again) and its judges stopped.
      await db.query(`UPDATE judge SET status = $1 WHERE NOT (${FINAL})`, [JudgeStatus.Cancelled]);
      await queue.empty();
      for (const w of workers) w.kill('SIGKILL');
      workers = [];
      return result;
    };

    if (!ONE_BOX) {
      process.stdout.write(JSON.stringify(await phase('', undefined, 0)) + '\n');
      return;
    }
    const normal = await phase('normal weight', 'normal', 0);
    // The second phase starts on a heap without the first one's garbage (its caches, sessions and answers): a
    // backend process that just ran a contest day would otherwise collect it during the second surge.
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    const low = await phase('low weight', 'low', 1);
    // Over every submission each phase judged: with the backlog in front, the contestants' own may get none.
    const throughputLossPct = normal.judgedAllPerSec ? round(100 * (1 - low.judgedAllPerSec / normal.judgedAllPerSec)) : 0;
    // What a judgement costs in judge CPU at the low weight against the normal one (the throughput lost is the CPU
    // the site takes back, plus this).
    const judgeCostChangePct = normal.judgeCpuMsPerJudged ? round(100 * (low.judgeCpuMsPerJudged / normal.judgeCpuMsPerJudged - 1)) : 0;
    log(
      `one box: with the judges at the low CPU weight the surge p99 went from ${normal.surgeP99Ms} to ${low.surgeP99Ms} ms ` +
        `(${normal.surgeErrors} → ${low.surgeErrors} failed), the final rank p99 from ${normal.finalRankP99Ms} to ${low.finalRankP99Ms} ms, ` +
        `judging from ${normal.judgedAllPerSec}/s to ${low.judgedAllPerSec}/s (${throughputLossPct} % lost; at most 10 %), ` +
        `judge CPU per submission from ${normal.judgeCpuMsPerJudged} to ${low.judgeCpuMsPerJudged} ms (${judgeCostChangePct} %), ` +
        `the loop's CPU-time CV from ${normal.cpuTimeCvPct} to ${low.cpuTimeCvPct} %`,
    );
    process.stdout.write(
      JSON.stringify({
        mode: 'one-box',
        contestants: CONTESTANTS,
        durationS: DURATION_MS / 1000,
        workers: WORKERS,
        backlog: BACKLOG,
        surgeP99Ms: low.surgeP99Ms,
        surgeErrors: low.surgeErrors,
        finalRankP99Ms: low.finalRankP99Ms,
        cpuTimeCvPct: low.cpuTimeCvPct,
        judgedPerSecNormal: normal.judgedAllPerSec,
        judgedPerSecLow: low.judgedAllPerSec,
        throughputLossPct,
        judgeCostChangePct,
        errors: low.errors,
        normal,
        low,
      }) + '\n',
    );
  } finally {
    for (const w of [...workers, ...replicas]) w.kill('SIGKILL');
    await app?.close().catch(() => undefined);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await deleteRedisKeys(redisUrl, [redisPrefix, `${bullPrefix}:`]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!process.env[CONTESTANTS_CHILD]) {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      process.stderr.write((e.stack ?? e.message) + '\n');
      process.exit(1);
    },
  );
}
