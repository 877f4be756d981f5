import { ERR, JudgeStatus } from '@oj/contracts';
import type { ChildProcess } from 'child_process';
import * as http from 'http';
import request from 'supertest';
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import {
  aPlusBCases,
  CODE,
  hojZip,
  importHoj,
  pidOf,
  removeJudgeCache,
  RunningWorker,
  setSubmitInterval,
  startChildWorker,
  startInProcessWorker,
  submit,
  waitVerdict,
} from './fixtures/pipeline-helpers';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Several workers on one Redis, a burst of submissions, a worker killed mid-job, rejudge, push. */
describe('judging pipeline at scale', () => {
  let t: TestApp;
  let users: TestUser[];
  let workers: RunningWorker[] = [];
  let child: ChildProcess | undefined;
  let pid: number;
  const stat = async () => (await t.dataSource.query(`SELECT total, ac, wa, tle FROM problem_statistic WHERE pid = $1`, [pid]))[0];
  const userStat = async (uid: string) =>
    (await t.dataSource.query(`SELECT submissions, accepted, solved FROM user_judge_stat WHERE uid = $1`, [uid]))[0] ?? null;
  const stopWorkers = async () => {
    await Promise.all(workers.map((w) => w.close()));
    workers = [];
  };

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    users = [];
    for (let i = 0; i < 4; i++) users.push(await t.createUser(`t_burst${i}`));
    const zip = await hojZip([
      { problemId: 'B1', cases: aPlusBCases(2) },
      { problemId: 'SLOW', timeLimit: 3000, cases: aPlusBCases(6) },
    ]);
    expect((await importHoj(t, t.users.admin.token, zip)).body.status).toBe(200);
    pid = await pidOf(t, 'B1');
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await stopWorkers();
    await t?.close();
    removeJudgeCache();
  });

  it('judges 200 submissions sent at once on two workers, with exact statistics', async () => {
    workers.push(await startInProcessWorker(t, `engE-burst-a-${process.pid}`, 2));
    workers.push(await startInProcessWorker(t, `engE-burst-b-${process.pid}`, 2));
    const sends: Promise<request.Response>[] = [];
    for (const u of users) {
      for (let i = 0; i < 50; i++) sends.push(submit(t, u.token, 'B1', 'Python3', i < 30 ? CODE.pyAc : 'print(0)\n'));
    }
    const responses = await Promise.all(sends);
    expect(responses.map((r) => r.body.status)).toEqual(Array(200).fill(200));
    const deadline = Date.now() + 240_000;
    for (;;) {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM judge WHERE counted`);
      if (n === 200) break;
      if (Date.now() > deadline) throw new Error(`only ${n} of 200 judged`);
      await sleep(250);
    }
    expect(await stat()).toEqual({ total: 200, ac: 120, wa: 80, tle: 0 });
    for (const u of users) expect(await userStat(u.uid)).toEqual({ submissions: 50, accepted: 30, solved: 1 });
    const judgers: { judger: string; n: number }[] = await t.dataSource.query(
      `SELECT judger, count(*)::int AS n FROM judge GROUP BY judger`,
    );
    expect(judgers.map((j) => j.judger).sort()).toEqual(workers.map((w) => w.name).sort());
    const [{ cases }] = await t.dataSource.query(`SELECT count(*)::int AS cases FROM judge_case`);
    // ACM judging stops at the first failing case: two cases per AC, one per WA.
    expect(cases).toBe(120 * 2 + 80 * 1);
    const rank = await request(t.url).get('/api/get-rank-list').query({ type: 0, limit: 10 });
    expect(rank.body.data.records.map((r: { uid: string }) => r.uid)).toEqual(users.map((u) => u.uid).sort());
  });

  it('pushes status changes and case progress over SSE until the verdict', async () => {
    const res = await submit(t, users[0].token, 'SLOW', 'C++', CODE.cppAc);
    const submitId = res.body.data.submitId;
    const events: { status: number; caseIndex?: number; final: boolean }[] = await new Promise((resolve, reject) => {
      const got: { status: number; caseIndex?: number; final: boolean }[] = [];
      const req = http.get(`${t.url}/api/submission-events?submitId=${submitId}`, { headers: { Authorization: users[0].token } }, (r) => {
        expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
        let buf = '';
        r.on('data', (chunk: Buffer) => {
          buf += chunk.toString();
          let idx: number;
          while ((idx = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, idx);
            buf = buf.slice(idx + 2);
            const line = block.split('\n').find((l) => l.startsWith('data: '));
            if (line) got.push(JSON.parse(line.slice(6)));
          }
        });
        r.on('end', () => resolve(got));
      });
      req.on('error', reject);
      setTimeout(() => reject(new Error(`no final event: ${JSON.stringify(got)}`)), 60_000);
    });
    expect(events[events.length - 1]).toMatchObject({ submitId, status: JudgeStatus.Accepted, final: true });
    const statuses = events.map((e) => e.status);
    expect(statuses).toContain(JudgeStatus.Judging);
    expect(events.some((e) => e.caseIndex !== undefined)).toBe(true);
  });

  it('runs a test judge on custom input through a worker', async () => {
    const res = await request(t.url)
      .post('/api/submit-problem-test-judge')
      .set('Authorization', users[1].token)
      .send({ pid: 'B1', language: 'Python3', code: CODE.pyAc, userInput: '20 22\n', expectedOutput: '42\n' });
    const key = res.body.data;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const r = await request(t.url).get('/api/get-test-judge-result').query({ testJudgeKey: key }).set('Authorization', users[1].token);
      if (r.body.data.status !== JudgeStatus.Pending) {
        expect(r.body.data).toMatchObject({ status: JudgeStatus.Accepted, result: { stdout: '42\n' } });
        break;
      }
      if (Date.now() > deadline) throw new Error('test judge not answered');
      await sleep(100);
    }
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM judge WHERE uid = $1`, [users[1].uid]);
    expect(n).toBe(50);
  });

  it('checks special judge code through a worker and answers the compiler output on failure', async () => {
    const bad = await request(t.url)
      .post('/api/admin/problem/compile-spj')
      .set('Authorization', t.users.problemAdmin.token)
      .send({ language: 'C++', code: 'int main( {' });
    expect([bad.status, bad.body.msg]).toEqual([400, ERR.spjCompileFailed]);
    const good = await request(t.url)
      .post('/api/admin/problem/compile-spj')
      .set('Authorization', t.users.problemAdmin.token)
      .send({ language: 'C++', code: 'int main(){return 0;}' });
    expect(good.body).toMatchObject({ status: 200 });
    const inter = await request(t.url)
      .post('/api/admin/problem/compile-interactive')
      .set('Authorization', t.users.admin.token)
      .send({ language: 'C++', code: 'oops' });
    expect([inter.status, inter.body.msg]).toEqual([400, ERR.interactiveCompileFailed]);
  });

  it('rejudge takes the verdict out of the statistics, then counts the new one once', async () => {
    const loner = await t.createUser('t_loner');
    const res = await submit(t, loner.token, 'B1', 'Python3', CODE.pyAc);
    const submitId = res.body.data.submitId;
    await waitVerdict(t, loner.token, submitId);
    expect(await userStat(loner.uid)).toEqual({ submissions: 1, accepted: 1, solved: 1 });
    const before = await stat();
    await stopWorkers();
    const rj = await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', t.users.admin.token);
    expect(rj.body.data).toEqual({ submitId, status: JudgeStatus.Pending });
    expect(await stat()).toEqual({ ...before, total: before.total - 1, ac: before.ac - 1 });
    expect(await userStat(loner.uid)).toEqual({ submissions: 0, accepted: 0, solved: 0 });
    const again = await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', t.users.admin.token);
    expect(again.status).toBe(400);
    workers.push(await startInProcessWorker(t, `engE-rejudge-${process.pid}`, 1));
    const verdict = await waitVerdict(t, loner.token, submitId);
    expect(verdict.status).toBe(JudgeStatus.Accepted);
    expect(await stat()).toEqual(before);
    expect(await userStat(loner.uid)).toEqual({ submissions: 1, accepted: 1, solved: 1 });
    const [{ version }] = await t.dataSource.query(`SELECT version FROM judge WHERE submit_id = $1`, [submitId]);
    expect(version).toBe(1);
  });

  it('a worker killed with SIGKILL mid-job leaves a stalled job that another worker finishes, counted once', async () => {
    await stopWorkers();
    child = await startChildWorker(t, `engE-doomed-${process.pid}`);
    const before = await stat();
    const res = await submit(
      t,
      users[2].token,
      'SLOW',
      'Python3',
      'import time\ntime.sleep(0.4)\na, b = map(int, input().split())\nprint(a + b)\n',
    );
    const submitId = res.body.data.submitId;
    const queue = t.get<JudgeQueueService>(JudgeQueueService).queue;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = await queue.getJob(String(submitId));
      const [{ status }] = await t.dataSource.query(`SELECT status FROM judge WHERE submit_id = $1`, [submitId]);
      if (job && (await job.getState()) === 'active' && status === JudgeStatus.Judging) break;
      if (Date.now() > deadline) throw new Error('job never became active');
      await sleep(50);
    }
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    child = undefined;
    workers.push(await startInProcessWorker(t, `engE-rescuer-${process.pid}`, 1));
    const verdict = await waitVerdict(t, users[2].token, submitId, 150_000);
    expect(verdict.status).toBe(JudgeStatus.Accepted);
    const pidSlow = await pidOf(t, 'SLOW');
    const rows: { n: number }[] = await t.dataSource.query(`SELECT count(*)::int AS n FROM judge_case WHERE submit_id = $1`, [submitId]);
    expect(rows[0].n).toBe(6);
    const [slow] = await t.dataSource.query(`SELECT total, ac FROM problem_statistic WHERE pid = $1`, [pidSlow]);
    expect(slow).toEqual({ total: 2, ac: 2 });
    expect(await stat()).toEqual(before);
  });
});
