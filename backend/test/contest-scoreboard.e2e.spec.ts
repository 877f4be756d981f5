/**
 * Scoreboards over HTTP against the real database and Redis: the seal of product §4, incremental updates
 * through the judge pipeline's hook, the rank filters, contest submissions, balloons and print.
 */
import { AfterEndSeal, AcmRankRow, ContestType, JudgeStatus, OiRankRow, OiScoreType, RankShowName, Role, SealMode } from '@oj/contracts';
import request from 'supertest';
import { GroupAccessService } from '../src/core/auth/group-access.service';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { ContestJudgeBridge } from '../src/modules/contest/submissions/contest-judge.bridge';
import { Contest } from '../src/modules/contest/entities/contest.entity';
import { BOARD_IDLE_MS, BOARD_SYNC_MS, ScoreboardService } from '../src/modules/contest/scoreboard/scoreboard.service';
import { loadPackedSubmissions } from '../src/modules/contest/scoreboard/packed-load';
import { addProblem, boardRows, contestBody, createContest, createProblem, judged, MIN, rank } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('contest scoreboard over HTTP', () => {
  let t: TestApp;
  let author: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let star: TestUser;
  let pA: Problem;
  let pB: Problem;

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    alice = await t.createUser('alice', Role.User);
    bob = await t.createUser('bob', Role.User);
    star = await t.createUser('starguest', Role.User);
    pA = await createProblem(t, 'First');
    pB = await createProblem(t, 'Second');
  });
  afterAll(() => t?.close());

  const rows = async (user: TestUser, cid: number, extra: Record<string, unknown> = {}) => {
    const res = await rank(t, user, cid, extra);
    expect(res.status).toBe(200);
    return boardRows<AcmRankRow>(res.body.data, user);
  };
  const byName = (list: AcmRankRow[]) => Object.fromEntries(list.map((r) => [r.username, r]));

  /** Running contest, sealed for its last hour: start now-3h, end now+20min, seal at now-40min. */
  async function sealedContest(afterEndSeal: string): Promise<number> {
    const now = Date.now();
    const cid = await createContest(t, author, {
      startTime: new Date(now - 180 * MIN),
      endTime: new Date(now + 20 * MIN),
      sealRank: true,
      sealMode: SealMode.LastHour,
      afterEndSeal,
    });
    await addProblem(t, author, cid, pA.id, 'A');
    await judged(t, alice, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 100 * MIN));
    await judged(t, bob, cid, pA, 'A', JudgeStatus.WrongAnswer, new Date(now - 90 * MIN));
    // In the sealed period:
    await judged(t, bob, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN));
    return cid;
  }

  /** Ends the contest now (admin edit), sealed for the whole contest: the sealed-period try stays inside. */
  async function endNow(cid: number, afterEndSeal: string, extra: Record<string, unknown> = {}) {
    const now = Date.now();
    const info = await request(t.url).get('/api/get-contest-info').query({ cid }).set('Authorization', author.token).expect(200);
    const body = contestBody({
      startTime: new Date(info.body.data.startTime),
      endTime: new Date(now - 1 * MIN),
      sealRank: true,
      sealMode: SealMode.Whole,
      afterEndSeal,
    });
    await request(t.url)
      .put('/api/admin/contest')
      .set('Authorization', author.token)
      .send({ ...body, ...extra, id: cid })
      .expect(200);
  }

  it('hides a sealed-period submission from contestants, shows it to admins, and auto-unseals after the end', async () => {
    const cid = await sealedContest(AfterEndSeal.AutoUnseal);
    const seen = byName(await rows(alice, cid));
    expect(seen.bob).toMatchObject({ rank: 2, ac: 0, penalty: 0 });
    expect(seen.bob.submissionInfo.A).toEqual({ isAC: false, errorNum: 1, tryNum: 1, isFirstAC: false });
    expect(seen.alice).toMatchObject({ rank: 1, ac: 1 });

    const admin = byName(await rows(author, cid));
    expect(admin.bob).toMatchObject({ ac: 1, penalty: 170 + 20 });
    expect(admin.bob.submissionInfo.A).toMatchObject({ isAC: true, errorNum: 1, tryNum: 0 });

    await endNow(cid, AfterEndSeal.AutoUnseal);
    const after = byName(await rows(alice, cid));
    expect(after.bob).toMatchObject({ ac: 1, penalty: 190 });
  });

  it('keeps the board sealed after the end until an admin unseals it', async () => {
    const cid = await sealedContest(AfterEndSeal.Unseal);
    await endNow(cid, AfterEndSeal.Unseal);
    expect(byName(await rows(alice, cid)).bob).toMatchObject({ ac: 0 });
    await endNow(cid, AfterEndSeal.Unseal, { rankUnsealed: true });
    expect(byName(await rows(alice, cid)).bob).toMatchObject({ ac: 1 });
  });

  it('stays sealed after the end with the stay-sealed rule', async () => {
    const cid = await sealedContest(AfterEndSeal.StaySealed);
    await endNow(cid, AfterEndSeal.StaySealed);
    expect(byName(await rows(alice, cid)).bob.submissionInfo.A).toEqual({ isAC: false, errorNum: 0, tryNum: 2, isFirstAC: false });
    expect(byName(await rows(author, cid)).bob).toMatchObject({ ac: 1 });
  });

  it('masks other users’ sealed-period results in contest submissions', async () => {
    const cid = await sealedContest(AfterEndSeal.AutoUnseal);
    const res = await request(t.url)
      .get('/api/contest-submissions')
      .query({ cid, limit: 20 })
      .set('Authorization', alice.token)
      .expect(200);
    const statuses = res.body.data.records.map((r: { username: string; status: number }) => [r.username, r.status]);
    expect(statuses).toEqual([
      ['bob', JudgeStatus.SubmittedUnknownResult],
      ['bob', JudgeStatus.WrongAnswer],
      ['alice', JudgeStatus.Accepted],
    ]);
    expect(res.body.data.records[0]).not.toHaveProperty('code');
    const mine = await request(t.url).get('/api/contest-submissions').query({ cid }).set('Authorization', bob.token).expect(200);
    expect(mine.body.data.records[0].status).toBe(JudgeStatus.Accepted);
  });

  it('moves the board by one result at a time through the pipeline hook', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, {
      startTime: new Date(now - 60 * MIN),
      endTime: new Date(now + 60 * MIN),
      starAccount: ['starguest'],
    });
    await addProblem(t, author, cid, pA.id, 'A');
    await addProblem(t, author, cid, pB.id, 'B', '#00ff00');
    expect(await rows(alice, cid)).toEqual([]);

    await judged(t, star, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 59 * MIN));
    await judged(t, bob, cid, pA, 'A', JudgeStatus.CompileError, new Date(now - 50 * MIN));
    await judged(t, bob, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 40 * MIN));
    await judged(t, alice, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 30 * MIN));
    let board = await rows(alice, cid);
    expect(board.map((r) => [r.username, r.rank])).toEqual([
      ['starguest', -1],
      ['bob', 1],
      ['alice', 2],
    ]);
    expect(byName(board).bob.submissionInfo.A).toEqual({ isAC: true, ACTime: 20 * 60, errorNum: 0, tryNum: 0, isFirstAC: true });

    const pending = await judged(t, alice, cid, pB, 'B', JudgeStatus.Pending, new Date(now - 20 * MIN));
    expect(byName(await rows(alice, cid)).alice.submissionInfo.B).toEqual({ isAC: false, errorNum: 0, tryNum: 1, isFirstAC: false });
    // The final result of the same submission replaces the pending one.
    await t.dataSource.query('UPDATE judge SET status = $2 WHERE submit_id = $1', [pending, JudgeStatus.Accepted]);
    await t.get<ContestJudgeBridge>(ContestJudgeBridge).onSubmissionResult(pending);
    board = await rows(alice, cid);
    expect(board.map((r) => [r.username, r.rank, r.ac])).toEqual([
      ['alice', 1, 2],
      ['starguest', -1, 1],
      ['bob', 2, 1],
    ]);

    expect((await rows(alice, cid, { removeStar: true })).map((r) => r.username)).toEqual(['alice', 'bob']);
    expect((await rows(alice, cid, { concernedList: [bob.uid], onlyConcerned: true })).map((r) => r.username)).toEqual(['bob']);
    expect((await rows(alice, cid, { keyword: 'ALI' })).map((r) => r.username)).toEqual(['alice']);
    const page2 = await rank(t, alice, cid, { currentPage: 2, limit: 2 });
    expect(page2.body.data).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(page2.body.data.records.map((r: AcmRankRow) => r.username)).toEqual(['bob']);

    // Another replica's view: a fresh engine from the database gives the same board as the incremental one.
    const contest = await t.dataSource.getRepository(Contest).findOneByOrFail({ id: cid });
    const service = t.get<ScoreboardService>(ScoreboardService);
    expect((await service.computeFromDatabase(contest)).rows('live')).toEqual((await service.board(contest)).rows('live'));

    // Balloons: first ACs in time order, first blood marked as on the board (not for star users), checked by an admin.
    const ac = await request(t.url).get('/api/get-contest-ac-info').query({ cid }).set('Authorization', author.token).expect(200);
    expect(
      ac.body.data.records.map((r: { username: string; displayId: string; isFirstAC: boolean; color: string }) => [
        r.username,
        r.displayId,
        r.isFirstAC,
        r.color,
      ]),
    ).toEqual([
      ['starguest', 'A', false, '#ff0000'],
      ['bob', 'A', true, '#ff0000'],
      ['alice', 'A', false, '#ff0000'],
      ['alice', 'B', true, '#00ff00'],
    ]);
    const first = ac.body.data.records[1].id;
    await request(t.url)
      .put('/api/check-contest-ac-info')
      .set('Authorization', author.token)
      .send({ cid, id: first, checked: true })
      .expect(200);
    const after = await request(t.url).get('/api/get-contest-ac-info').query({ cid }).set('Authorization', author.token).expect(200);
    expect(after.body.data.records.map((r: { checked: boolean }) => r.checked)).toEqual([false, true, false, false]);
  });

  it('reads a big contest in two parts of the judge table under one snapshot, as one query would', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, cid, pA.id, 'A');
    await addProblem(t, author, cid, pB.id, 'B');
    // 600 submissions of three users (about 15 heap blocks), then a third of them rejudged: new row versions.
    await t.dataSource.query(
      `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, time, memory, score, length, code, language, cid)
       SELECT CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, CASE WHEN g % 2 = 0 THEN 'A' ELSE 'B' END,
              (ARRAY[$4, $5, $6])[1 + g % 3], (ARRAY[$7, $8, $9])[1 + g % 3],
              now() - interval '50 minutes' + g * interval '4 seconds', CASE WHEN g % 5 = 0 THEN 0 ELSE -1 END,
              g, 1024, 0, 100, repeat('x', 100), 'C++', $1
         FROM generate_series(1, 600) g`,
      [cid, pA.id, pB.id, alice.uid, bob.uid, star.uid, alice.username, bob.username, star.username],
    );
    await t.dataSource.query(`UPDATE judge SET status = 0 WHERE cid = $1 AND submit_id % 3 = 0`, [cid]);
    const contest = await t.dataSource.getRepository(Contest).findOneByOrFail({ id: cid });
    const read = async (splitMinRows: number) => {
      let block: number | null = null;
      const rows = await loadPackedSubmissions(t.dataSource, contest, [pA.id, pB.id], { splitMinRows, onSplit: (b) => (block = b) });
      const byUser = rows
        .map((r) => ({
          user: [r.judgeUid, r.uid, r.username, r.nickname, r.school],
          items: [r.subs, r.more]
            .filter((x) => x !== undefined)
            .flatMap((x) => x!.split(';'))
            .sort(),
        }))
        .sort((a, b) => a.user[0]!.localeCompare(b.user[0]!));
      return { block, byUser };
    };
    const whole = await read(Number.POSITIVE_INFINITY);
    const parts = await read(0);
    expect(whole.block).toBeNull();
    expect(parts.block).toBeGreaterThan(0);
    expect(whole.byUser.map((u) => u.items.length)).toEqual([200, 200, 200]);
    expect(parts.byUser).toEqual(whole.byUser);
  });

  it('brings a second replica up to date through the shared Redis log', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, cid, pA.id, 'A');
    const contest = await t.dataSource.getRepository(Contest).findOneByOrFail({ id: cid });
    const one = t.get<ScoreboardService>(ScoreboardService);
    const two = new ScoreboardService(t.dataSource, t.redis, t.get(GroupAccessService));
    expect((await two.board(contest)).rows('live')).toEqual([]);
    // The result reaches replica one (through the hook); replica two only shares Redis and the database.
    await judged(t, alice, cid, pA, 'A', JudgeStatus.Accepted, new Date(now - 30 * MIN));
    expect((await one.board(contest)).rows('live').map((r) => r.username)).toEqual(['alice']);
    await new Promise((r) => setTimeout(r, BOARD_SYNC_MS + 10));
    expect((await two.board(contest)).rows('live')).toEqual((await one.board(contest)).rows('live'));
    // An idle board leaves memory and comes back the same from the database.
    const before = (await two.board(contest)).rows('live');
    expect(two.evictIdle(Date.now() + BOARD_IDLE_MS + 1)).toBe(1);
    expect((await two.board(contest)).rows('live')).toEqual(before);
  });

  it('serves the public scoreboard to anonymous callers, sealed, and merges synchronised contests', async () => {
    const one = await sealedContest(AfterEndSeal.AutoUnseal);
    const now = Date.now();
    const two = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, author, two, pA.id, 'A');
    await judged(t, star, two, pA, 'A', JudgeStatus.Accepted, new Date(now - 59 * MIN));
    const single = await request(t.url).post('/api/get-contest-outside-scoreboard').send({ cid: one }).expect(200);
    expect(single.body.data.records.map((r: AcmRankRow) => [r.username, r.rank, r.ac])).toEqual([
      ['alice', 1, 1],
      ['bob', 2, 0],
    ]);
    const merged = await request(t.url)
      .post('/api/get-contest-outside-scoreboard')
      .send({ cid: one, cidList: [two] })
      .expect(200);
    expect(merged.body.data.records.map((r: AcmRankRow & { cid: number }) => [r.username, r.cid, r.rank])).toEqual([
      ['starguest', two, 1],
      ['alice', one, 2],
      ['bob', one, 3],
    ]);
    const info = await request(t.url).get('/api/get-contest-outsize-info').query({ cid: one }).expect(200);
    expect(info.body.data.problemList).toEqual([{ displayId: 'A', displayTitle: 'First', color: '#ff0000', ac: 1, total: 2 }]);
  });

  it('ranks an OI contest by the highest score per problem and shows real names when asked', async () => {
    const now = Date.now();
    await t.dataSource.query(`UPDATE user_info SET realname = 'Alice Liddell' WHERE uid = $1`, [alice.uid]);
    const cid = await createContest(t, author, {
      type: ContestType.OI,
      startTime: new Date(now - 60 * MIN),
      endTime: new Date(now + 60 * MIN),
      oiRankScoreType: OiScoreType.Highest,
      rankShowName: RankShowName.RealName,
    });
    await addProblem(t, author, cid, pA.id, 'A');
    await judged(t, alice, cid, pA, 'A', JudgeStatus.PartialAccepted, new Date(now - 50 * MIN), { score: 70, time: 30 });
    await judged(t, alice, cid, pA, 'A', JudgeStatus.WrongAnswer, new Date(now - 40 * MIN), { score: 20, time: 30 });
    await judged(t, bob, cid, pA, 'A', JudgeStatus.PartialAccepted, new Date(now - 30 * MIN), { score: 50, time: 5 });
    const res = await rank(t, bob, cid);
    const list = boardRows<OiRankRow>(res.body.data, bob);
    expect(list.map((r) => [r.showName, r.rank, r.totalScore, r.submissionInfo])).toEqual([
      ['Alice Liddell', 1, 70, { A: 70 }],
      ['bob', 2, 50, { A: 50 }],
    ]);
  });

  it('refuses print text under 50 characters and lets admins mark requests printed', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN), openPrint: true });
    const short = await request(t.url)
      .post('/api/submit-print-text')
      .set('Authorization', alice.token)
      .send({ cid, content: 'x'.repeat(49) });
    expect([short.status, short.body.msg]).toEqual([400, 'The print text must be at least 50 characters.']);
    await request(t.url)
      .post('/api/submit-print-text')
      .set('Authorization', alice.token)
      .send({ cid, content: 'y'.repeat(50) })
      .expect(200);
    const list = await request(t.url).get('/api/get-contest-print').query({ cid }).set('Authorization', author.token).expect(200);
    expect(list.body.data.records.map((p: { username: string; status: number }) => [p.username, p.status])).toEqual([['alice', 0]]);
    const id = list.body.data.records[0].id;
    await request(t.url).put('/api/check-contest-print-status').query({ cid, id }).set('Authorization', author.token).expect(200);
    const again = await request(t.url).get('/api/get-contest-print').query({ cid }).set('Authorization', author.token).expect(200);
    expect(again.body.data.records[0].status).toBe(1);
  });
});
