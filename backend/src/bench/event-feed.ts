/**
 * `npm run bench:event-feed`: the Contest API's event feed during a contest (contest-api module README).
 * A running ACM contest (BENCH_DURATION, 300 s; 5 problems) of BENCH_TEAMS teams (3,000, registered), BENCH_READERS
 * (20) event-feed readers connected over HTTP with basic auth (root: the admin view) from a child process, and
 * BENCH_SUBMISSIONS (6,000) submissions spread over the contest: each stored as Pending, then 300–800 ms later
 * given its verdict and announced on the event bus, as the judge pipeline's result writer does (no judges run:
 * what is measured is the path from a stored verdict to the readers).
 * Figures: the delay from a verdict's commit to its judgement event at each reader (p50, p99, max over all
 * readers × verdicts; goal p99 < 1 s), events logged, lines delivered, and the backend's CPU per logged event and
 * per delivered line (the process's CPU over the contest, the load's own inserts and updates included).
 * Ends with one JSON line.
 */
import 'reflect-metadata';
import { fork } from 'child_process';
import * as http from 'http';

const CHILD = 'BENCH_EVENT_FEED_CHILD';
const envNum = (name: string, fallback: number): number => {
  const n = Number(process.env[name] || fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface ReaderCommand {
  url: string;
  auth: string;
  readers: number;
  /** Lines each reader must have read before the child reports it is ready (the contest's initial objects). */
  readyLines: number;
}
/** Per reader: judgement id → when its verdict's event arrived (ms since the epoch); lines read. */
interface ReaderReport {
  seen: Record<string, number>[];
  lines: number;
  errors: string[];
}

/** The readers (child process): each streams the feed and notes when each judgement's verdict arrives. */
function readers(c: ReaderCommand, ready: () => void): { stop: () => ReaderReport } {
  const report: ReaderReport = { seen: [], lines: 0, errors: [] };
  let caughtUp = 0;
  const requests: http.ClientRequest[] = [];
  for (let i = 0; i < c.readers; i++) {
    const seen: Record<string, number> = {};
    report.seen.push(seen);
    let lines = 0;
    const req = http.get(c.url, { headers: { authorization: c.auth } }, (res) => {
      if (res.statusCode !== 200) report.errors.push(`HTTP ${res.statusCode}`);
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const now = Date.now();
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (!line) continue;
          report.lines++;
          if (++lines === c.readyLines && ++caughtUp === c.readers) ready();
          // Only judgement lines are parsed (the generator shares the backend's cores).
          if (!line.startsWith('{"type":"judgements"')) continue;
          const e = JSON.parse(line) as { id: string; data: { judgement_type_id: string | null } };
          if (e.data?.judgement_type_id && !(e.id in seen)) seen[e.id] = now;
        }
      });
    });
    req.on('error', (e) => report.errors.length < 10 && report.errors.push(e.message));
    requests.push(req);
  }
  return {
    stop: () => {
      requests.forEach((r) => r.destroy());
      return report;
    },
  };
}

if (process.env[CHILD]) {
  let running: { stop: () => ReaderReport } | undefined;
  process.on('message', (m: ReaderCommand | 'stop') => {
    if (m === 'stop') process.send!(running!.stop());
    else running = readers(m, () => process.send!('ready'));
  });
  process.on('disconnect', () => process.exit(0));
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

async function main(): Promise<void> {
  const TEAMS = envNum('BENCH_TEAMS', 3000);
  const READERS = envNum('BENCH_READERS', 20);
  const DURATION_MS = envNum('BENCH_DURATION', 300) * 1000;
  const SUBMISSIONS = envNum('BENCH_SUBMISSIONS', 6000);
  const log = (msg: string) => process.stderr.write(msg + '\n');
  const { withBenchApp } = await import('./bench-utils');
  const { ContestAuth, ContestType, JudgeStatus } = await import('@oj/contracts');
  const { DataSource } = await import('typeorm');
  const { EventBus } = await import('../core/events/event-bus');
  const { UserService } = await import('../modules/user/user.service');

  const result = await withBenchApp('eventfeed', async (app, base) => {
    const db = app.get(DataSource);
    const bus = app.get(EventBus);
    const root = (await app.get(UserService).findByUsername('root'))!;
    await db.query(
      `INSERT INTO user_info (uid, username, password, nickname, school)
       SELECT md5('ef' || g), 'ef_' || g, 'x', 'Team ' || g, 'School ' || (g % 100) FROM generate_series(1, $1::int) g`,
      [TEAMS],
    );
    const problems: { id: number }[] = await db.query(
      `INSERT INTO problem (problem_id, title) SELECT 'EF-' || g, 'Problem ' || g FROM generate_series(1, 5) g RETURNING id`,
    );
    const start = new Date(Date.now() + 5_000);
    const [{ id: cid }]: { id: number }[] = await db.query(
      `INSERT INTO contest (uid, author, title, type, auth, start_time, end_time, duration, status)
       VALUES ($1, 'root', 'Event feed', $2, $3, $4, $5, $6, 0) RETURNING id`,
      [root.uid, ContestType.ACM, ContestAuth.Public, start, new Date(start.getTime() + DURATION_MS), DURATION_MS / 1000],
    );
    await db.query(
      `INSERT INTO contest_problem (cid, pid, display_id, display_title)
       SELECT $1, pid, chr(64 + i::int), 'Problem ' || i FROM unnest($2::int[]) WITH ORDINALITY AS t(pid, i)`,
      [cid, problems.map((p) => p.id)],
    );
    await db.query(`INSERT INTO contest_register (cid, uid) SELECT $1, md5('ef' || g) FROM generate_series(1, $2::int) g`, [cid, TEAMS]);

    const child = fork(__filename, [], { env: { ...process.env, [CHILD]: '1' } });
    const auth = `Basic ${Buffer.from(`root:${process.env.ROOT_PASSWORD}`).toString('base64')}`;
    // The readers first read the contest's initial objects (teams, problems...); the verdicts are timed after that.
    const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
    child.send({ url: `${base}/api/contests/${cid}/event-feed`, auth, readers: READERS, readyLines: TEAMS } satisfies ReaderCommand);
    await ready;
    await sleep(Math.max(0, start.getTime() - Date.now()) + 500);
    log(`contest ${cid}: ${TEAMS} teams, ${READERS} readers, ${SUBMISSIONS} submissions over ${DURATION_MS / 1000} s`);

    const cpu0 = cpuMs();
    const t0 = Date.now();
    const committed = new Map<string, number>();
    const pending: Promise<void>[] = [];
    const gap = (DURATION_MS - 2_000) / SUBMISSIONS;
    for (let i = 0; i < SUBMISSIONS; i++) {
      const due = t0 + i * gap;
      if (due > Date.now()) await sleep(due - Date.now());
      const team = 1 + Math.floor(Math.random() * TEAMS);
      const p = i % problems.length;
      pending.push(
        (async () => {
          const [row]: { submit_id: number; submit_time: Date }[] = await db.query(
            `INSERT INTO judge (pid, display_pid, uid, username, status, length, code, language, cid)
             VALUES ($1, $2, md5('ef' || $3::int), 'ef_' || $3::int, $4, 100, '', 'C++', $5) RETURNING submit_id, submit_time`,
            [problems[p].id, String.fromCharCode(65 + p), team, JudgeStatus.Pending, cid],
          );
          await sleep(300 + Math.random() * 500);
          const status = Math.random() < 0.4 ? JudgeStatus.Accepted : JudgeStatus.WrongAnswer;
          await db.query(`UPDATE judge SET status = $2, time = 15, memory = 1024, gmt_modified = now() WHERE submit_id = $1`, [
            row.submit_id,
            status,
          ]);
          committed.set(String(row.submit_id), Date.now());
          await bus.emit('judge.result-written', {
            submitId: row.submit_id,
            uid: '',
            pid: problems[p].id,
            cid,
            eid: 0,
            tid: null,
            displayPid: String.fromCharCode(65 + p),
            status,
            score: 0,
            time: 15,
            submitTime: row.submit_time,
          });
        })(),
      );
    }
    await Promise.all(pending);
    await sleep(3_000);
    const cpu = cpuMs() - cpu0;
    const wallMs = Date.now() - t0;
    child.send('stop');
    const report = await new Promise<ReaderReport>((resolve) => child.once('message', (m: ReaderReport) => resolve(m)));
    child.kill();
    const delays: number[] = [];
    let missing = 0;
    for (const seen of report.seen)
      for (const [id, at] of committed) {
        if (seen[id] === undefined) missing++;
        else delays.push(seen[id] - at);
      }
    delays.sort((a, b) => a - b);
    const [{ n: logged }]: { n: string }[] = await db.query(`SELECT count(*) AS n FROM contest_api_event WHERE cid = $1`, [cid]);
    const figures = {
      teams: TEAMS,
      readers: READERS,
      submissions: SUBMISSIONS,
      durationS: Math.round(wallMs / 1000),
      delayP50Ms: pct(delays, 50),
      delayP99Ms: pct(delays, 99),
      delayMaxMs: delays[delays.length - 1] ?? 0,
      missing,
      eventsLogged: Number(logged),
      linesDelivered: report.lines,
      cpuMsPerEventLogged: Number((cpu / Number(logged)).toFixed(3)),
      cpuMsPerLineDelivered: Number((cpu / Math.max(1, report.lines)).toFixed(3)),
      backendCpuPercent: Math.round((cpu / wallMs) * 100),
      errors: report.errors,
    };
    log(JSON.stringify(figures, null, 2));
    return figures;
  });
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

if (!process.env[CHILD])
  main().catch((err: Error) => {
    process.stderr.write(`${err.stack ?? err.message}\n`);
    process.exit(1);
  });
