/**
 * `npm run bench:training`: a training of 100 problems, 10,000 users and 300,000 training submissions in a
 * fresh PostgreSQL database, served by the real app. Prints the board build from PostgreSQL, the time to
 * move the rank for a new result, and get-training-rank p99 at 100 connections while results keep arriving;
 * the last line is `{"buildMs","perResultMs","rankP99Ms"}`. Goals (issue 13): < 1 ms per result, p99 < 50 ms.
 *
 * Environment as `bench:scoreboard`: BENCH_DATABASE_URL (or DATABASE_URL), REDIS_URL, BENCH_CPU_PROFILE.
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { JudgeStatus, Role, TrainingAuth } from '@oj/contracts';
import autocannon from 'autocannon';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import { DataSource } from 'typeorm';
import { TokenService } from '../core/auth/token.service';
import { Training } from '../modules/training/entities/training.entity';
import { TrainingRankService } from '../modules/training/rank/training-rank.service';
import { TrainingTry } from '../modules/training/rank/training-board';
import { UserService } from '../modules/user/user.service';
import { adminQuery, deleteRedisKeys, loadFromChild, startBenchApp, startProfile, useBenchEnvironment } from './bench-utils';

const USERS = 10_000;
const PROBLEMS = 100;
const SUBMISSIONS = 300_000;
const NEW_RESULTS = 5_000;
const RANK_CONNECTIONS = 100;
const RANK_SECONDS = 10;
/** HOJ's training rank page size. */
const PAGE_SIZE = 30;

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const log = (msg: string) => process.stderr.write(msg + '\n');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seed(db: DataSource, ownerUid: string): Promise<{ training: Training; pids: number[] }> {
  const t0 = performance.now();
  await db.query(
    `INSERT INTO user_info (uid, username, password, nickname, realname, school)
     SELECT md5('bench' || g), 'bench_' || g, 'x', 'nick ' || g, 'Real ' || g, 'School ' || (g % 100)
       FROM generate_series(1, $1::int) g`,
    [USERS],
  );
  const problems: { id: number }[] = await db.query(
    `INSERT INTO problem (problem_id, title) SELECT 'TB-' || g, 'Problem ' || g FROM generate_series(1, $1::int) g RETURNING id`,
    [PROBLEMS],
  );
  const pids = problems.map((p) => p.id);
  const training = await db
    .getRepository(Training)
    .save({ title: 'Training benchmark', description: '', author: 'root', uid: ownerUid, auth: TrainingAuth.Public, status: true });
  await db.query(
    `INSERT INTO training_problem (tid, pid, display_id, rank)
     SELECT $1, pid, 'TB-' || i, i FROM unnest($2::int[]) WITH ORDINALITY AS t(pid, i)`,
    [training.id, pids],
  );
  // 30% AC, 40% WA, 10% TLE, 10% CE, 10% RE, all made inside the training.
  await db.query(
    `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, time, memory, score, length, code, language, cid, tid, counted)
     SELECT ($2::int[])[1 + x.p], 'TB-' || (1 + x.p), md5('bench' || x.u), 'bench_' || x.u,
            now() - random() * interval '30 days',
            CASE WHEN x.r < 0.3 THEN ${JudgeStatus.Accepted} WHEN x.r < 0.7 THEN ${JudgeStatus.WrongAnswer}
                 WHEN x.r < 0.8 THEN ${JudgeStatus.TimeLimitExceeded} WHEN x.r < 0.9 THEN ${JudgeStatus.CompileError}
                 ELSE ${JudgeStatus.RuntimeError} END,
            (random() * 1000)::int, 1024, 0, 100, '', 'C++', 0, $1, true
       FROM (SELECT 1 + (g % $3::int) AS u, floor(random() * $4::int)::int AS p, random() AS r
               FROM generate_series(1, $5::int) g) x`,
    [training.id, pids, USERS, PROBLEMS, SUBMISSIONS],
  );
  await db.query('ANALYZE judge; ANALYZE user_info; ANALYZE training_problem');
  log(`seeded ${USERS} users, ${PROBLEMS} problems, ${SUBMISSIONS} training submissions in ${Math.round(performance.now() - t0)} ms`);
  return { training: await db.getRepository(Training).findOneByOrFail({ id: training.id }), pids };
}

async function main(): Promise<void> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `oj_bench_training_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-'));
  const redisPrefix = `bench:tr:${id}:`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = '/' + database;
  await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
  useBenchEnvironment({ dataDir, databaseUrl: dbUrl.toString(), redisUrl, redisPrefix, bullPrefix: `bench_tr_${id}` });
  let app: INestApplication | undefined;
  try {
    const started = await startBenchApp();
    app = started.app;
    const port = started.port;
    const db = app.get(DataSource);
    const users = app.get(UserService);
    const root = (await users.findByUsername('root'))!;
    const { training, pids } = await seed(db, root.uid);
    const rank = app.get(TrainingRankService);

    // The board from PostgreSQL (median of 3 builds; invalidate drops this replica's copy).
    const builds: number[] = [];
    for (let i = 0; i < 3; i++) {
      await rank.invalidate(training.id);
      const t0 = performance.now();
      const board = await rank.board(training);
      builds.push(performance.now() - t0);
      log(`board build ${i + 1}: ${builds[i].toFixed(0)} ms (${board.size} rows)`);
    }
    const buildMs = median(builds);

    // A new result: TrainingRankService.record (the Redis log append, then the board moves) per result.
    const board = await rank.board(training);
    const uids = board.page(0, USERS).records.map((r) => r.uid);
    let nextId = 10_000_000;
    const fresh = (): TrainingTry & { tid: number } => ({
      tid: training.id,
      submitId: nextId++,
      uid: uids[Math.floor(Math.random() * uids.length)],
      pid: pids[Math.floor(Math.random() * PROBLEMS)],
      status: Math.random() < 0.4 ? JudgeStatus.Accepted : JudgeStatus.WrongAnswer,
      score: 0,
      time: Math.floor(Math.random() * 1000),
    });
    const results = Array.from({ length: NEW_RESULTS }, fresh);
    let t0 = performance.now();
    for (const r of results) await rank.record(r);
    const perResultMs = (performance.now() - t0) / NEW_RESULTS;
    const pure = Array.from({ length: NEW_RESULTS }, fresh);
    t0 = performance.now();
    for (const r of pure)
      board.apply(r, () => ({ username: r.uid, realname: null, nickname: null, school: null, gender: null, avatar: null }));
    const applyUs = ((performance.now() - t0) / NEW_RESULTS) * 1000;
    log(`per new result: ${perResultMs.toFixed(3)} ms with the Redis log; board only ${applyUs.toFixed(1)} µs`);

    // get-training-rank at 100 connections while results keep arriving (about 50 a second).
    const viewer = await users.create({ username: 'bench_viewer', password: 'viewer123', role: Role.User, email: 'viewer@example.com' });
    const token = app.get(TokenService).sign(viewer.uid, 0);
    const url = `http://127.0.0.1:${port}/api/get-training-rank?tid=${training.id}&currentPage=1&limit=${PAGE_SIZE}`;
    {
      // Rendering a page (rows, cells, JSON) as on a change that touched it; the page cache serves the rest.
      let t = performance.now();
      let bytes = 0;
      for (let i = 0; i < 200; i++) bytes = JSON.stringify(board.page(0, PAGE_SIZE)).length;
      const renderMs = (performance.now() - t) / 200;
      t = performance.now();
      for (let i = 0; i < 200; i++) await rank.rankPageJson(training, { currentPage: 1, limit: PAGE_SIZE });
      log(
        `rank page in process (${bytes} bytes): rendered ${renderMs.toFixed(2)} ms, from the page cache ${((performance.now() - t) / 200).toFixed(3)} ms`,
      );
    }
    const single = await autocannon({ url, connections: 1, duration: 3, headers: { authorization: token } });
    log(
      `get-training-rank alone (1 connection, no updates): mean ${single.latency.mean} ms, p99 ${single.latency.p99} ms, ${single.requests.average} req/s`,
    );
    const baseline = await autocannon({ url: `http://127.0.0.1:${port}/api/get-website-config`, connections: 1, duration: 2 });
    log(`get-website-config (public, baseline) alone: mean ${baseline.latency.mean} ms, ${baseline.requests.average} req/s`);
    let feeding = true;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const profiler = await startProfile(log);
    const cpuBefore = process.cpuUsage();
    const loadStart = performance.now();
    const feeder = (async () => {
      while (feeding) {
        await rank.record(fresh());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const result = await loadFromChild(url, token, { connections: RANK_CONNECTIONS, seconds: RANK_SECONDS });
    feeding = false;
    await feeder;
    loopDelay.disable();
    const cpu = process.cpuUsage(cpuBefore);
    await profiler?.();
    const rankP99Ms = result.latency.p99;
    log(
      `get-training-rank: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `mean ${result.latency.mean} ms, p99 ${rankP99Ms} ms, ${result.requests.average} req/s; server CPU ` +
        `${(((cpu.user + cpu.system) / 1000 / (performance.now() - loadStart)) * 100).toFixed(0)} % of one core, ` +
        `${((cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total)).toFixed(2)} ms per request; ` +
        `event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    if (result.non2xx) throw new Error('get-training-rank answered errors under load');
    process.stdout.write(JSON.stringify({ buildMs: Math.round(buildMs), perResultMs: Number(perResultMs.toFixed(3)), rankP99Ms }) + '\n');
  } finally {
    await app?.close().catch(() => undefined);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await deleteRedisKeys(redisUrl, [redisPrefix, `bench_tr_${id}:`]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    log(e.stack ?? e.message);
    process.exit(1);
  },
);
