/**
 * Every call that returns a submission's status or score, walked while a contest's board is sealed (product §6):
 * others' results from the seal on must not come out of any of them, whoever asks and however.
 */
import { AfterEndSeal, JudgeStatus, Role, SealMode } from '@oj/contracts';
import request from 'supertest';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { addProblem, createContest, createProblem, judged, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('sealed boards stay sealed on every route', () => {
  let t: TestApp;
  let author: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let problem: Problem;
  let cid: number;
  let ended: number;
  /** alice's AC before the seal, bob's AC inside the sealed hour. */
  let before: number;
  let sealed: number;
  let endedSealed: number;
  let endedBefore: number;

  const get = (path: string, user: TestUser | null, query: Record<string, unknown>) => {
    const r = request(t.url).get(path).query(query);
    return user ? r.set('Authorization', user.token) : r;
  };
  const post = (path: string, user: TestUser | null, body: Record<string, unknown>) => {
    const r = request(t.url).post(path).send(body);
    return user ? r.set('Authorization', user.token) : r;
  };

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    alice = await t.createUser('s_alice', Role.User);
    bob = await t.createUser('s_bob', Role.User);
    problem = await createProblem(t, 'Sealed A');
    const now = Date.now();
    // Running, sealed for its last hour: started 3 h ago, ends in 20 min, seal 40 min ago.
    cid = await createContest(t, author, {
      startTime: new Date(now - 180 * MIN),
      endTime: new Date(now + 20 * MIN),
      sealRank: true,
      sealMode: SealMode.LastHour,
    });
    await addProblem(t, author, cid, problem.id, 'A');
    before = await judged(t, alice, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 100 * MIN));
    sealed = await judged(t, bob, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN));
    // Ended, and its board stays sealed after the end.
    ended = await createContest(t, author, {
      startTime: new Date(now - 180 * MIN),
      endTime: new Date(now - 5 * MIN),
      sealRank: true,
      sealMode: SealMode.LastHour,
      afterEndSeal: AfterEndSeal.StaySealed,
    });
    await addProblem(t, author, ended, problem.id, 'A');
    endedBefore = await judged(t, bob, ended, problem, 'A', JudgeStatus.WrongAnswer, new Date(now - 150 * MIN));
    endedSealed = await judged(t, bob, ended, problem, 'A', JudgeStatus.Accepted, new Date(now - 30 * MIN));
  });
  afterAll(() => t?.close());

  it('check-submissions-status: nothing for anonymous callers, the seal for contestants, the truth for the contest admin', async () => {
    const ids = { submitIds: [before, sealed] };
    const anon = await post('/api/check-submissions-status', null, ids).expect(200);
    expect(anon.body.data).toEqual({});
    const mine = await post('/api/check-submissions-status', alice, ids).expect(200);
    expect(mine.body.data[before]).toMatchObject({ status: JudgeStatus.Accepted, score: 100 });
    expect(mine.body.data[sealed]).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult, score: null, time: null });
    // An admin-type role that does not run this contest sees the sealed board like everyone else.
    const other = await post('/api/check-submissions-status', t.users.problemAdmin, ids).expect(200);
    expect(other.body.data[sealed]).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult, score: null });
    const admin = await post('/api/check-submissions-status', author, ids).expect(200);
    expect(admin.body.data[sealed]).toMatchObject({ status: JudgeStatus.Accepted, score: 100 });
    const own = await post('/api/check-submissions-status', bob, ids).expect(200);
    expect(own.body.data[sealed]).toMatchObject({ status: JudgeStatus.Accepted });
  });

  it('check-contest-submissions-status and contest-submissions apply the seal, status filters included', async () => {
    const res = await post('/api/check-contest-submissions-status', alice, { cid, submitIds: [before, sealed] }).expect(200);
    expect(res.body.data[sealed]).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult, score: null });
    const list = await get('/api/contest-submissions', alice, { cid, currentPage: 1, limit: 50 }).expect(200);
    const row = list.body.data.records.find((r: { submitId: number }) => r.submitId === sealed);
    expect(row).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult, score: null });
    const filtered = await get('/api/contest-submissions', alice, { cid, status: JudgeStatus.Accepted, limit: 50 }).expect(200);
    expect(filtered.body.data.records.map((r: { submitId: number }) => r.submitId)).toEqual([before]);
  });

  it('submission detail, case results and live events refuse others while the contest runs', async () => {
    for (const user of [null, alice, t.users.problemAdmin]) {
      for (const path of ['/api/get-submission-detail', '/api/get-all-case-result', '/api/submission-events']) {
        const res = await get(path, user, { submitId: sealed });
        expect([path, user?.username ?? 'anonymous', res.status]).toEqual([path, user?.username ?? 'anonymous', 403]);
        expect(JSON.stringify(res.body)).not.toContain('"status":0');
      }
    }
    const admin = await get('/api/get-submission-detail', author, { submitId: sealed }).expect(200);
    expect(admin.body.data.submission.status).toBe(JudgeStatus.Accepted);
    const own = await get('/api/get-submission-detail', bob, { submitId: sealed }).expect(200);
    expect(own.body.data.submission.status).toBe(JudgeStatus.Accepted);
  });

  it('after the end a board that stays sealed still hides what was submitted after the seal', async () => {
    const open = await get('/api/get-submission-detail', alice, { submitId: endedBefore }).expect(200);
    expect(open.body.data.submission.status).toBe(JudgeStatus.WrongAnswer);
    await get('/api/get-submission-detail', alice, { submitId: endedSealed }).expect(403);
    await get('/api/get-all-case-result', alice, { submitId: endedSealed }).expect(403);
    const status = await post('/api/check-submissions-status', alice, { submitIds: [endedSealed] }).expect(200);
    expect(status.body.data[endedSealed]).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult });
    await get('/api/get-submission-detail', author, { submitId: endedSealed }).expect(200);
  });

  it('the practice lists and problem status never carry contest results', async () => {
    const list = await get('/api/get-submission-list', alice, { limit: 50 }).expect(200);
    expect(list.body.data.records.map((r: { submitId: number }) => r.submitId)).not.toContain(sealed);
    const mine = await get('/api/get-submission-list', bob, { onlyMine: true, limit: 50 }).expect(200);
    expect(mine.body.data.records).toEqual([]);
    const status = await post('/api/get-user-problem-status', bob, { pidList: [problem.id] }).expect(200);
    // HOJ answers every asked pid; the practice status knows nothing of the contest tries (-10: never tried).
    expect(status.body.data).toEqual({ [problem.id]: { status: JudgeStatus.NotSubmitted } });
  });
});
