import { JudgeStatus } from '@oj/contracts';
import request from 'supertest';
import {
  aPlusBCases,
  CODE,
  hojZip,
  importHoj,
  pidOf,
  removeJudgeCache,
  RunningWorker,
  setSubmitInterval,
  startInProcessWorker,
  submit,
  waitVerdict,
} from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(180_000);

describe('judging pipeline: verdicts, statistics and rank lists', () => {
  let t: TestApp;
  let worker: RunningWorker;

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `engE-verdicts-${process.pid}`, 2);
    const oiCases = aPlusBCases(2).map((c, i) => ({ ...c, score: i === 0 ? 40 : 60 }));
    const zip = await hojZip([
      { problemId: 'APB', title: 'A+B', cases: aPlusBCases(3), tags: ['math'] },
      { problemId: 'OIP', title: 'A+B (OI)', type: 1, cases: oiCases },
    ]);
    const res = await importHoj(t, t.users.admin.token, zip);
    expect(res.body).toMatchObject({ status: 200, msg: 'success' });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  const cases: [string, string, string, number][] = [
    ['C++ AC', 'C++', CODE.cppAc, JudgeStatus.Accepted],
    ['C++ WA', 'C++', CODE.cppWa, JudgeStatus.WrongAnswer],
    ['C++ TLE', 'C++', CODE.cppTle, JudgeStatus.TimeLimitExceeded],
    ['C++ CE', 'C++', CODE.cppCe, JudgeStatus.CompileError],
    ['Python AC', 'Python3', CODE.pyAc, JudgeStatus.Accepted],
    ['Java AC', 'Java', CODE.javaAc, JudgeStatus.Accepted],
  ];

  it.each(cases)('judges %s to its verdict', async (_name, language, code, expected) => {
    const res = await submit(t, t.users.user.token, 'APB', language, code);
    expect(res.body.status).toBe(200);
    expect(res.body.data.status).toBe(JudgeStatus.Pending);
    const verdict = await waitVerdict(t, t.users.user.token, res.body.data.submitId);
    if (verdict.status !== expected) console.log(JSON.stringify(verdict));
    expect({ status: verdict.status, message: verdict.errorMessage }).toMatchObject({ status: expected });
    if (expected === JudgeStatus.CompileError) expect(verdict.errorMessage).toBeTruthy();
  });

  it('keeps problem statistics per verdict', async () => {
    const pid = await pidOf(t, 'APB');
    const res = await request(t.url)
      .get('/api/get-problem-detail')
      .query({ problemId: 'APB' })
      .set('Authorization', t.users.user.token)
      .expect(200);
    expect(res.body.data.problemCount).toMatchObject({ pid, total: 6, ac: 3, wa: 1, tle: 1, ce: 1 });
    expect(res.body.data.myStatus).toEqual({ status: JudgeStatus.Accepted, score: 0 });
  });

  it('ranks the user in the ACM rank list and the recent AC rank', async () => {
    const res = await request(t.url).get('/api/get-rank-list').query({ type: 0 }).expect(200);
    expect(res.body.data.records).toEqual([
      expect.objectContaining({ rank: 1, uid: t.users.user.uid, username: t.users.user.username, solved: 1, ac: 1, total: 6 }),
    ]);
    const recent = await request(t.url).get('/api/get-recent-seven-ac-rank').expect(200);
    expect(recent.body.data).toEqual([{ uid: t.users.user.uid, username: t.users.user.username, ac: 1 }]);
  });

  it('answers the user problem status of a problem list', async () => {
    const pid = await pidOf(t, 'APB');
    const oi = await pidOf(t, 'OIP');
    const res = await request(t.url)
      .post('/api/get-user-problem-status')
      .set('Authorization', t.users.user.token)
      .send({ pidList: [pid, oi] });
    expect(res.body.data).toEqual({ [pid]: { status: JudgeStatus.Accepted, score: 0 }, [oi]: { status: JudgeStatus.NotSubmitted } });
  });

  it('scores OI problems per case and orders the OI rank list by total score', async () => {
    const partial = 'a, b = map(int, input().split())\nprint(a + b if a == 0 else 0)\n';
    const pa = await submit(t, t.users.user.token, 'OIP', 'Python3', partial);
    expect(await waitVerdict(t, t.users.user.token, pa.body.data.submitId)).toMatchObject({
      status: JudgeStatus.PartialAccepted,
      score: 40,
    });
    const full = await submit(t, t.users.admin.token, 'OIP', 'Python3', CODE.pyAc);
    expect(await waitVerdict(t, t.users.admin.token, full.body.data.submitId)).toMatchObject({ status: JudgeStatus.Accepted, score: 100 });
    const rank = await request(t.url).get('/api/get-rank-list').query({ type: 1 });
    expect(rank.body.data.records.map((r: { username: string; totalScore: number }) => [r.username, r.totalScore])).toEqual([
      [t.users.admin.username, 100],
      [t.users.user.username, 40],
    ]);
    const search = await request(t.url).get('/api/get-rank-list').query({ type: 1, searchUser: 't_us' });
    expect(search.body.data.records.map((r: { username: string }) => r.username)).toEqual([t.users.user.username]);
  });

  it('shows per-case results of the user own accepted submission', async () => {
    const rows: { submit_id: number }[] = await t.dataSource.query(`SELECT submit_id FROM judge WHERE status = 0 AND language = 'C++'`);
    const res = await request(t.url)
      .get('/api/get-all-case-result')
      .query({ submitId: rows[0].submit_id })
      .set('Authorization', t.users.user.token)
      .expect(200);
    expect(res.body.data.judgeCaseList.map((c: { caseId: number; status: number }) => [c.caseId, c.status])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
  });

  it('tells the submitter where a wrong answer differs, never the expected output; admins read both', async () => {
    const rows: { submit_id: number }[] = await t.dataSource.query(`SELECT submit_id FROM judge WHERE status = $1 AND language = 'C++'`, [
      JudgeStatus.WrongAnswer,
    ]);
    const read = (token: string) =>
      request(t.url).get('/api/get-all-case-result').query({ submitId: rows[0].submit_id }).set('Authorization', token).expect(200);
    // Case 1 is "0 1" → 1; the WA program prints 0 - 1 - 1 = -2.
    const own = (await read(t.users.user.token)).body.data.judgeCaseList[0];
    expect(own).toMatchObject({ status: JudgeStatus.WrongAnswer, message: 'Line 1, token 1 differs' });
    expect(JSON.stringify(own)).not.toContain('expected');
    const admin = (await read(t.users.admin.token)).body.data.judgeCaseList[0];
    expect(admin.message).toBe('Line 1, token 1 differs: expected "1", found "-2"');
  });
});
