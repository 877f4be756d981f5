/**
 * `npm run bench:rank-burst`: the end of a contest (issue 38) in about a minute, without the judges of
 * bench:contest-day. BENCH_CONTESTANTS (3,000) contestants of a sealed ACM contest (seal in the last hour, lifted
 * at the end: HOJ's auto-unseal) poll the rank once, spread over 5 s, as during the contest (their page 1 with
 * their own row pinned: the sealed view); the contest ends; BENCH_IDLE_SECONDS (12) after their poll, past the
 * replica's session memory and the user cache's life in Redis as in bench:contest-day, every contestant loads the
 * rank at the same instant, then once more (the second burst: everything warm). The contestants run in a child
 * process over at most BENCH_CONNECTIONS (256) keep-alive sockets, ask for gzip as browsers do, check every answer's
 * status and, in one answer of ten, its envelope and that it is the unsealed board; latencies from the moment a
 * contestant wants the answer (waiting for a socket counts).
 * Figures per burst: p50 / p99, the backend's CPU per request and the load generator's (both processes share
 * the machine's cores: a burst's wall time is at least their sum divided by the cores), and how many times the
 * board was computed from the database and rank pages rendered. BENCH_CPU_PROFILE=file.cpuprofile writes the
 * backend's profile of the first burst. Ends with one JSON line.
 */
import 'reflect-metadata';
import { fork } from 'child_process';
import * as http from 'http';
import { gunzipSync } from 'zlib';
import { clientAgent } from './client-agent';

const envNum = (name: string, fallback: number): number => {
  const n = Number(process.env[name] || fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const pct = (xs: number[], p: number): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const CHILD = 'OJ_BENCH_RANK_BURST_CHILD';
/** What every good answer starts with: the success envelope (core/http/envelope.ts). */
const OK_HEAD = '{"status":200,';
/** An ACM cell with tries after the seal: only the sealed view has them (the live view counts them as tries). */
const SEALED_TRIES = /"tryNum":[1-9]/;
/** One answer in this many is inflated and checked whole (with 3,000 contestants: 300 per burst). */
const CHECK_EVERY = 10;

interface Command {
  kind: 'spread' | 'burst';
  base: string;
  cid: number;
  tokens: string[];
  spreadMs: number;
  connections: number;
}
interface BurstReport {
  ms: number[];
  failed: string[];
  /** Checked answers of the burst that still showed the sealed board. */
  sealed: number;
  gzipped: number;
  generatorCpuMs: number;
  wallMs: number;
}

/** The contestants (child process): each loads page 1 of the rank once, all at once or spread over spreadMs. */
async function contestants(c: Command, agent: http.Agent): Promise<BurstReport> {
  const report: BurstReport = { ms: [], failed: [], sealed: 0, gzipped: 0, generatorCpuMs: 0, wallMs: 0 };
  const cpu0 = cpuMs();
  const t0 = performance.now();
  const body = JSON.stringify({ cid: c.cid, currentPage: 1, limit: 50 });
  await Promise.all(
    c.tokens.map(async (token, i) => {
      if (c.kind === 'spread') await sleep((i / c.tokens.length) * c.spreadMs);
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const req = http.request(
          `${c.base}/api/get-contest-rank`,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: token,
              'accept-encoding': 'gzip',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => {
              report.ms.push(performance.now() - started);
              const gzip = res.headers['content-encoding'] === 'gzip';
              if (gzip) report.gzipped++;
              // Every answer's status; the body (inflated, its envelope and the seal marker: no JSON.parse of 66 KB) of
              // one in CHECK_EVERY. The generator shares the server's cores: its CPU is the server's loss (see main).
              if (res.statusCode === 200 && i % CHECK_EVERY) return resolve();
              const raw = Buffer.concat(chunks);
              const text = (gzip ? gunzipSync(raw) : raw).toString('latin1');
              if (res.statusCode !== 200 || !text.startsWith(OK_HEAD)) {
                if (report.failed.length < 10) report.failed.push(`HTTP ${res.statusCode} ${text.slice(0, 120)}`);
              } else if (c.kind === 'burst' && SEALED_TRIES.test(text)) report.sealed++;
              resolve();
            });
          },
        );
        req.on('error', (e) => {
          report.ms.push(performance.now() - started);
          if (report.failed.length < 10) report.failed.push(e.message);
          resolve();
        });
        req.end(body);
      });
    }),
  );
  report.wallMs = performance.now() - t0;
  report.generatorCpuMs = cpuMs() - cpu0;
  return report;
}

if (process.env[CHILD]) {
  let agent: http.Agent | undefined;
  process.on('message', (c: Command) => {
    agent ??= clientAgent(c.connections);
    contestants(c, agent).then(
      (r) => process.send!(r),
      (e: Error) => process.send!({ fatal: e.stack ?? e.message }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

async function main(): Promise<void> {
  const CONTESTANTS = envNum('BENCH_CONTESTANTS', 3000);
  const CONNECTIONS = envNum('BENCH_CONNECTIONS', 256);
  const IDLE_MS = envNum('BENCH_IDLE_SECONDS', 12) * 1000;
  const SPREAD_MS = 5000;
  const log = (msg: string) => process.stderr.write(msg + '\n');
  const { withBenchApp, startProfile } = await import('./bench-utils');
  const { ContestAuth, ContestType, JudgeStatus, SealMode, AfterEndSeal } = await import('@oj/contracts');
  const { DataSource } = await import('typeorm');
  const { TokenService } = await import('../core/auth/token.service');
  const { UserService } = await import('../modules/user/user.service');
  const { Contest } = await import('../modules/contest/entities/contest.entity');
  const { ScoreboardService } = await import('../modules/contest/scoreboard/scoreboard.service');
  const { ScoreboardEngine } = await import('../modules/contest/scoreboard/scoreboard-engine');
  const { AuthGuard } = await import('../core/auth/auth.guard');
  const { USER_KEY } = await import('../core/auth/session.service');
  const { REDIS } = await import('../core/redis/redis.module');

  const result = await withBenchApp('rankburst', async (app, base) => {
    const db = app.get(DataSource);
    const root = (await app.get(UserService).findByUsername('root'))!;
    const tokens = app.get(TokenService);
    const redis = app.get<import('ioredis').default>(REDIS);
    await db.query(
      `INSERT INTO user_info (uid, username, password, nickname, school)
       SELECT md5('rb' || g), 'rb_' || g, 'x', 'Contestant ' || g, 'School ' || (g % 50) FROM generate_series(1, $1::int) g`,
      [CONTESTANTS],
    );
    const uids: { uid: string }[] = await db.query(`SELECT uid FROM user_info WHERE username LIKE 'rb\\_%' ORDER BY username`);
    const contestantTokens = uids.map((u) => tokens.sign(u.uid, 0));
    const problems: { id: number }[] = await db.query(
      `INSERT INTO problem (problem_id, title) SELECT 'RB-' || g, 'Problem ' || g FROM generate_series(1, 3) g RETURNING id`,
    );
    // Five hours long, sealed for its last hour, ending once the contestants have polled it (sealed) once.
    const endAt = Date.now() + SPREAD_MS + 15_000;
    const contest = await db.getRepository(Contest).save({
      uid: root.uid,
      author: 'root',
      title: 'Rank burst',
      type: ContestType.ACM,
      auth: ContestAuth.Public,
      startTime: new Date(endAt - 5 * 3600_000),
      endTime: new Date(endAt),
      duration: 5 * 3600,
      sealRank: true,
      sealMode: SealMode.LastHour,
      afterEndSeal: AfterEndSeal.AutoUnseal,
    });
    await db.query(
      `INSERT INTO contest_problem (cid, pid, display_id, display_title)
       SELECT $1, pid, chr(64 + i::int), 'Problem ' || i FROM unnest($2::int[]) WITH ORDINALITY AS t(pid, i)`,
      [contest.id, problems.map((p) => p.id)],
    );
    // Three tries per contestant over the five hours (a third of them in the sealed hour): 40 % AC, 60 % WA.
    await db.query(
      `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, time, memory, score, length, code, language, cid)
       SELECT ($2::int[])[1 + (g % 3)], chr(65 + (g % 3)), md5('rb' || (1 + g % $3::int)), 'rb_' || (1 + g % $3::int),
              $4::timestamptz + (g % 300) * interval '1 minute',
              CASE WHEN g % 5 < 2 THEN ${JudgeStatus.Accepted} ELSE ${JudgeStatus.WrongAnswer} END, 5, 1024, 0, 100, '', 'C++', $1
         FROM generate_series(0, $3::int * 3 - 1) g`,
      [contest.id, problems.map((p) => p.id), CONTESTANTS, contest.startTime],
    );

    // Counted: full computations of the board and rendered pages (what a burst must not repeat per request).
    const scoreboard = app.get(ScoreboardService);
    let computed = 0;
    const compute = scoreboard.computeFromDatabase.bind(scoreboard);
    scoreboard.computeFromDatabase = (...args) => (computed++, compute(...args));
    let rendered = 0;
    const toRow = ScoreboardEngine.prototype.toRow;
    ScoreboardEngine.prototype.toRow = function (this: InstanceType<typeof ScoreboardEngine>, ...args: Parameters<typeof toRow>) {
      rendered++;
      return toRow.apply(this, args);
    };

    // Requests the framework answered (its auth guard ran): those the hot path left to it.
    let framework = 0;
    const canActivate = AuthGuard.prototype.canActivate;
    AuthGuard.prototype.canActivate = function (this: InstanceType<typeof AuthGuard>, ...args: Parameters<typeof canActivate>) {
      framework++;
      return canActivate.apply(this, args);
    };

    const child = fork(__filename, [], { env: { ...process.env, [CHILD]: '1' } });
    const run = (kind: Command['kind']) =>
      new Promise<BurstReport>((resolve, reject) => {
        child.once('message', (m: BurstReport & { fatal?: string }) => (m.fatal ? reject(new Error(m.fatal)) : resolve(m)));
        child.send({
          kind,
          base,
          cid: contest.id,
          tokens: contestantTokens,
          spreadMs: SPREAD_MS,
          connections: CONNECTIONS,
        } satisfies Command);
      });
    try {
      const poll = await run('spread');
      if (poll.failed.length) throw new Error(`polls failed: ${poll.failed.join('; ')}`);
      log(`${CONTESTANTS} contestants polled the sealed board (p99 ${round(pct(poll.ms, 99))} ms); the contest ends`);
      const polledAt = Date.now();
      while (Date.now() < endAt + 200) await sleep(50);
      await sleep(Math.max(0, polledAt + IDLE_MS - Date.now()));
      // bench:contest-day's final burst comes 300 s after its opening surge: every contestant's cached user has
      // expired from Redis by then (USER_CACHE_SEC), so each burst request finds it gone, as here.
      await redis.del(...uids.map((u) => USER_KEY(u.uid)));
      const bursts: Record<string, number | string>[] = [];
      for (const label of ['final', 'again']) {
        const computedBefore = computed;
        const renderedBefore = rendered;
        const frameworkBefore = framework;
        const stopProfile = label === 'final' ? await startProfile(log) : undefined;
        const cpu0 = cpuMs();
        const r = await run('burst');
        const serverCpuMs = cpuMs() - cpu0;
        await stopProfile?.();
        const n = r.ms.length;
        const figures = {
          burst: label,
          p50Ms: round(pct(r.ms, 50)),
          p99Ms: round(pct(r.ms, 99)),
          wallMs: Math.round(r.wallMs),
          failed: r.failed.length,
          sealedAnswers: r.sealed,
          gzipped: r.gzipped,
          serverCpuMsPerRequest: round(serverCpuMs / n, 3),
          generatorCpuMsPerRequest: round(r.generatorCpuMs / n, 3),
          boardComputations: computed - computedBefore,
          rowsRendered: rendered - renderedBefore,
          frameworkAnswers: framework - frameworkBefore,
        };
        log(
          `${label} burst: ${n} rank loads at once, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms (goal < 1000 ms), all answered in ` +
            `${figures.wallMs} ms; ${figures.failed} failed, ${figures.sealedAnswers} sealed (of ${Math.ceil(n / CHECK_EVERY)} checked), ` +
            `${figures.gzipped} gzipped; CPU per request: ` +
            `backend ${figures.serverCpuMsPerRequest} ms, generator ${figures.generatorCpuMsPerRequest} ms; board computed ` +
            `${figures.boardComputations} time(s), ${figures.rowsRendered} rows rendered; ${figures.frameworkAnswers} answered by the framework ` +
            `(not the hot path)`,
        );
        for (const f of r.failed) log(`  ${f}`);
        bursts.push(figures);
      }
      return { contestants: CONTESTANTS, connections: CONNECTIONS, bursts };
    } finally {
      child.disconnect();
    }
  });
  process.stdout.write(JSON.stringify(result) + '\n');
}

if (!process.env[CHILD]) {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      process.stderr.write((e.stack ?? e.message) + '\n');
      process.exit(1);
    },
  );
}
