/**
 * The fast paths of the scoreboard over HTTP against the real database and Redis: get-contest-rank pages
 * rendered once per board version and filter (and never served stale), and the pipeline hook that moves
 * the board from the fields the writer holds, without reading the database.
 */
import { AcmRankRow, JudgeStatus, Role, SealMode } from '@oj/contracts';
import request from 'supertest';
import { ContestJudgeBridge } from '../src/modules/contest/contest-judge.bridge';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Judge } from '../src/modules/submission/entities/judge.entity';
import { addProblem, createContest, createProblem, judged, MIN, rank } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('contest rank page cache and result hook', () => {
  let t: TestApp;
  let author: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let pA: Problem;
  let pB: Problem;

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    alice = await t.createUser('alice', Role.User);
    bob = await t.createUser('bob', Role.User);
    carol = await t.createUser('carol', Role.User);
    pA = await createProblem(t, 'First');
    pB = await createProblem(t, 'Second');
  });
  afterAll(() => t?.close());

  const names = async (user: TestUser, cid: number, extra: Record<string, unknown> = {}) => {
    const res = await rank(t, user, cid, extra);
    expect(res.status).toBe(200);
    return (res.body.data.records as AcmRankRow[]).map((r) => [r.username, r.rank, r.ac]);
  };

  /** A stored submission of the contest, as the judge pipeline leaves it (the hook is not called). */
  async function stored(user: TestUser, cid: number, problem: Problem, displayId: string, status: number, submitTime: Date) {
    return t.dataSource.getRepository(Judge).save({
      pid: problem.id,
      displayPid: displayId,
      uid: user.uid,
      username: user.username,
      submitTime,
      status,
      time: 10,
      memory: 1024,
      score: 0,
      length: 20,
      code: 'int main() { return 0; }',
      language: 'C++',
      cid,
    });
  }

  it('answers with the exact envelope and page, and never serves a page older than the last result', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, cid, pA.id, 'A');
    await judged(t, alice, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 50 * MIN));
    await judged(t, bob, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 40 * MIN));

    const first = await rank(t, alice, cid, { currentPage: 1, limit: 1 });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.body).toEqual({
      status: 200,
      msg: 'success',
      data: {
        records: [expect.objectContaining({ username: 'alice', rank: 1, ac: 1, penalty: 10 })],
        total: 2,
        size: 1,
        current: 1,
        pages: 2,
      },
    });
    // The same request again: the same bytes.
    expect((await rank(t, alice, cid, { currentPage: 1, limit: 1 })).text).toBe(first.text);
    expect(await names(alice, cid, { currentPage: 2, limit: 1 })).toEqual([['bob', 2, 1]]);
    expect(await names(alice, cid)).toEqual([
      ['alice', 1, 1],
      ['bob', 2, 1],
    ]);
    expect(await names(alice, cid, { keyword: 'bo' })).toEqual([['bob', 2, 1]]);

    // A result moves the board: every cached page and filter answers from the new board at once.
    await judged(t, bob, cid, pA, 'A', JudgeStatus.WrongAnswer, new Date(now - 55 * MIN));
    await judged(t, carol, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 45 * MIN));
    expect(await names(alice, cid, { currentPage: 1, limit: 1 })).toEqual([['alice', 1, 1]]);
    expect(await names(alice, cid)).toEqual([
      ['alice', 1, 1],
      ['carol', 2, 1],
      ['bob', 3, 1],
    ]);
    expect(await names(alice, cid, { currentPage: 2, limit: 1 })).toEqual([['carol', 2, 1]]);
    // Filters are pages of their own, never answered from another filter's page.
    expect(await names(alice, cid, { keyword: 'bo' })).toEqual([['bob', 3, 1]]);
    expect(await names(alice, cid, { concernedList: [carol.uid] })).toEqual([['carol', 2, 1]]);
    expect(await names(alice, cid, { keyword: 'ca' })).toEqual([['carol', 2, 1]]);
  });

  it('keeps the sealed and live pages apart for contestants and admins', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, {
      startTime: new Date(now - 180 * MIN),
      endTime: new Date(now + 20 * MIN),
      sealRank: true,
      sealMode: SealMode.LastHour,
    });
    await addProblem(t, author, cid, pA.id, 'A');
    await judged(t, alice, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 100 * MIN));
    await judged(t, bob, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN)); // sealed period
    for (let i = 0; i < 2; i++) {
      expect(await names(author, cid)).toEqual([
        ['alice', 1, 1],
        ['bob', 2, 1],
      ]);
      expect(await names(alice, cid)).toEqual([
        ['alice', 1, 1],
        ['bob', 2, 0],
      ]);
    }
  });

  it('moves the board from the writer’s fields without reading the database', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, cid, pA.id, 'A');
    await addProblem(t, author, cid, pB.id, 'B');
    expect(await names(alice, cid)).toEqual([]); // the board is loaded and the contest row cached

    const row = await stored(bob, cid, pB, 'B', JudgeStatus.Pending, new Date(now - 30 * MIN));
    const bridge = t.get<ContestJudgeBridge>(ContestJudgeBridge);
    const queries = jest.spyOn(t.dataSource, 'query');
    try {
      await bridge.onResult({ ...row, displayId: 'B', status: JudgeStatus.Pending });
      await bridge.onResult({ ...row, displayId: 'B', status: JudgeStatus.Accepted, score: 100 });
      // Timed jobs of other modules may query meanwhile: none of the calls may read submissions or contests.
      expect(queries.mock.calls.map(([sql]) => sql).filter((sql) => /\b(judge|contest)\b/.test(sql))).toEqual([]);
    } finally {
      queries.mockRestore();
    }
    const res = await rank(t, alice, cid);
    expect(res.body.data.records).toEqual([
      expect.objectContaining({
        username: 'bob',
        rank: 1,
        ac: 1,
        penalty: 30,
        submissionInfo: { B: { isAC: true, ACTime: 30 * 60, errorNum: 0, tryNum: 0, isFirstAC: true } },
      }),
    ]);
  });

  it('reads the current display id from the database when the writer’s one is unknown to the board', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, cid, pA.id, 'A');
    expect(await names(alice, cid)).toEqual([]);
    // Submitted under a display id the problem no longer has.
    const row = await stored(carol, cid, pA, 'OLD', JudgeStatus.Accepted, new Date(now - 20 * MIN));
    await t.get<ContestJudgeBridge>(ContestJudgeBridge).onResult({ ...row, displayId: 'OLD' });
    const res = await rank(t, alice, cid);
    expect(res.body.data.records).toEqual([
      expect.objectContaining({
        username: 'carol',
        ac: 1,
        submissionInfo: { A: expect.objectContaining({ isAC: true, ACTime: 40 * 60 }) },
      }),
    ]);
  });

  it('still refuses callers who may not see the board, before any page is rendered', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    const anonymous = await request(t.url).post('/api/get-contest-rank').send({ cid });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 401 });
    const missing = await rank(t, alice, cid + 100_000);
    expect(missing.status).toBe(404);
  });
});
