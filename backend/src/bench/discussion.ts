/**
 * `npm run bench:discussion`: 100,000 discussions and 1,000,000 comments (with 100,000 replies) in a fresh
 * PostgreSQL database, served by the real app. Prints p99 at 100 connections of `get-discussion-list`
 * (first pages, random categories), `get-discussion-detail` and its first comment page (random posts), and
 * `msg/unread` for a user with no messages and one with 300,000; the last line is
 * `{"baselineP99Ms","listP99Ms","detailP99Ms","commentsP99Ms","unreadP99Ms","unreadManyP99Ms"}` (baseline: the
 * site config call under the same load, the yardstick of what the machine gives any request).
 *
 * Every answer of a run must be a 2xx: the random reads ask for shown posts only (hidden ones answer 403
 * to this caller, which is right but not what is measured), and any other answer fails the benchmark
 * after its figures are printed (`non2xx` in the JSON line). Each load also gives the server's CPU time per
 * answer (`…CpuUs`; this process only): on a shared machine the latencies move with the neighbours, this
 * much less, so A/B comparisons use it and its ratio to the baseline's.
 *
 * Environment: BENCH_DATABASE_URL (or DATABASE_URL) names the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432), REDIS_URL the Redis server. Everything it creates is removed.
 * Smaller runs for A/B comparisons on a busy machine: BENCH_DISCUSSIONS (comments 10 and replies 1 per
 * post unless BENCH_COMMENTS / BENCH_REPLIES), BENCH_MESSAGES, BENCH_CONNECTIONS, BENCH_SECONDS.
 * BENCH_ONLY=detailP99Ms,listP99Ms runs those loads only (and the baseline). BENCH_CPU_PROFILE=file.cpuprofile
 * writes the server's CPU profile of the detail load (BENCH_PROFILE_RUN=listP99Ms: of that load).
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { Role } from '@oj/contracts';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { DataSource } from 'typeorm';
import { TokenService } from '../core/auth/token.service';
import { UserService } from '../modules/user/user.service';
import { adminQuery, deleteRedisKeys, loadPaths, startBenchApp, startProfile, useBenchEnvironment } from './bench-utils';

const num = (name: string, fallback: number) => Number(process.env[name]) || fallback;
const AUTHORS = 2_000;
const DISCUSSIONS = num('BENCH_DISCUSSIONS', 100_000);
const COMMENTS = num('BENCH_COMMENTS', DISCUSSIONS * 10);
const REPLIES = num('BENCH_REPLIES', COMMENTS / 10);
const MANY_MESSAGES = num('BENCH_MESSAGES', 300_000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 100);
const SECONDS = num('BENCH_SECONDS', 10);
/** Every 200th post is hidden by an admin (seed): the random reads pick only shown posts. */
const HIDDEN_EVERY = 200;

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const log = (msg: string) => process.stderr.write(msg + '\n');

async function seed(db: DataSource, viewerUid: string): Promise<void> {
  const t0 = performance.now();
  await db.query(
    `INSERT INTO user_info (uid, username, password) SELECT md5('dbench' || g), 'dbench_' || g, 'x' FROM generate_series(1, $1::int) g`,
    [AUTHORS],
  );
  await db.query(
    `INSERT INTO discussion (category_id, title, description, content, uid, author, view_num, like_num, comment_num, top_priority, status, gmt_create)
     SELECT 1 + (g % 3), 'Discussion ' || g, 'About problem ' || (g % 500), repeat('Some **Markdown** text. ', 40),
            md5('dbench' || (1 + g % $2::int)), 'dbench_' || (1 + g % $2::int), g % 97, g % 13, 11, g % 5000 = 0,
            CASE WHEN g % ${HIDDEN_EVERY} = 0 THEN 1 ELSE 0 END, now() - (($1::int - g) || ' minutes')::interval
       FROM generate_series(1, $1::int) g`,
    [DISCUSSIONS, AUTHORS],
  );
  await db.query(
    `INSERT INTO comment (did, content, from_uid, from_name, like_num)
     SELECT 1 + (g % $2::int), 'Comment number ' || g || ' with a few words', md5('dbench' || (1 + g % $3::int)), 'dbench_' || (1 + g % $3::int), g % 7
       FROM generate_series(1, $1::int) g`,
    [COMMENTS, DISCUSSIONS, AUTHORS],
  );
  await db.query(
    `INSERT INTO reply (comment_id, from_uid, from_name, to_uid, to_name, content)
     SELECT 1 + (g * 10) % $2::int, md5('dbench' || (1 + g % $3::int)), 'dbench_' || (1 + g % $3::int), md5('dbench1'), 'dbench_1', 'Reply ' || g
       FROM generate_series(1, $1::int) g`,
    [REPLIES, COMMENTS, AUTHORS],
  );
  // What the reply writers keep on each comment.
  await db.query(
    `UPDATE comment c SET reply_num = r.n FROM (SELECT comment_id, COUNT(*)::int AS n FROM reply GROUP BY comment_id) r WHERE c.id = r.comment_id`,
  );
  // One user with a full comment box (and counters that say so), to show msg/unread does not grow with it.
  await db.query(
    `INSERT INTO msg_remind (action, source_id, source_type, source_content, recipient_id, sender_id, state)
     SELECT (ARRAY['Discuss','Reply','Like'])[1 + g % 3], 1 + g % $2::int, 'Discussion', 'message ' || g, $3, md5('dbench2'), g % 2 = 0
       FROM generate_series(1, $1::int) g`,
    [MANY_MESSAGES, DISCUSSIONS, viewerUid],
  );
  await db.query(
    `INSERT INTO user_msg_unread (uid, comment, reply, "like")
     SELECT recipient_id, COUNT(*) FILTER (WHERE action = 'Discuss'), COUNT(*) FILTER (WHERE action = 'Reply'), COUNT(*) FILTER (WHERE action = 'Like')
       FROM msg_remind WHERE state = false GROUP BY recipient_id`,
  );
  // The steady state autovacuum keeps in production: statistics and visibility maps (index-only counts).
  for (const table of ['discussion', 'comment', 'reply', 'msg_remind', 'user_info', 'user_msg_unread'])
    await db.query(`VACUUM ANALYZE ${table}`);
  log(
    `seeded ${DISCUSSIONS} discussions, ${COMMENTS} comments, ${REPLIES} replies, ${MANY_MESSAGES} messages in ${Math.round(performance.now() - t0)} ms`,
  );
}

/** The loads of this benchmark: `loadPaths` with its connection count and duration. */
const load = (base: string, token: string, pathExpr: string) =>
  loadPaths(base, token, pathExpr, { connections: CONNECTIONS, seconds: SECONDS });

async function main(): Promise<void> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `oj_bench_discussion_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-'));
  const redisPrefix = `bench:disc:${id}:`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = '/' + database;
  await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
  useBenchEnvironment({ dataDir, databaseUrl: dbUrl.toString(), redisUrl, redisPrefix, bullPrefix: `bench_disc_${id}` });
  let app: INestApplication | undefined;
  const results: Record<string, number> = {};
  let failed = 0;
  const cpuPerRequest: Record<string, number> = {};
  try {
    const started = await startBenchApp();
    app = started.app;
    const base = `http://127.0.0.1:${started.port}`;
    const users = app.get(UserService);
    const tokens = app.get(TokenService);
    const busy = await users.create({ username: 'bench_busy', password: 'viewer123', role: Role.User, email: 'busy@example.com' });
    const quiet = await users.create({ username: 'bench_quiet', password: 'viewer123', role: Role.User, email: 'quiet@example.com' });
    await seed(app.get(DataSource), busy.uid);
    const busyToken = tokens.sign(busy.uid, 0);
    const quietToken = tokens.sign(quiet.uid, 0);
    const rnd = (n: number) => `(1 + Math.floor(Math.random() * ${n}))`;
    // A random shown post: ids that are multiples of HIDDEN_EVERY are hidden, so step below them.
    const shown = `((n) => n % ${HIDDEN_EVERY} === 0 ? n - 1 : n)(${rnd(DISCUSSIONS)})`;
    const runs: [string, string, string, string][] = [
      // The same load on a call that reads no table: what this machine gives any request right now.
      ['baselineP99Ms', 'get-website-config (baseline: cached, no database)', quietToken, `'/api/get-website-config'`],
      [
        'listP99Ms',
        'get-discussion-list (first 3 pages, all or one category)',
        quietToken,
        `'/api/get-discussion-list?limit=15&currentPage=' + ${rnd(3)} + (Math.random() < 0.5 ? '' : '&cid=' + ${rnd(3)})`,
      ],
      ['detailP99Ms', 'get-discussion-detail (random posts)', quietToken, `'/api/get-discussion-detail?did=' + ${shown}`],
      ['commentsP99Ms', 'comments, first page with replies (random posts)', quietToken, `'/api/comments?did=' + ${shown}`],
      ['unreadP99Ms', 'msg/unread (user without messages)', quietToken, `'/api/msg/unread'`],
      ['unreadManyP99Ms', `msg/unread (user with ${MANY_MESSAGES} messages)`, busyToken, `'/api/msg/unread'`],
    ];
    const only = process.env.BENCH_ONLY?.split(',');
    for (const [key, name, token, expr] of runs) {
      if (only && key !== 'baselineP99Ms' && !only.includes(key)) continue;
      const profiler = key === (process.env.BENCH_PROFILE_RUN ?? 'detailP99Ms') ? await startProfile(log) : undefined;
      const cpu0 = process.cpuUsage();
      const r = await load(base, token, expr);
      const cpu = process.cpuUsage(cpu0);
      await profiler?.();
      // The server's CPU per answer (this process; PostgreSQL and Redis not included): what a busy machine
      // changes least, so the figure to compare runs by.
      const cpuUs = Math.round((cpu.user + cpu.system) / Math.max(1, r.requests.total));
      log(
        `${name}: p99 ${r.latency.p99} ms, mean ${r.latency.mean} ms, ${r.requests.average} req/s, server CPU ${cpuUs} µs/request, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
      results[key] = r.latency.p99;
      cpuPerRequest[key.replace('P99Ms', 'CpuUs')] = cpuUs;
      failed += r.non2xx + r.errors;
    }
    log('detail page = get-discussion-detail + its first comment page, requested in parallel by the web app');
  } finally {
    await app?.close();
    // Scanned and deleted in steps: the page cache leaves more keys than one call's arguments can hold.
    await deleteRedisKeys(redisUrl, [redisPrefix]);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  Object.assign(results, cpuPerRequest);
  results.non2xx = failed;
  process.stdout.write(JSON.stringify(results) + '\n');
  if (failed) throw new Error(`${failed} answers were not 2xx (see the lines above)`);
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
