/**
 * The fast paths of the scoreboard over HTTP against the real database and Redis: get-contest-rank pages
 * rendered once per board version and filter (and never served stale), and the pipeline hook that moves
 * the board from the fields the writer holds, without reading the database.
 */
import { AcmRankRow, ContestAuth, JudgeStatus, Role, SealMode } from '@oj/contracts';
import request from 'supertest';
import {
  CONTEST_CACHE_MS,
  CONTEST_REFRESH_MS,
  ContestAccessService,
  UNREGISTERED_CACHE_MS,
} from '../src/modules/contest/contest-access.service';
import { ContestJudgeBridge } from '../src/modules/contest/submissions/contest-judge.bridge';
import { rankBody } from '../src/modules/contest/public/contest.controller';
import { Contest } from '../src/modules/contest/entities/contest.entity';
import { ContestRegister } from '../src/modules/contest/entities/contest-register.entity';
import { BOARD_REFRESH_MS, BOARD_SYNC_MS, ScoreboardService } from '../src/modules/contest/scoreboard/scoreboard.service';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { LockdownService } from '../src/core/auth/lockdown';
import { GroupAccessService } from '../src/core/auth/group-access.service';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { addProblem, boardRows, contestBody, createContest, createProblem, judged, MIN, PASSWORD, rank } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';
import { eventually } from './utils/eventually';

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
    return boardRows<AcmRankRow>(res.body.data, user).map((r) => [r.username, r.rank, r.ac]);
  };

  /** A stored submission of the contest, as the judge pipeline leaves it (the hook is not called). */
  async function stored(user: TestUser, cid: number, problem: Problem, displayId: string, status: number, submitTime: Date) {
    return t.dataSource.getRepository(Submission).save({
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
    const aliceRow = expect.objectContaining({ username: 'alice', rank: 1, ac: 1, penalty: 10 });
    expect(first.body).toEqual({
      status: 200,
      msg: 'success',
      data: {
        // HOJ's pin: page 1 starts with a copy of the viewer's own row.
        records: [aliceRow, aliceRow],
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
    expect(await names(alice, cid, { concernedList: [carol.uid], onlyConcerned: true })).toEqual([['carol', 2, 1]]);
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
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('reads a contest row once for all concurrent readers, renews it ahead of expiry, and never keeps a row read before an edit', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    const access = t.get<ContestAccessService>(ContestAccessService);
    const reads = jest.spyOn(t.dataSource.getRepository(Contest), 'findOneBy');
    const clock = jest.spyOn(Date, 'now');
    try {
      access.forget(cid);
      const rows = await Promise.all(Array.from({ length: 20 }, () => access.contest(cid)));
      expect(reads).toHaveBeenCalledTimes(1);
      expect(new Set(rows).size).toBe(1);
      const first = rows[0]!;
      const base = Date.now();
      // Past CONTEST_REFRESH_MS: the cached row at once, and one read in the background for everybody.
      clock.mockReturnValue(base + CONTEST_REFRESH_MS + 5);
      expect(await Promise.all([access.contest(cid), access.contest(cid)])).toEqual([first, first]);
      expect(reads).toHaveBeenCalledTimes(2);
      await reads.mock.results[1].value;
      await sleep(0);
      const renewed = await access.contest(cid);
      expect(renewed).not.toBe(first);
      expect(reads).toHaveBeenCalledTimes(2);
      // Past CONTEST_CACHE_MS nobody gets the old row: they wait for the read.
      clock.mockReturnValue(base + CONTEST_REFRESH_MS + CONTEST_CACHE_MS + 10);
      const expired = access.contest(cid);
      expect(reads).toHaveBeenCalledTimes(3);
      expect(await expired).not.toBe(renewed);
      clock.mockRestore();

      // An edit while a read is under way: that read's row is not kept, the next caller reads again.
      access.forget(cid);
      const before = access.contest(cid);
      await t.dataSource.getRepository(Contest).update({ id: cid }, { title: 'Renamed' });
      access.forget(cid);
      await before;
      expect((await access.contest(cid))?.title).toBe('Renamed');
      expect(reads).toHaveBeenCalledTimes(5);
    } finally {
      clock.mockRestore();
      reads.mockRestore();
    }
    // Through the admin API on this replica: seen by the next request.
    const body = contestBody({ title: 'Edited', startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await request(t.url)
      .put('/api/admin/contest')
      .set('Authorization', author.token)
      .send({ ...body, id: cid })
      .expect(200);
    const info = await request(t.url).get('/api/get-contest-info').query({ cid }).set('Authorization', alice.token).expect(200);
    expect(info.body.data.title).toBe('Edited');
  });

  it('sees a registration at once on its replica, and on another within UNREGISTERED_CACHE_MS', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, {
      auth: ContestAuth.Protected,
      startTime: new Date(now - 60 * MIN),
      endTime: new Date(now + 60 * MIN),
    });
    const other = new ContestAccessService(
      t.dataSource.getRepository(Contest),
      t.dataSource.getRepository(ContestRegister),
      t.get(GroupAccessService),
      t.get(LockdownService),
      t.dataSource,
    );
    const hasAccess = async () =>
      (await request(t.url).get('/api/get-contest-access').query({ cid }).set('Authorization', carol.token).expect(200)).body.data.access;
    const carolUser = { uid: carol.uid, username: carol.username, isRoot: false } as Parameters<ContestAccessService['access']>[1];
    expect(await hasAccess()).toBe(false);
    expect((await other.access(cid, carolUser)).isRegistered).toBe(false);
    await request(t.url).post('/api/register-contest').set('Authorization', carol.token).send({ cid, password: PASSWORD }).expect(200);
    expect(await hasAccess()).toBe(true);
    // The other replica trusted "not registered" for a moment, then reads again.
    expect((await other.access(cid, carolUser)).isRegistered).toBe(false);
    await sleep(UNREGISTERED_CACHE_MS + 20);
    expect((await other.access(cid, carolUser)).isRegistered).toBe(true);
  });

  it('synchronises a board with the shared log once for all readers, ahead of BOARD_SYNC_MS', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, cid, pA.id, 'A');
    const contest = await t.dataSource.getRepository(Contest).findOneByOrFail({ id: cid });
    const one = t.get<ScoreboardService>(ScoreboardService);
    const two = new ScoreboardService(t.dataSource, t.redis, t.get(GroupAccessService));
    const engine = await two.board(contest);
    const syncs = jest.spyOn(t.redis, 'pipeline');
    try {
      await sleep(BOARD_SYNC_MS + 10);
      const boards = await Promise.all(Array.from({ length: 20 }, () => two.board(contest)));
      expect(syncs).toHaveBeenCalledTimes(1);
      expect(new Set(boards)).toEqual(new Set([engine]));
      // A result logged by the other replica: a read past BOARD_REFRESH_MS starts the synchronisation that shows it.
      await one.recordResult(contest, {
        submitId: 9_000_001,
        uid: alice.uid,
        displayId: 'A',
        status: JudgeStatus.Accepted,
        score: 0,
        time: 10,
        submitTime: now - 30 * MIN,
      });
      await sleep(BOARD_REFRESH_MS + 5);
      await two.board(contest);
      // The synchronisation that read started shows alice once it has run: a moment on an idle machine, longer on a
      // loaded one (a clean-clone CI run read the board 20 ms later and found it not yet synchronised).
      await eventually("the other replica's result on the board", async () =>
        (await two.board(contest)).rows('live').some((r) => r.username === 'alice'),
      );
      expect(syncs.mock.calls.length).toBeGreaterThanOrEqual(2);
      expect((await two.board(contest)).rows('live').map((r) => r.username)).toEqual(['alice']);
    } finally {
      syncs.mockRestore();
    }
  });

  it('validates each distinct get-contest-rank body once, with the global pipe’s rules and texts', async () => {
    const cid = 123;
    const a = await rankBody({ cid, currentPage: 1, limit: 50 });
    expect(await rankBody({ cid, currentPage: 1, limit: 50 })).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(await rankBody({ cid, currentPage: 2, limit: 50 })).not.toBe(a);
    const followed = await rankBody({ cid, concernedList: ['x'] });
    expect(Object.isFrozen(followed.concernedList)).toBe(true);
    // Invalid bodies are refused every time, over HTTP as before.
    for (let i = 0; i < 2; i++) {
      await expect(rankBody({ cid, limit: 0 })).rejects.toMatchObject({ status: 400 });
      const res = await rank(t, alice, cid, { limit: 'x' });
      expect(res.status).toBe(400);
      // Unknown fields are dropped as HOJ's binding does: the body is read (the contest 123 does not exist).
      const unknown = await rank(t, alice, cid, { page: 1 });
      expect(unknown.status).toBe(404);
    }
  });
});
