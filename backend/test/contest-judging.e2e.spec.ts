/**
 * Contest submissions through the real judge pipeline (an in-process judge worker, real sandbox):
 * the §6 submit rules, verdicts reaching the board, and a root rejudge that the board follows.
 */
import { AcmRankRow, CONTEST_ERR, ContestAuth, ERR, JudgeStatus, Role, isFinalJudgeStatus } from '@oj/contracts';
import request from 'supertest';
import { addProblem, createContest, MIN, PASSWORD, rank } from './contest-fixtures';
import { aPlusBCases, CODE, hojZip, importHoj, pidOf, RunningWorker, startInProcessWorker } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp, TestUser } from './utils/test-app';
import { eventually } from './utils/eventually';

jest.setTimeout(180_000);

describe('contest submissions through the judge pipeline', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let author: TestUser;
  let entrant: TestUser;
  let outsider: TestUser;
  let cid: number;
  let startTime: Date;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startInProcessWorker(t, `engF-contest-${process.pid}`, 1);
    const zip = await hojZip([{ problemId: 'CAPB', title: 'A+B', cases: aPlusBCases(2) }]);
    expect((await importHoj(t, t.users.admin.token, zip)).body).toMatchObject({ status: 200 });
    author = t.users.admin;
    entrant = await t.createUser('c_entrant', Role.User);
    outsider = await t.createUser('c_outsider', Role.User);
    startTime = new Date(Date.now() - 30 * MIN);
    cid = await createContest(t, author, { auth: ContestAuth.Protected, startTime, endTime: new Date(Date.now() + 60 * MIN) });
    await addProblem(t, author, cid, await pidOf(t, 'CAPB'), 'A');
    await request(t.url).post('/api/register-contest').set('Authorization', entrant.token).send({ cid, password: PASSWORD }).expect(200);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  /** Through the real route: with a cid, submit-problem-judge hands the submission to the contest rules. */
  const submit = async (user: TestUser, code: string) => {
    const res = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', user.token)
      .send({ pid: 'A', cid, language: 'C++', code, isRemote: false });
    if (res.body.status !== 200) throw Object.assign(new Error(res.body.msg), { status: res.body.status });
    return res.body.data;
  };

  async function waitFinal(user: TestUser, submitIds: number[]): Promise<Record<number, { status: number }>> {
    const end = Date.now() + 90_000;
    for (;;) {
      const res = await request(t.url)
        .post('/api/check-contest-submissions-status')
        .set('Authorization', user.token)
        .send({ cid, submitIds });
      const map = res.body.data as Record<number, { status: number }>;
      const counted: { n: string }[] = await t.dataSource.query('SELECT COUNT(*) AS n FROM judge WHERE submit_id = ANY($1) AND counted', [
        submitIds,
      ]);
      if (submitIds.every((id) => map[id] && isFinalJudgeStatus(map[id].status)) && Number(counted[0].n) === submitIds.length) return map;
      if (Date.now() > end) throw new Error(`verdicts not final: ${JSON.stringify(map)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function boardRow(user: TestUser): Promise<AcmRankRow | undefined> {
    // The hook runs right after the result is written; give it a moment to land (a row that never settles is
    // answered as it is, for the caller's expectations to describe).
    const find = async () => ((await rank(t, user, cid)).body.data.records as AcmRankRow[]).find((r) => r.uid === entrant.uid);
    return eventually(
      'the entrant settled on the board',
      async () => {
        const row = await find();
        return row && row.submissionInfo.A?.tryNum === 0 ? row : undefined;
      },
      { timeoutMs: 5_000 },
    ).catch(find);
  }

  it('refuses a user who has not entered the password of a protected contest', async () => {
    await expect(submit(outsider, CODE.cppAc)).rejects.toMatchObject({ status: 403, message: CONTEST_ERR.notRegistered });
  });

  it('shows the problem under its contest display id with the languages the judges run', async () => {
    const res = await request(t.url)
      .get('/api/get-contest-problem-details')
      .query({ cid, displayId: 'A' })
      .set('Authorization', entrant.token)
      .expect(200);
    expect(res.body.data.problem).toMatchObject({ problemId: 'A', title: 'A+B' });
    expect(res.body.data.problem).not.toHaveProperty('spjCode');
    expect(res.body.data.problem).not.toHaveProperty('judgeExtraFile');
    expect(res.body.data.languages).toContain('C++');
  });

  it('judges contest submissions and moves the board with each verdict', async () => {
    const wa = await submit(entrant, CODE.cppWa);
    expect(wa).toMatchObject({ cid, displayPid: 'A', status: JudgeStatus.Pending });
    expect(wa).not.toHaveProperty('code');
    expect(wa).not.toHaveProperty('ip');
    expect(wa).not.toHaveProperty('counted');
    const pendingRow = (await rank(t, entrant, cid)).body.data.records[0] as AcmRankRow;
    expect(pendingRow.uid).toBe(entrant.uid);
    await waitFinal(entrant, [wa.submitId]);
    const ac = await submit(entrant, CODE.cppAc);
    const verdicts = await waitFinal(entrant, [ac.submitId]);
    expect(verdicts[ac.submitId].status).toBe(JudgeStatus.Accepted);

    const row = await boardRow(entrant);
    const acMinutes = Math.floor((new Date(ac.submitTime).getTime() - startTime.getTime()) / MIN);
    expect(row).toMatchObject({ rank: 1, ac: 1, penalty: acMinutes + 20 });
    expect(row!.submissionInfo.A).toMatchObject({ isAC: true, errorNum: 1, tryNum: 0, isFirstAC: true });
  });

  it('lets only root rejudge a contest problem, and the board follows the new verdicts', async () => {
    const pid = await pidOf(t, 'CAPB');
    const denied = await request(t.url)
      .get('/api/admin/judge/rejudge-contest-problem')
      .query({ cid, pid })
      .set('Authorization', author.token);
    expect([denied.status, denied.body.msg]).toEqual([403, ERR.noPermission]);
    const res = await request(t.url)
      .get('/api/admin/judge/rejudge-contest-problem')
      .query({ cid, pid })
      .set('Authorization', t.users.root.token)
      .expect(200);
    expect(res.body.data).toEqual({ count: 2 });
    const ids: { submit_id: number }[] = await t.dataSource.query('SELECT submit_id FROM judge WHERE cid = $1', [cid]);
    await waitFinal(
      entrant,
      ids.map((r) => r.submit_id),
    );
    const row = await boardRow(entrant);
    expect(row).toMatchObject({ ac: 1 });
    expect(row!.submissionInfo.A).toMatchObject({ isAC: true, errorNum: 1, tryNum: 0 });
  });

  it('hides a running contest submission from other users in get-submission-detail, not from its author or admins', async () => {
    const sub = await submit(entrant, CODE.cppAc);
    await waitFinal(entrant, [sub.submitId]);
    const detail = (user: TestUser) =>
      request(t.url).get('/api/get-submission-detail').set('Authorization', user.token).query({ submitId: sub.submitId });
    const other = await detail(outsider);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ status: 403, msg: ERR.noPermission });
    const own = await detail(entrant);
    expect(own.body.data.submission).toMatchObject({ submitId: sub.submitId, code: CODE.cppAc });
    const root = await detail(t.users.root);
    expect(root.body.data.submission.code).toBe(CODE.cppAc);
  });

  it('refuses submissions once the contest has ended', async () => {
    await t.dataSource.query(`UPDATE contest SET end_time = now() - interval '1 second', gmt_modified = now() WHERE id = $1`, [cid]);
    await new Promise((r) => setTimeout(r, 1100)); // past the contest cache of this replica
    await expect(submit(entrant, CODE.cppAc)).rejects.toMatchObject({ status: 403, message: ERR.contestEnded });
  });
});
