/**
 * Issue 38, "the wait is visible": a pending submission's place in the judge queue (1 = next, by priority then
 * arrival: contest before practice before rejudges) and its estimated wait (place / the recent drain rate), in the
 * status list, the detail and the submission stream; the backlog and drain rate on the dashboard and /metrics.
 * No worker runs: jobs are taken and finished by a second Bull client, as a worker would.
 */
import Bull from 'bull';
import * as http from 'http';
import request from 'supertest';
import { ContestAuth, JUDGE_QUEUE, JudgeResult, JudgeStatus, Role, SubmissionInfo } from '@oj/contracts';
import { addProblem, createContest, MIN, PASSWORD } from './contest-fixtures';
import { aPlusBCases, CODE, hojZip, importHoj, pidOf, setSubmitInterval, submit } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(120_000);

const ACCEPTED: JudgeResult = { status: JudgeStatus.Accepted, time: 1, memory: 1, score: 100, cases: [] };

interface StreamEvent {
  submitId: number;
  status: number;
  queuePosition?: number | null;
  queueWaitSeconds?: number | null;
  final: boolean;
}

/** Reads a submission stream until `until` holds for an event (or fails after the timeout). */
function streamUntil(
  t: TestApp,
  token: string,
  submitId: number,
  until: (e: StreamEvent, all: StreamEvent[]) => boolean,
): Promise<StreamEvent[]> {
  return new Promise((resolve, reject) => {
    const got: StreamEvent[] = [];
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`stream ended without the awaited event: ${JSON.stringify(got)}`));
    }, 20_000);
    const req = http.get(`${t.url}/api/submission-events?submitId=${submitId}`, { headers: { Authorization: token } }, (r) => {
      let buf = '';
      r.on('data', (chunk: Buffer) => {
        buf += chunk.toString();
        let idx: number;
        while ((idx = buf.indexOf('\n\n')) >= 0) {
          const line = buf
            .slice(0, idx)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          buf = buf.slice(idx + 2);
          if (!line) continue;
          const e = JSON.parse(line.slice(6)) as StreamEvent;
          got.push(e);
          if (until(e, got)) {
            clearTimeout(timer);
            req.destroy();
            resolve(got);
          }
        }
      });
    });
    req.on('error', (e) => {
      if (!req.destroyed) reject(e);
    });
  });
}

describe('the wait is visible: queue place and estimated wait', () => {
  let t: TestApp;
  let taker: Bull.Queue;
  let entrant: TestUser;
  let cid: number;
  const practice: number[] = [];
  let contestSub: number;

  const list = async (): Promise<SubmissionInfo[]> => {
    const res = await request(t.url)
      .get('/api/get-submission-list')
      .query({ currentPage: 1, limit: 30 })
      .set('Authorization', t.users.admin.token);
    expect(res.body.status).toBe(200);
    return res.body.data.records;
  };
  const detail = async (submitId: number, token = t.users.admin.token): Promise<SubmissionInfo> => {
    const res = await request(t.url).get('/api/get-submission-detail').query({ submitId }).set('Authorization', token);
    expect(res.body.status).toBe(200);
    return res.body.data.submission;
  };
  const positions = async (ids: number[]) => {
    const byId = new Map((await list()).map((r) => [r.submitId, r]));
    return ids.map((id) => byId.get(id)?.queuePosition);
  };
  /** Takes the next job as a worker would and finishes it; answers which submission it was. */
  const judgeNext = async (): Promise<number> => {
    const job = (await taker.getNextJob())!;
    // Under the taker's lock, which the move releases (as a worker's does), so that a rejudge may remove the job.
    await job.moveToCompleted(ACCEPTED as unknown as string, false, true);
    return Number(job.id);
  };
  const counted = async (submitId: number) => {
    for (let i = 0; i < 100; i++) {
      const rows: { counted: boolean }[] = await t.dataSource.query('SELECT counted FROM judge WHERE submit_id = $1', [submitId]);
      if (rows[0]?.counted) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`submission ${submitId} was not collected`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    taker = new Bull(JUDGE_QUEUE, t.config.redis.url, { prefix: t.config.bull.prefix });
    await setSubmitInterval(t, 0);
    const zip = await hojZip([{ problemId: 'QWAIT', title: 'A+B', cases: aPlusBCases(1), languages: ['C++'] }]);
    expect((await importHoj(t, t.users.admin.token, zip)).body).toMatchObject({ status: 200 });
    entrant = await t.createUser('qw_entrant', Role.User);
    cid = await createContest(t, t.users.admin, {
      auth: ContestAuth.Protected,
      startTime: new Date(Date.now() - 30 * MIN),
      endTime: new Date(Date.now() + 60 * MIN),
    });
    await addProblem(t, t.users.admin, cid, await pidOf(t, 'QWAIT'), 'A');
    await request(t.url).post('/api/register-contest').set('Authorization', entrant.token).send({ cid, password: PASSWORD }).expect(200);
  });
  afterAll(async () => {
    await taker?.close();
    await t?.close();
  });

  it('numbers waiting practice submissions by arrival, with no estimate before anything was judged', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await submit(t, t.users.user.token, 'QWAIT', 'C++', CODE.cppAc);
      expect(res.body.status).toBe(200);
      practice.push(res.body.data.submitId);
    }
    const rows = new Map((await list()).map((r) => [r.submitId, r]));
    expect(practice.map((id) => [rows.get(id)?.queuePosition, rows.get(id)?.queueWaitSeconds])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    expect(await detail(practice[1], t.users.user.token)).toMatchObject({
      status: JudgeStatus.Pending,
      queuePosition: 2,
      queueWaitSeconds: null,
    });
  });

  it('puts a contest submission ahead of the practice ones, and the worker takes it first', async () => {
    const res = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', entrant.token)
      .send({ pid: 'A', cid, language: 'C++', code: CODE.cppAc });
    expect(res.body.status).toBe(200);
    contestSub = res.body.data.submitId;
    expect(await detail(contestSub, entrant.token)).toMatchObject({ queuePosition: 1 });
    expect(await positions(practice)).toEqual([2, 3, 4]);
    // The contest's own list and its status check tell the place too.
    const inContest = await request(t.url)
      .get('/api/contest-submissions')
      .query({ cid, currentPage: 1, limit: 30 })
      .set('Authorization', entrant.token);
    expect(inContest.body.data.records).toEqual([
      expect.objectContaining({ submitId: contestSub, queuePosition: 1, queueWaitSeconds: null }),
    ]);
    const checked = await request(t.url)
      .post('/api/check-contest-submissions-status')
      .set('Authorization', entrant.token)
      .send({ cid, submitIds: [contestSub] });
    expect(checked.body.data[contestSub]).toMatchObject({ status: JudgeStatus.Pending, queuePosition: 1 });
    // The place is the order workers really take jobs in.
    expect(await judgeNext()).toBe(contestSub);
    await counted(contestSub);
    const done = await detail(contestSub, entrant.token);
    expect(done).toMatchObject({ status: JudgeStatus.Accepted, queuePosition: null, queueWaitSeconds: null });
  });

  it('estimates the wait from the recent drain rate once a judgement finished', async () => {
    const rows = new Map((await list()).map((r) => [r.submitId, r]));
    const [a, b, c] = practice.map((id) => rows.get(id)!);
    expect([a.queuePosition, b.queuePosition, c.queuePosition]).toEqual([1, 2, 3]);
    expect(a.queueWaitSeconds).toBeGreaterThan(0);
    expect(Number.isInteger(a.queueWaitSeconds)).toBe(true);
    expect(c.queueWaitSeconds!).toBeGreaterThanOrEqual(b.queueWaitSeconds!);
    expect(b.queueWaitSeconds!).toBeGreaterThanOrEqual(a.queueWaitSeconds!);
  });

  it('queues a rejudge behind the practice submissions', async () => {
    const res = await request(t.url)
      .get('/api/admin/judge/rejudge')
      .query({ submitId: contestSub })
      .set('Authorization', t.users.root.token);
    expect(res.body.status).toBe(200);
    expect(await positions(practice)).toEqual([1, 2, 3]);
    expect(await detail(contestSub, entrant.token)).toMatchObject({ status: JudgeStatus.Pending, queuePosition: 4 });
  });

  it('pushes the place as it moves on the submission stream', async () => {
    const last = practice[2];
    const events = await streamUntil(t, t.users.user.token, last, (e, all) => {
      // Once the first event is in, a worker takes the next job: the place must move from 3 to 2.
      if (all.length === 1) void judgeNext();
      // The rejudge took the only finished job out of the measured ones: the estimate comes back with this finish.
      return e.queuePosition === 2 && e.queueWaitSeconds != null;
    });
    expect(events[0]).toMatchObject({ submitId: last, status: JudgeStatus.Pending, queuePosition: 3, final: false });
    expect(events[events.length - 1].queueWaitSeconds).toBeGreaterThan(0);
    expect(events[events.length - 1]).toMatchObject({ submitId: last, status: JudgeStatus.Pending, queuePosition: 2, final: false });
    await counted(practice[0]);
    // Rows that are not waiting carry the fields too, as null.
    expect((await list()).find((r) => r.submitId === practice[0])).toMatchObject({
      status: JudgeStatus.Accepted,
      queuePosition: null,
      queueWaitSeconds: null,
    });
  });

  it('shows the backlog and the drain rate on the dashboard and /metrics', async () => {
    const info = await request(t.url).get('/api/admin/dashboard/get-dashboard-info').set('Authorization', t.users.admin.token);
    expect(info.body.data).toMatchObject({ judgeBacklog: 3 });
    expect(info.body.data.judgeDrainPerMinute).toBeGreaterThan(0);
    const metrics = await request(t.url).get('/metrics').set('Authorization', `Bearer ${t.config.metrics.token}`).expect(200);
    expect(metrics.text).toMatch(/^oj_judge_queue_backlog 3$/m);
    const drain = Number(/^oj_judge_queue_drain_per_minute (\S+)$/m.exec(metrics.text)?.[1]);
    expect(drain).toBeGreaterThan(0);
  });
});
