/**
 * Virtual participation over HTTP (issue 35): a user who did not take part starts a run of an ended contest, submits
 * at minute 10 of the run through the contest's own route (judged for real), and the virtual board at minute 10
 * places them among the real participants as those stood at minute 10; the official board, the outside board and the
 * rating never see the run. Who may start one, and the contest's switch.
 */
import {
  AcmRankRow,
  ContestSubmissionItem,
  ERR,
  JudgeStatus,
  VIRTUAL_ERR,
  VirtualRankPage,
  VirtualRun,
  isFinalJudgeStatus,
} from '@oj/contracts';
import request from 'supertest';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { RatingService } from '../src/modules/rating/rating.service';
import { MIN, addProblem, contestBody, createContest, createProblem, judged, rank } from './contest-fixtures';
import { aPlusBCases, CODE, hojZip, importHoj, pidOf, RunningWorker, startInProcessWorker } from './fixtures/pipeline-helpers';
import { eventually } from './utils/eventually';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(180_000);

describe('virtual participation', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let cid: number;
  let start: Date;
  let aplusb: Problem;
  let other: Problem;
  let fast: TestUser;
  let steady: TestUser;
  let late: TestUser;
  let virtual: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startInProcessWorker(t, `virtual-${process.pid}`, 1);
    const zip = await hojZip([{ problemId: 'VAPB', title: 'A+B', cases: aPlusBCases(2) }]);
    expect((await importHoj(t, t.users.admin.token, zip)).body).toMatchObject({ status: 200 });
    aplusb = { id: await pidOf(t, 'VAPB') } as Problem;
    other = await createProblem(t, 'B');
    start = new Date(Date.now() - 120 * MIN);
    cid = await createContest(t, t.users.admin, { title: 'Round 1', startTime: start, endTime: new Date(Date.now() - MIN) });
    await addProblem(t, t.users.admin, cid, aplusb.id, 'A');
    await addProblem(t, t.users.admin, cid, other.id, 'B');
    [fast, steady, late, virtual] = await Promise.all(['v_fast', 'v_steady', 'v_late', 'v_virtual'].map((n) => t.createUser(n)));
    const at = (minutes: number) => new Date(start.getTime() + minutes * MIN);
    // minute 10: steady 2 solved, fast 1 (at minute 5), late nothing yet; at the end late has 2 with less penalty
    await judged(t, fast, cid, aplusb, 'A', JudgeStatus.Accepted, at(5));
    await judged(t, steady, cid, aplusb, 'A', JudgeStatus.WrongAnswer, at(3));
    await judged(t, steady, cid, aplusb, 'A', JudgeStatus.Accepted, at(8));
    await judged(t, steady, cid, other, 'B', JudgeStatus.Accepted, at(9));
    await judged(t, late, cid, aplusb, 'A', JudgeStatus.Accepted, at(15));
    await judged(t, late, cid, other, 'B', JudgeStatus.Accepted, at(20));
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const startRun = (user: TestUser, id = cid) =>
    request(t.url).post('/api/start-virtual-contest').set('Authorization', user.token).send({ cid: id });
  const virtualRank = (user: TestUser) =>
    request(t.url).get('/api/get-virtual-contest-rank').query({ cid }).set('Authorization', user.token);
  const submit = (user: TestUser, code: string) =>
    request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', user.token)
      .send({ pid: 'A', cid, language: 'C++', code, isRemote: false });
  const officialUsernames = async () => ((await rank(t, t.users.admin, cid)).body.data.records as AcmRankRow[]).map((r) => r.username);

  it('submits at minute 10 of a run and stands among the real participants as they stood at minute 10', async () => {
    const officialBefore = await officialUsernames();
    expect(officialBefore).toEqual(['v_late', 'v_steady', 'v_fast']);

    const run = (await startRun(virtual).expect(200)).body.data as VirtualRun;
    expect(run).toMatchObject({ cid, username: 'v_virtual', status: 'running' });
    expect(new Date(run.endTime).getTime() - new Date(run.startTime).getTime()).toBe(119 * MIN);
    // a second start answers the same run
    expect((await startRun(virtual).expect(200)).body.data.id).toBe(run.id);
    expect(
      (await request(t.url).get('/api/get-virtual-contest').query({ cid }).set('Authorization', virtual.token).expect(200)).body.data.id,
    ).toBe(run.id);

    // ten minutes pass (setup: the run is moved back rather than waited for)
    await t.dataSource.query(
      `UPDATE contest_virtual SET start_time = start_time - interval '10 minutes', end_time = end_time - interval '10 minutes' WHERE id = $1`,
      [run.id],
    );
    const res = await submit(virtual, CODE.cppAc).expect(200);
    const submission = res.body.data as { submitId: number; cid: number; displayPid: string };
    // stored outside the contest, under the bank problem's id
    expect(submission).toMatchObject({ cid: 0, displayPid: 'VAPB' });
    await eventually(
      'the virtual submission judged',
      async () => {
        const [row]: { status: number; vid: number }[] = await t.dataSource.query('SELECT status, vid FROM judge WHERE submit_id = $1', [
          submission.submitId,
        ]);
        return isFinalJudgeStatus(row.status) ? row : undefined;
      },
      { timeoutMs: 90_000 },
    ).then((row) => expect(row).toEqual({ status: JudgeStatus.Accepted, vid: run.id }));

    const board = (await virtualRank(virtual).expect(200)).body.data as VirtualRankPage;
    expect(board.durationMs).toBe(119 * MIN);
    expect(board.elapsedMs).toBeGreaterThanOrEqual(10 * MIN);
    expect(board.elapsedMs).toBeLessThan(11 * MIN);
    const rows = board.records as AcmRankRow[];
    expect(rows.map((r) => [r.username, r.rank, r.ac, !!r.isVirtual])).toEqual([
      ['v_steady', 1, 2, false],
      ['v_fast', 2, 1, false],
      ['v_virtual', 3, 1, true],
    ]);
    // steady's wrong try counts as it did at minute 10; the virtual AC is at minute 10 of the run
    expect(rows[0].penalty).toBe(8 + 20 + 9);
    expect(rows[2].submissionInfo.A).toMatchObject({ isAC: true, errorNum: 0 });
    expect(Math.floor((rows[2].submissionInfo.A.ACTime ?? 0) / 60)).toBe(10);

    // the runner finds it in the contest's submission list (their own only) and its status through the contest
    const listOf = async (user: TestUser, onlyMine: boolean) =>
      (
        await request(t.url)
          .get('/api/contest-submissions')
          .query({ cid, onlyMine, currentPage: 1, limit: 50 })
          .set('Authorization', user.token)
          .expect(200)
      ).body.data.records as ContestSubmissionItem[];
    for (const onlyMine of [true, false]) {
      const mine = (await listOf(virtual, onlyMine)).filter((r) => r.uid === virtual.uid);
      expect(mine).toEqual([
        expect.objectContaining({ submitId: submission.submitId, displayId: 'A', isVirtual: true, status: JudgeStatus.Accepted }),
      ]);
    }
    const othersView = await listOf(fast, false);
    expect(othersView.some((r) => r.submitId === submission.submitId)).toBe(false);
    expect(othersView.every((r) => !r.isVirtual)).toBe(true);
    const statusOf = (user: TestUser) =>
      request(t.url)
        .post('/api/check-contest-submissions-status')
        .set('Authorization', user.token)
        .send({ cid, submitIds: [submission.submitId] })
        .expect(200);
    expect((await statusOf(virtual)).body.data[submission.submitId]).toMatchObject({ status: JudgeStatus.Accepted, isVirtual: true });
    expect((await statusOf(fast)).body.data[submission.submitId]).toBeUndefined();
    // and as their latest try on the contest's problem page
    const latestOf = async (user: TestUser) =>
      (
        await request(t.url)
          .get('/api/get-contest-problem-details')
          .query({ cid, displayId: 'A' })
          .set('Authorization', user.token)
          .expect(200)
      ).body.data.myLatestSubmission;
    expect(await latestOf(virtual)).toMatchObject({ submitId: submission.submitId, status: JudgeStatus.Accepted });
    expect((await latestOf(fast)).submitId).not.toBe(submission.submitId);

    // the official board, the outside board and the rating never see it
    expect(await officialUsernames()).toEqual(officialBefore);
    const outside = (await request(t.url).post('/api/get-contest-outside-scoreboard').send({ cid }).expect(200)).body.data;
    expect((outside.records as AcmRankRow[]).map((r) => r.username)).toEqual(officialBefore);
    await request(t.url)
      .put('/api/admin/contest/change-contest-rated')
      .query({ cid, rated: true })
      .set('Authorization', t.users.admin.token)
      .expect(200);
    expect(await t.get<RatingService>(RatingService).applyDue()).toContain(cid);
    const home = async (username: string) =>
      (await request(t.url).get('/api/get-user-home-info').query({ username }).expect(200)).body.data;
    expect((await home('v_late')).rating).not.toBeNull();
    expect((await home('v_virtual')).rating).toBeNull();
  });

  it('links a public bank problem for upsolving once the contest has ended, never while it runs', async () => {
    const details = async (id: number, user: TestUser) =>
      (
        await request(t.url)
          .get('/api/get-contest-problem-details')
          .query({ cid: id, displayId: 'A' })
          .set('Authorization', user.token)
          .expect(200)
      ).body.data;
    const ended = await details(cid, late);
    expect(ended).toMatchObject({ bankProblemId: 'VAPB', problem: { problemId: 'A', auth: 1 } });
    expect(ended.problem).not.toHaveProperty('isGroup');
    const live = await createContest(t, t.users.admin, { startTime: new Date(Date.now() - MIN), endTime: new Date(Date.now() + 60 * MIN) });
    await addProblem(t, t.users.admin, live, aplusb.id, 'A');
    expect((await details(live, late)).bankProblemId).toBeNull();
  });

  it('once the run is over, the contest route refuses again', async () => {
    await t.dataSource.query(
      `UPDATE contest_virtual SET start_time = now() - interval '119 minutes 1 second', end_time = now() - interval '1 second' WHERE uid = $1`,
      [virtual.uid],
    );
    expect((await submit(virtual, CODE.cppAc).expect(403)).body.msg).toBe(ERR.contestEnded);
    const run = (await request(t.url).get('/api/get-virtual-contest').query({ cid }).set('Authorization', virtual.token).expect(200)).body
      .data as VirtualRun;
    expect(run.status).toBe('ended');
    // the board stays at the run's end
    expect((await virtualRank(virtual).expect(200)).body.data.elapsedMs).toBe(119 * MIN);
  });

  it('is refused to participants, before the end, without a run, and when the contest switches it off', async () => {
    expect((await startRun(fast).expect(400)).body.msg).toBe(VIRTUAL_ERR.tookPart);
    expect((await virtualRank(fast).expect(400)).body.msg).toBe(VIRTUAL_ERR.noRun);
    const running = await createContest(t, t.users.admin, {
      startTime: new Date(Date.now() - MIN),
      endTime: new Date(Date.now() + 60 * MIN),
    });
    expect((await startRun(virtual, running).expect(400)).body.msg).toBe(VIRTUAL_ERR.notEnded);

    const closedSpec = { title: 'Closed', startTime: new Date(Date.now() - 60 * MIN), endTime: new Date(Date.now() - MIN) };
    const closed = await createContest(t, t.users.admin, closedSpec);
    expect((await request(t.url).get('/api/get-contest-info').query({ cid: closed }).expect(200)).body.data.allowVirtual).toBe(true);
    await request(t.url)
      .put('/api/admin/contest')
      .set('Authorization', t.users.admin.token)
      .send({ ...contestBody(closedSpec), id: closed, allowVirtual: false })
      .expect(200);
    expect((await startRun(virtual, closed).expect(403)).body.msg).toBe(VIRTUAL_ERR.closed);
    // an edit that does not name the switch (HOJ's client) keeps it
    await request(t.url)
      .put('/api/admin/contest')
      .set('Authorization', t.users.admin.token)
      .send({ ...contestBody({ ...closedSpec, title: 'Closed again' }), id: closed })
      .expect(200);
    expect((await startRun(virtual, closed).expect(403)).body.msg).toBe(VIRTUAL_ERR.closed);
    expect((await request(t.url).post('/api/start-virtual-contest').send({ cid }).expect(401)).body.msg).toBe(ERR.loginFirst);
    // a submission to the ended contest without a run is refused as before
    expect((await submit(late, CODE.cppAc).expect(403)).body.msg).toBe(ERR.contestEnded);
  });
});
