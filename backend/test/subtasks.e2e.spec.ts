import { JUDGING_ERR, JudgeStatus } from '@oj/contracts';
import request from 'supertest';
import { removeJudgeCache, RunningWorker, setSubmitInterval, startInProcessWorker, submit, waitVerdict } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(180_000);

/** Echoes its number, except 7, which it answers with 0. */
const ECHO_BUT_SEVEN = 'n = int(input())\nprint(0 if n == 7 else n)\n';

function groupedProblem(
  problemId: string,
  samples: { n: number; groupNum?: number | null; score?: number }[],
  problem: Record<string, unknown>,
) {
  return {
    problem: {
      problemId,
      title: `Groups ${problemId}`,
      description: 'd',
      timeLimit: 1000,
      memoryLimit: 128,
      stackLimit: 64,
      auth: 1,
      type: 1,
      ...problem,
    },
    samples: samples.map((s) => ({ input: `${s.n}\n`, output: `${s.n}\n`, score: s.score ?? 0, groupNum: s.groupNum ?? null })),
    isUploadTestCase: false,
    languages: ['Python3'],
  };
}

describe('subtasks: test groups edited, judged and shown per group', () => {
  let t: TestApp;
  let worker: RunningWorker;
  const admin = () => t.users.admin.token;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `subtasks-${process.pid}`, 1);
    // One case at a time, so which cases an early stop skips is exact.
    const { configureJudge } = await import('../../judge-sandbox/src');
    configureJudge({ caseParallelism: 1 });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  const groups = [
    { groupNum: 1, score: 30, rule: 'all' },
    { groupNum: 2, score: 30, rule: 'min' },
    { groupNum: 3, score: 40, rule: 'sum' },
  ];
  const samples = [
    { n: 1, groupNum: 1 },
    { n: 2, groupNum: 1 },
    { n: 7, groupNum: 2 },
    { n: 3, groupNum: 2 },
    { n: 4, groupNum: 3 },
    { n: 7, groupNum: 3 },
  ];

  it('stores the groups with the cases, reads them back in the editor and makes the full score their sum', async () => {
    const res = await request(t.url)
      .post('/api/admin/problem')
      .set('Authorization', admin())
      .send(groupedProblem('SUB1', samples, { caseGroups: groups }));
    expect(res.body).toMatchObject({ status: 200 });
    const pid = res.body.data.id;
    const detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({ caseGroups: groups, judgeCaseMode: 'subtask_lowest', ioScore: 100 });
    const cases = await request(t.url).get('/api/admin/problem/get-problem-cases').query({ pid }).set('Authorization', admin()).expect(200);
    expect(cases.body.data.map((c: { groupNum: number | null }) => c.groupNum)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('refuses groups that do not fit the cases, and stores nothing', async () => {
    const before = await count('problem');
    const bad = [
      { caseGroups: [{ groupNum: 1, score: 10, rule: 'all' }] }, // cases name groups 2 and 3
      { caseGroups: [...groups, { groupNum: 4, score: 5, rule: 'all' }] }, // group 4 has no case
      { caseGroups: groups.map((g) => ({ ...g, rule: 'max' })) },
      { caseGroups: groups.map((g) => ({ ...g, score: -1 })) },
    ];
    for (const problem of bad) {
      const res = await request(t.url)
        .post('/api/admin/problem')
        .set('Authorization', admin())
        .send(groupedProblem('SUBX', samples, problem));
      expect([res.status, res.body.msg]).toEqual([400, JUDGING_ERR.caseGroupsInvalid]);
    }
    expect(await count('problem')).toBe(before);
  });

  it('judges by group: all-or-nothing, min (stopped at the failure) and sum; the case results carry the groups', async () => {
    const res = await submit(t, t.users.user.token, 'SUB1', 'Python3', ECHO_BUT_SEVEN);
    const submitId = res.body.data.submitId;
    const verdict = await waitVerdict(t, t.users.user.token, submitId);
    expect(verdict).toMatchObject({ status: JudgeStatus.PartialAccepted, score: 30 + 0 + 20 });
    const cases = await request(t.url)
      .get('/api/get-all-case-result')
      .query({ submitId })
      .set('Authorization', t.users.user.token)
      .expect(200);
    expect(cases.body.data.judgeCaseMode).toBe('subtask_lowest');
    expect(cases.body.data.subtaskList).toEqual([
      { groupNum: 1, rule: 'all', score: 30, fullScore: 30, status: JudgeStatus.Accepted, judged: 2, total: 2 },
      { groupNum: 2, rule: 'min', score: 0, fullScore: 30, status: JudgeStatus.WrongAnswer, judged: 1, total: 2 },
      { groupNum: 3, rule: 'sum', score: 20, fullScore: 40, status: JudgeStatus.WrongAnswer, judged: 2, total: 2 },
    ]);
    // Case 4 (group 2 after its failure) was never run.
    expect(
      cases.body.data.judgeCaseList.map((c: { caseId: number; groupNum: number; status: number; score: number }) => [
        c.caseId,
        c.groupNum,
        c.status,
        c.score,
      ]),
    ).toEqual([
      [1, 1, JudgeStatus.Accepted, 30],
      [2, 1, JudgeStatus.Accepted, 30],
      [3, 2, JudgeStatus.WrongAnswer, 0],
      [5, 3, JudgeStatus.Accepted, 40],
      [6, 3, JudgeStatus.WrongAnswer, 0],
    ]);
    // A rejudge judges the groups again and writes their results anew.
    await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', admin()).expect(200);
    expect(await waitVerdict(t, t.users.user.token, submitId)).toMatchObject({ status: JudgeStatus.PartialAccepted, score: 50 });
    const again = await request(t.url)
      .get('/api/get-all-case-result')
      .query({ submitId })
      .set('Authorization', t.users.user.token)
      .expect(200);
    expect(again.body.data.subtaskList.map((g: { score: number }) => g.score)).toEqual([30, 0, 20]);
    const full = await submit(t, t.users.admin.token, 'SUB1', 'Python3', 'print(input())\n');
    expect(await waitVerdict(t, admin(), full.body.data.submitId)).toMatchObject({ status: JudgeStatus.Accepted, score: 100 });
  });

  it("makes groups of a HOJ client's subtask mode, and keeps them through an edit without new cases", async () => {
    const hojSamples = [
      { n: 1, groupNum: 1, score: 20 },
      { n: 2, groupNum: 1, score: 20 },
      { n: 3, groupNum: 2, score: 40 },
      { n: 4, groupNum: 2, score: 60 },
      { n: 5, score: 10 },
    ];
    const res = await request(t.url)
      .post('/api/admin/problem')
      .set('Authorization', admin())
      .send(groupedProblem('SUB2', hojSamples, { judgeCaseMode: 'subtask_average' }));
    expect(res.body.status).toBe(200);
    const pid = res.body.data.id;
    let detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({
      caseGroups: [
        { groupNum: 1, score: 20, rule: 'sum' },
        { groupNum: 2, score: 50, rule: 'sum' },
      ],
      judgeCaseMode: 'subtask_average',
      ioScore: 20 + 50 + 10,
    });
    const edit = await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send({ problem: { id: pid, problemId: 'SUB2', title: 'Renamed' } });
    expect(edit.body.status).toBe(200);
    detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({ title: 'Renamed', judgeCaseMode: 'subtask_average', ioScore: 80 });
    // The editor changes the groups of the kept cases: their rows follow, the package with them.
    const regroup = await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send({
        problem: { id: pid, problemId: 'SUB2', title: 'Renamed', caseGroups: [{ groupNum: 1, score: 70, rule: 'all' }] },
        isUploadTestCase: true,
        samples: [1, 1, 1, null, null].map((groupNum, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out`, score: 15, groupNum })),
      });
    expect(regroup.body.status).toBe(200);
    expect(regroup.body.data.caseVersion).not.toBe(res.body.data.caseVersion);
    const cases = await request(t.url).get('/api/admin/problem/get-problem-cases').query({ pid }).set('Authorization', admin()).expect(200);
    expect(cases.body.data.map((c: { groupNum: number | null; score: number }) => [c.groupNum, c.score])).toEqual([
      [1, 15],
      [1, 15],
      [1, 15],
      [null, 15],
      [null, 15],
    ]);
    detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({ judgeCaseMode: 'subtask_lowest', ioScore: 70 + 15 + 15 });
    // null removes the groups: every case counts on its own again.
    await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send({ problem: { id: pid, problemId: 'SUB2', title: 'Renamed', caseGroups: null } })
      .expect(200);
    detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({ caseGroups: null, judgeCaseMode: 'default', ioScore: 75 });
  });
});
