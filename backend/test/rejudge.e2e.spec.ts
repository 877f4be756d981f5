/** Rejudging practice submissions: one submission (status pages) and all of a problem's (admin problem list). */
import { ERR, JudgeStatus, Role } from '@oj/contracts';
import request from 'supertest';
import { addProblem, createContest, createProblem, judged, MIN } from './contest-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

describe('rejudge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const statusOf = async (submitId: number) =>
    (await t.dataSource.query('SELECT status FROM judge WHERE submit_id = $1', [submitId]))[0].status as number;

  it('lets root put one practice submission back to the queue, and refuses a student', async () => {
    const alice = await t.createUser('rjp_alice', Role.User);
    const problem = await createProblem(t, 'Rejudge one');
    const submitId = await judged(t, alice, 0, problem, problem.problemId, JudgeStatus.WrongAnswer, new Date());
    const refused = await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', alice.token);
    expect(refused.status).toBe(403);
    expect(await statusOf(submitId)).toBe(JudgeStatus.WrongAnswer);
    const ok = await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', t.users.root.token);
    expect([ok.status, ok.body.data]).toEqual([200, { submitId, status: JudgeStatus.Pending }]);
    expect(await statusOf(submitId)).toBe(JudgeStatus.Pending);
  });

  it('rejudges every finished practice submission of a problem, for root and admins only', async () => {
    const bob = await t.createUser('rjp_bob', Role.User);
    const problem = await createProblem(t, 'Rejudge all');
    const other = await createProblem(t, 'Left alone');
    const wa = await judged(t, bob, 0, problem, problem.problemId, JudgeStatus.WrongAnswer, new Date());
    const ac = await judged(t, bob, 0, problem, problem.problemId, JudgeStatus.Accepted, new Date());
    const elsewhere = await judged(t, bob, 0, other, other.problemId, JudgeStatus.Accepted, new Date());
    const cid = await createContest(t, t.users.admin, { startTime: new Date(Date.now() - MIN), endTime: new Date(Date.now() + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
    const inContest = await judged(t, bob, cid, problem, 'A', JudgeStatus.Accepted, new Date());

    for (const user of [bob, t.users.problemAdmin]) {
      const res = await request(t.url).get('/api/admin/judge/rejudge-problem').query({ pid: problem.id }).set('Authorization', user.token);
      expect([res.status, res.body.msg]).toEqual([403, ERR.noPermission]);
    }
    expect(await statusOf(wa)).toBe(JudgeStatus.WrongAnswer);

    const ok = await request(t.url)
      .get('/api/admin/judge/rejudge-problem')
      .query({ pid: problem.id })
      .set('Authorization', t.users.admin.token);
    expect([ok.status, ok.body.data]).toEqual([200, { count: 2 }]);
    expect([await statusOf(wa), await statusOf(ac)]).toEqual([JudgeStatus.Pending, JudgeStatus.Pending]);
    // another problem's and the contest's submissions keep their verdicts
    expect([await statusOf(elsewhere), await statusOf(inContest)]).toEqual([JudgeStatus.Accepted, JudgeStatus.Accepted]);

    const missing = await request(t.url)
      .get('/api/admin/judge/rejudge-problem')
      .query({ pid: 999999 })
      .set('Authorization', t.users.root.token);
    expect(missing.status).toBe(404);
  });
});
