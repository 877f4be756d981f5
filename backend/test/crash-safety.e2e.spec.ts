/**
 * Crash safety under load: the backend (a real `node backend/dist/main.js` process) is killed with SIGKILL while
 * submissions are being made and judged, then started again; later the judge worker is killed and replaced. Then
 * the same load with a private Redis killed and started again empty in the middle. Every submission the API acknowledged is judged
 * exactly once, none stays Pending, and the statistics equal a recount of the verdicts. CRASH_SUBMISSIONS sets the
 * load (default 300; the figure is 500).
 */
import { isFinalJudgeStatus, JudgeStatus } from '@oj/contracts';
import { ChildProcess, spawn } from 'child_process';
import { connect } from 'net';
import { Client } from 'pg';
import request from 'supertest';
import { aPlusBCases, CODE, hojZip, importHoj, pidOf, setSubmitInterval, startChildWorker } from './fixtures/pipeline-helpers';
import { ensureBackendBuilt, freePort, startBackendProcess } from './utils/child-backend';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(600_000);

const TOTAL = Number(process.env.CRASH_SUBMISSIONS) || 300;
/** A private redis-server without persistence, so that a restart loses every key (the worst case). */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const end = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return child;
    if (Date.now() > end) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Disaster = 'processes' | 'redis';

describe.each<[string, Disaster]>([
  ['backend and judge worker killed with SIGKILL', 'processes'],
  ['Redis restarted empty', 'redis'],
])('crash safety under load: %s', (_name, disaster) => {
  let redis: ChildProcess | undefined;
  let redisPort = 0;
  let t: TestApp;
  let backend: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  let url: string;
  let users: TestUser[];
  let pid: number;
  /** The in-process app (and its pool) is closed once set up: queries go through this client. */
  let db: Client;
  const query = async <T>(sql: string, params: unknown[]): Promise<T[]> => (await db.query(sql, params)).rows as T[];

  const startBackend = (port: number): Promise<ChildProcess> => startBackendProcess(t, port);

  beforeAll(async () => {
    ensureBackendBuilt();
    if (disaster === 'redis') {
      redisPort = await freePort();
      redis = await startRedis(redisPort);
    }
    t = await createTestApp(disaster === 'redis' ? { env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } } : {});
    await setSubmitInterval(t, 0);
    users = [];
    for (let i = 0; i < 10; i++) users.push(await t.createUser(`t_crash${i}`));
    const zip = await hojZip([{ problemId: 'CR1', cases: aPlusBCases(2) }]);
    expect((await importHoj(t, t.users.admin.token, zip)).body.status).toBe(200);
    pid = await pidOf(t, 'CR1');
    // From here on the only backend is the child process: the in-process app would finish the work itself.
    await t.app.close();
    db = new Client({ connectionString: t.config.database.url });
    await db.connect();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    backend = await startBackend(port);
    worker = await startChildWorker(t, `crash-${disaster}-${process.pid}`, undefined, { JUDGE_CONCURRENCY: '2' });
  });
  afterAll(async () => {
    backend?.kill('SIGKILL');
    worker?.kill('SIGKILL');
    await db?.end().catch(() => undefined);
    await t?.close();
    redis?.kill('SIGKILL');
  });

  it(`judges every acknowledged submission of ${TOTAL} exactly once`, async () => {
    const acked = new Set<number>();
    let refused = 0;
    /** Why requests were not acknowledged (status and message, or no answer), for the failure message. */
    const refusals = new Map<string, number>();
    const ackedPerWave: number[] = [];
    let sent = 0;
    const send = async () => {
      const i = sent++;
      const u = users[i % users.length];
      const code = i % 3 === 0 ? 'print(0)\n' : CODE.pyAc;
      const res = await request(url)
        .post('/api/submit-problem-judge')
        .set('Authorization', u.token)
        .send({ pid: 'CR1', language: 'Python3', code, cid: 0 })
        .timeout(15_000)
        .catch(() => undefined);
      if (res?.status === 200 && res.body.data?.submitId) acked.add(res.body.data.submitId);
      else {
        refused++;
        const why = res ? `${res.status} ${String(res.body?.msg ?? '').slice(0, 60)}` : 'no answer';
        refusals.set(why, (refusals.get(why) ?? 0) + 1);
      }
    };
    const port = Number(new URL(url).port);
    // Senders run in waves; the backend is killed in the middle of the load and started again.
    const waves = 10;
    for (let w = 0; w < waves; w++) {
      const wave = Array.from({ length: TOTAL / waves }, () => send());
      if (disaster === 'redis' && w === Math.floor(waves / 2)) {
        // Every queued job, lock and cached session is lost: the sweeper re-adds the jobs of unfinished rows.
        await new Promise((r) => setTimeout(r, 30));
        redis!.kill('SIGKILL');
        await Promise.all(wave);
        await new Promise((r) => setTimeout(r, 1000));
        redis = await startRedis(redisPort);
      } else if (disaster === 'redis') {
        await Promise.all(wave);
      } else if (w === Math.floor(waves / 2)) {
        await new Promise((r) => setTimeout(r, 30));
        backend!.kill('SIGKILL');
        await Promise.all(wave);
        backend = await startBackend(port);
      } else if (w === waves - 2) {
        // The judge worker too, mid-job: its stalled jobs go to the next worker.
        await new Promise((r) => setTimeout(r, 30));
        worker!.kill('SIGKILL');
        await Promise.all(wave);
        worker = await startChildWorker(t, `crash2-${process.pid}`, undefined, { JUDGE_CONCURRENCY: '2' });
      } else {
        await Promise.all(wave);
      }
      ackedPerWave.push(acked.size);
    }
    if (acked.size <= TOTAL / 2) {
      const why = JSON.stringify({ ackedAfterEachWave: ackedPerWave, refusals: Object.fromEntries(refusals) });
      throw new Error(`only ${acked.size} of ${TOTAL} acknowledged: ${why}`);
    }
    // Back on its feet: the last wave (long after the restart) is acknowledged in full. Bull's own reconnect delay
    // (up to 20 s after a long outage) once left every submit hanging for five waves after Redis was back.
    expect(ackedPerWave[waves - 1] - ackedPerWave[waves - 2]).toBe(TOTAL / waves);

    // Every row (acknowledged or not: a row committed before the kill whose answer was lost counts too) ends final.
    const end = Date.now() + 300_000;
    let pending: number[] = [];
    for (;;) {
      const rows = await query<{ submit_id: number; status: number; counted: boolean }>(
        'SELECT submit_id, status, counted FROM judge WHERE pid = $1',
        [pid],
      );
      pending = rows.filter((r) => !r.counted || !isFinalJudgeStatus(r.status)).map((r) => r.submit_id);
      const stored = new Set(rows.map((r) => r.submit_id));
      expect([...acked].filter((id) => !stored.has(id))).toEqual([]);
      if (pending.length === 0) break;
      if (Date.now() > end) throw new Error(`still not judged: ${pending.slice(0, 20).join(', ')} (${pending.length})`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const counts = await query<{ status: number; n: number }>(
      'SELECT status, count(*)::int AS n FROM judge WHERE pid = $1 GROUP BY status',
      [pid],
    );
    const byStatus = Object.fromEntries(counts.map((c) => [c.status, c.n]));
    const total = counts.reduce((s, c) => s + c.n, 0);
    // Nothing but the two expected verdicts: a System Error would mean a job judged without its package, or twice.
    expect(Object.keys(byStatus).map(Number).sort()).toEqual([JudgeStatus.WrongAnswer, JudgeStatus.Accepted].sort());
    const stat = (await query('SELECT total, ac, wa FROM problem_statistic WHERE pid = $1', [pid]))[0];
    expect(stat).toEqual({ total, ac: byStatus[JudgeStatus.Accepted], wa: byStatus[JudgeStatus.WrongAnswer] });
    const perUser = await query<{ uid: string; n: number; ac: number }>(
      `SELECT uid, count(*)::int AS n, count(*) FILTER (WHERE status = $2)::int AS ac FROM judge WHERE pid = $1 GROUP BY uid`,
      [pid, JudgeStatus.Accepted],
    );
    for (const u of perUser) {
      const s = (await query('SELECT submissions, accepted FROM user_judge_stat WHERE uid = $1', [u.uid]))[0];
      expect([u.uid, s]).toEqual([u.uid, { submissions: u.n, accepted: u.ac }]);
    }
    console.log(
      JSON.stringify({
        crash: disaster,
        sent,
        acknowledged: acked.size,
        refusedOrLost: refused,
        stored: total,
        pendingLeft: 0,
        ackedAfterEachWave: ackedPerWave,
        refusals: Object.fromEntries(refusals),
      }),
    );
  });
});
