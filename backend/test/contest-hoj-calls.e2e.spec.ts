/**
 * Contest calls as HOJ's clients make them and what they may show (issue 6 audit): problem hints and other
 * users' run details hidden while the contest runs, HOJ's parameter names for contest submissions, merged
 * outside boards and admin contest problems, the entrant count of the contest list.
 */
import { AcmRankRow, ContestStatus, JudgeStatus, Role } from '@oj/contracts';
import request from 'supertest';
import { ContestAccessService } from '../src/modules/contest/contest-access.service';
import { CodeTemplate } from '../src/modules/problem/entities/code-template.entity';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { addProblem, boardRows, contestBody, createContest, createProblem, judged, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

/** The body HOJ's rank and outside-board pages send (ContestRankDTO). */
const hojRankBody = (cid: number) => ({
  cid,
  currentPage: 1,
  limit: 50,
  forceRefresh: false,
  removeStar: false,
  keyword: null,
  containsEnd: false,
  concernedList: [],
});

describe('contest calls with HOJ names and running-contest visibility', () => {
  let t: TestApp;
  let author: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let problem: Problem;

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    alice = await t.createUser('hoj_alice', Role.User);
    bob = await t.createUser('hoj_bob', Role.User);
    problem = await t.dataSource
      .getRepository(Problem)
      .save({ ...(await createProblem(t, 'Hinted')), source: 'ICPC Regional 2019', difficulty: 5 });
  });
  afterAll(() => t?.close());

  const get = (user: TestUser, path: string, query: Record<string, unknown>) =>
    request(t.url).get(path).query(query).set('Authorization', user.token);

  async function contestWithSubmissions(startTime: Date, endTime: Date): Promise<number> {
    const cid = await createContest(t, author, { startTime, endTime });
    await addProblem(t, author, cid, problem.id, 'A');
    return cid;
  }

  it('hides the source, author and difficulty of a contest problem until the contest ends', async () => {
    const now = Date.now();
    const running = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const ended = await contestWithSubmissions(new Date(now - 90 * MIN), new Date(now - 30 * MIN));
    const hints = (res: request.Response) => {
      const p = res.body.data.problem;
      return { title: p.title, source: p.source, author: p.author, difficulty: p.difficulty };
    };

    const during = await get(alice, '/api/get-contest-problem-details', { cid: running, displayId: 'A' }).expect(200);
    expect(hints(during)).toEqual({ title: 'Hinted', source: null, author: null, difficulty: null });
    const admin = await get(author, '/api/get-contest-problem-details', { cid: running, displayId: 'A' }).expect(200);
    expect(hints(admin)).toEqual({ title: 'Hinted', source: 'ICPC Regional 2019', author: 'root', difficulty: 5 });
    const after = await get(alice, '/api/get-contest-problem-details', { cid: ended, displayId: 'A' }).expect(200);
    expect(hints(after)).toEqual({ title: 'Hinted', source: 'ICPC Regional 2019', author: 'root', difficulty: 5 });
  });

  it('gives the problem’s enabled code templates with the contest problem, as get-problem-detail does', async () => {
    const now = Date.now();
    const cid = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    await t.dataSource.getRepository(CodeTemplate).save([
      { pid: problem.id, language: 'C++', code: 'int solve();', status: true },
      { pid: problem.id, language: 'Java', code: 'class Hidden {}', status: false },
    ]);
    const res = await get(alice, '/api/get-contest-problem-details', { cid, displayId: 'A' }).expect(200);
    expect(res.body.data.codeTemplate).toEqual({ 'C++': 'int solve();' });
    await t.dataSource.getRepository(CodeTemplate).delete({ pid: problem.id });
  });

  it('hides other users’ time, memory and code length while the contest runs, not one’s own or from admins', async () => {
    const now = Date.now();
    const cid = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const bobs = await judged(t, bob, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 20 * MIN));
    const alices = await judged(t, alice, cid, problem, 'A', JudgeStatus.WrongAnswer, new Date(now - 10 * MIN));
    const details = (records: { username: string; status: number; time: number; memory: number; length: number }[]) =>
      records.map((r) => [r.username, r.status, r.time, r.memory, r.length]);

    const seen = await get(alice, '/api/contest-submissions', { cid }).expect(200);
    expect(details(seen.body.data.records)).toEqual([
      ['hoj_alice', JudgeStatus.WrongAnswer, 10, 1024, 20],
      ['hoj_bob', JudgeStatus.Accepted, null, null, null],
    ]);
    const checked = await request(t.url)
      .post('/api/check-contest-submissions-status')
      .set('Authorization', alice.token)
      .send({ cid, submitIds: [bobs, alices] })
      .expect(200);
    expect(details([checked.body.data[bobs], checked.body.data[alices]])).toEqual([
      ['hoj_bob', JudgeStatus.Accepted, null, null, null],
      ['hoj_alice', JudgeStatus.WrongAnswer, 10, 1024, 20],
    ]);
    const admin = await get(author, '/api/contest-submissions', { cid }).expect(200);
    expect(details(admin.body.data.records)[1]).toEqual(['hoj_bob', JudgeStatus.Accepted, 10, 1024, 20]);

    // Once the contest has ended, everything is shown.
    const ended = await contestWithSubmissions(new Date(now - 90 * MIN), new Date(now - 30 * MIN));
    await judged(t, bob, ended, problem, 'A', JudgeStatus.Accepted, new Date(now - 60 * MIN));
    const afterEnd = await get(alice, '/api/contest-submissions', { cid: ended }).expect(200);
    expect(details(afterEnd.body.data.records)).toEqual([['hoj_bob', JudgeStatus.Accepted, 10, 1024, 20]]);
  });

  it('keeps root’s tries (a contest admin, like the author) off the board, balloons, counts and others’ lists', async () => {
    const now = Date.now();
    const cid = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const root = t.users.root;
    await judged(t, root, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 25 * MIN));
    await judged(t, author, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 24 * MIN));
    await judged(t, alice, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 20 * MIN));

    const board = await request(t.url).post('/api/get-contest-rank').set('Authorization', alice.token).send({ cid }).expect(200);
    expect(boardRows<AcmRankRow>(board.body.data, alice).map((r) => [r.username, r.rank, r.submissionInfo.A.isFirstAC])).toEqual([
      ['hoj_alice', 1, true],
    ]);
    // Rebuilt from the database (another replica, a force refresh): the same.
    const refreshed = await request(t.url)
      .post('/api/get-contest-rank')
      .set('Authorization', author.token)
      .send({ cid, forceRefresh: true })
      .expect(200);
    expect(refreshed.body.data.records.map((r: AcmRankRow) => r.username)).toEqual(['hoj_alice']);

    const balloons = await get(author, '/api/get-contest-ac-info', { cid }).expect(200);
    expect(balloons.body.data.records.map((r: { username: string; isFirstAC: boolean }) => [r.username, r.isFirstAC])).toEqual([
      ['hoj_alice', true],
    ]);
    const problems = await get(alice, '/api/get-contest-problem', { cid }).expect(200);
    expect(problems.body.data.map((p: { ac: number; total: number }) => [p.ac, p.total])).toEqual([[1, 1]]);
    const others = await get(bob, '/api/contest-submissions', { cid }).expect(200);
    expect(others.body.data.records.map((r: { username: string }) => r.username)).toEqual(['hoj_alice']);
    const asAdmin = await get(author, '/api/contest-submissions', { cid }).expect(200);
    expect(asAdmin.body.data.total).toBe(3);
  });

  it('filters contest submissions by HOJ’s parameter names, and before or from the start', async () => {
    const now = Date.now();
    const cid = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const before = await judged(t, bob, cid, problem, 'A', JudgeStatus.WrongAnswer, new Date(now - 40 * MIN));
    const wa = await judged(t, bob, cid, problem, 'A', JudgeStatus.WrongAnswer, new Date(now - 20 * MIN));
    const ac = await judged(t, bob, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 15 * MIN));
    await judged(t, alice, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN));
    const ids = async (query: Record<string, unknown>) => {
      const res = await get(author, '/api/contest-submissions', query);
      expect(res.status).toBe(200);
      return res.body.data.records.map((r: { submitId: number }) => r.submitId);
    };

    expect(await ids({ contestID: cid, problemID: 'A', status: JudgeStatus.Accepted, username: 'hoj_bob' })).toEqual([ac]);
    expect(await ids({ cid, displayId: 'A', searchStatus: JudgeStatus.Accepted, searchUsername: 'hoj_bob' })).toEqual([ac]);
    expect(await ids({ contestID: cid, username: 'hoj_bob', beforeContestSubmit: 'false' })).toEqual([ac, wa]);
    expect(await ids({ contestID: cid, beforeContestSubmit: 'true' })).toEqual([before]);
    expect(await ids({ contestID: cid, username: 'hoj_bob' })).toEqual([ac, wa, before]);
    const missing = await get(author, '/api/contest-submissions', { problemID: 'A' });
    expect(missing.status).toBe(400);
  });

  it('merges the contests of HOJ’s externalCidList into the outside scoreboard, paged as HOJ’s body asks', async () => {
    const now = Date.now();
    const one = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const two = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    await judged(t, alice, one, problem, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN));
    await judged(t, bob, two, problem, 'A', JudgeStatus.Accepted, new Date(now - 20 * MIN));
    const hojBody = hojRankBody(one);
    const merged = await request(t.url)
      .post('/api/get-contest-outside-scoreboard')
      .send({ ...hojBody, externalCidList: [two] })
      .expect(200);
    expect(merged.body.data).toMatchObject({ total: 2, size: 50, current: 1, pages: 1 });
    expect(merged.body.data.records.map((r: AcmRankRow & { cid: number }) => [r.username, r.cid, r.rank])).toEqual([
      ['hoj_bob', two, 1],
      ['hoj_alice', one, 2],
    ]);
    const second = await request(t.url)
      .post('/api/get-contest-outside-scoreboard')
      .send({ ...hojBody, externalCidList: [two], currentPage: 2, limit: 1 })
      .expect(200);
    expect(second.body.data).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(second.body.data.records.map((r: AcmRankRow) => r.username)).toEqual(['hoj_alice']);
  });

  it('takes HOJ’s whole get-contest-rank body, merging externalCidList the caller may see', async () => {
    const now = Date.now();
    const one = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const two = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    await judged(t, alice, one, problem, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN));
    await judged(t, bob, two, problem, 'A', JudgeStatus.Accepted, new Date(now - 20 * MIN));
    const rank = (body: Record<string, unknown>) =>
      request(t.url).post('/api/get-contest-rank').set('Authorization', alice.token).send(body);
    const hojBody = hojRankBody(one);
    const plain = await rank({ ...hojBody, externalCidList: null }).expect(200);
    // HOJ's pin: the caller's own row first on page 1, then the board.
    expect(plain.body.data.records.map((r: AcmRankRow) => r.username)).toEqual(['hoj_alice', 'hoj_alice']);
    const merged = await rank({ ...hojBody, externalCidList: [two] }).expect(200);
    expect(merged.body.data.total).toBe(2);
    // HOJ's pin: the caller's own row heads page 1 of the merged board too.
    expect(merged.body.data.records.map((r: AcmRankRow & { cid: number }) => [r.username, r.cid, r.rank])).toEqual([
      ['hoj_alice', one, 2],
      ['hoj_bob', two, 1],
      ['hoj_alice', one, 2],
    ]);
    // A merged contest the caller may not see refuses the whole board; so does one that does not exist.
    await t.dataSource.query('UPDATE contest SET visible = false WHERE id = $1', [two]);
    t.get<ContestAccessService>(ContestAccessService).forget(two);
    expect((await rank({ ...hojBody, externalCidList: [two] })).status).toBe(404);
    expect((await rank({ ...hojBody, externalCidList: [999999] })).status).toBe(404);
    expect((await rank({ ...hojBody, externalCidList: ['x'] })).status).toBe(400);
    // get-contest-problem with HOJ's containsEnd.
    await request(t.url)
      .get('/api/get-contest-problem')
      .set('Authorization', alice.token)
      .query({ cid: one, containsEnd: false })
      .expect(200);
  });

  it('counts the entrants of each contest in get-contest-list', async () => {
    const now = Date.now();
    const cid = await createContest(t, author, { title: 'Counted', startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    for (const user of [alice, bob])
      await request(t.url).post('/api/register-contest').set('Authorization', user.token).send({ cid }).expect(200);
    const list = await request(t.url).get('/api/get-contest-list').query({ keyword: 'Counted' }).expect(200);
    expect(list.body.data.records.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([[cid, 2]]);
  });

  it('answers admin contest calls with the status from the clock and the server time', async () => {
    const now = Date.now();
    const created = await request(t.url)
      .post('/api/admin/contest')
      .set('Authorization', author.token)
      .send(contestBody({ title: 'Clocked', startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) }))
      .expect(200);
    // Stored as scheduled until the clock's next tick; the answer is right at once.
    expect(created.body.data).toMatchObject({ status: ContestStatus.Running, pwd: null });
    expect(new Date(created.body.data.now).getTime()).toBeGreaterThanOrEqual(now);
    const cid = created.body.data.id;
    const one = await get(author, '/api/admin/contest', { cid }).expect(200);
    expect(one.body.data).toMatchObject({ id: cid, status: ContestStatus.Running });
    expect(one.body.data).toHaveProperty('now');
    const list = await get(author, '/api/admin/contest/get-contest-list', { keyword: 'Clocked' }).expect(200);
    expect(list.body.data.records.map((c: { id: number; status: number }) => [c.id, c.status])).toEqual([[cid, ContestStatus.Running]]);
    expect(list.body.data.records[0]).toHaveProperty('now');
  });

  it('reads and edits an admin contest problem the way HOJ sends it (cid and pid)', async () => {
    const now = Date.now();
    const cid = await contestWithSubmissions(new Date(now - 30 * MIN), new Date(now + 30 * MIN));
    const byPair = await get(author, '/api/admin/contest/contest-problem', { cid, pid: problem.id }).expect(200);
    expect(byPair.body.data).toMatchObject({ cid, pid: problem.id, displayId: 'A' });
    const byId = await get(author, '/api/admin/contest/contest-problem', { id: byPair.body.data.id }).expect(200);
    expect(byId.body.data).toEqual(byPair.body.data);
    expect((await get(author, '/api/admin/contest/contest-problem', { cid })).status).toBe(400);
    expect((await get(alice, '/api/admin/contest/contest-problem', { cid, pid: problem.id })).status).toBe(403);

    // HOJ's PUT sends the whole row back, with its cid and pid.
    const edited = await request(t.url)
      .put('/api/admin/contest/contest-problem')
      .set('Authorization', author.token)
      .send({ ...byPair.body.data, displayTitle: 'Renamed', color: '#00ff00' })
      .expect(200);
    expect(edited.body.data).toMatchObject({ cid, pid: problem.id, displayId: 'A', displayTitle: 'Renamed', color: '#00ff00' });
    const list = async (keyword: string) => {
      const { problemList, contestProblemMap } = (await get(author, '/api/admin/contest/get-problem-list', { cid, keyword }).expect(200))
        .body.data;
      return problemList.records.map((p: { id: number }) => contestProblemMap[p.id].displayId);
    };
    expect(await list('renamed')).toEqual(['A']);
    expect(await list(problem.problemId)).toEqual(['A']);
    expect(await list('nothing like it')).toEqual([]);

    const moved = await request(t.url)
      .put('/api/admin/contest/contest-problem')
      .set('Authorization', author.token)
      .send({ ...byPair.body.data, cid: cid + 1000 });
    expect(moved.status).toBe(400);
  });
});
