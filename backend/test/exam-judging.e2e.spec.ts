/**
 * Exam programming problems through the real judge pipeline (an in-process judge worker, real sandbox):
 * `submit-problem-judge` with an `eid`, OI partial points counted in the paper, submissions kept from other
 * candidates and out of the public lists and statistics, `get-user-problem-status` for an exam list.
 */
import { ContestAuth, ExamPaper, JudgeStatus, Role, isFinalJudgeStatus } from '@oj/contracts';
import request from 'supertest';
import { createExam, MIN, ok, setWindow } from './exam-fixtures';
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
} from './fixtures/pipeline-helpers';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(180_000);

const PARTIAL = 'a, b = map(int, input().split())\nprint(a + b if a == 0 else 0)\n';

describe('exam programming problems through the judge pipeline', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let author: TestUser;
  let candidate: TestUser;
  let other: TestUser;
  let eid: number;
  let pid: number;
  const now = Date.now();
  const window = { title: 'programs', auth: ContestAuth.Public, startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) };

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `exam-judge-${process.pid}`, 1);
    const cases = aPlusBCases(2).map((c, i) => ({ ...c, score: i === 0 ? 40 : 60 }));
    expect(
      (await importHoj(t, t.users.admin.token, await hojZip([{ problemId: 'EXOI', title: 'A+B (OI)', type: 1, cases }]))).body,
    ).toMatchObject({ status: 200 });
    pid = await pidOf(t, 'EXOI');
    author = t.users.admin;
    candidate = await t.createUser('x_candidate', Role.User);
    other = await t.createUser('x_other', Role.User);
    eid = await createExam(t, author, window);
    await ok(
      await request(t.url)
        .post('/api/admin/exam/add-problem-from-public')
        .set('Authorization', author.token)
        .send({ eid, pid, displayId: 'P1', score: 20 }),
    );
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  const submit = async (user: TestUser, code: string) =>
    (await ok(
      await request(t.url)
        .post('/api/submit-problem-judge')
        .set('Authorization', user.token)
        .send({ pid: 'P1', eid, language: 'Python3', code }),
    )) as { submitId: number; status: number };

  async function waitFinal(user: TestUser, submitId: number): Promise<{ status: number; score: number | null }> {
    const end = Date.now() + 120_000;
    for (;;) {
      const res = await request(t.url)
        .post('/api/check-exam-submissions-status')
        .set('Authorization', user.token)
        .send({ eid, submitIds: [submitId] });
      const row = res.body.data?.[submitId];
      const [counted] = (await t.dataSource.query('SELECT counted FROM judge WHERE submit_id = $1', [submitId])) as { counted: boolean }[];
      if (row && isFinalJudgeStatus(row.status) && counted?.counted) return row;
      if (Date.now() > end) throw new Error(`no verdict: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('shows the problem under its exam display id', async () => {
    const res = await request(t.url)
      .get('/api/get-exam-problem-details')
      .query({ eid, displayId: 'P1' })
      .set('Authorization', candidate.token)
      .expect(200);
    expect(res.body.data.problem).toMatchObject({ problemId: 'P1', title: 'A+B (OI)' });
    expect(res.body.data.problem).not.toHaveProperty('spjCode');
    const list = await request(t.url).get('/api/get-exam-problem-list').query({ eid }).set('Authorization', candidate.token);
    expect(list.body.data).toEqual([expect.objectContaining({ pid, displayId: 'P1', score: 20, myStatus: null, myScore: null })]);
  });

  it('judges a submission made with the eid and counts its partial points in the paper', async () => {
    const sub = await submit(candidate, PARTIAL);
    expect(sub.status).toBe(JudgeStatus.Pending);
    expect(await waitFinal(candidate, sub.submitId)).toMatchObject({ status: JudgeStatus.PartialAccepted, score: 40 });
    const status = await request(t.url)
      .post('/api/get-user-problem-status')
      .set('Authorization', candidate.token)
      .send({ pidList: [pid], isExamProblemList: true, eid });
    expect(status.body.data).toEqual({ [pid]: { status: JudgeStatus.PartialAccepted, score: 40 } });
    // The exam is not practice: the public list and the user's statistics leave it out.
    const practice = await request(t.url)
      .post('/api/get-user-problem-status')
      .set('Authorization', candidate.token)
      .send({ pidList: [pid] });
    expect(practice.body.data).toEqual({ [pid]: { status: JudgeStatus.NotSubmitted } });
    const publicList = await request(t.url).get('/api/get-submission-list').query({ limit: 50 }).set('Authorization', t.users.root.token);
    expect(publicList.body.data.records.map((r: { submitId: number }) => r.submitId)).not.toContain(sub.submitId);

    await setWindow(t, author, eid, { ...window, startTime: new Date(now - 120 * MIN), endTime: new Date(now - 60 * MIN) });
    const papers = await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', candidate.token);
    const paper = papers.body.data.records[0] as ExamPaper;
    // OI: floor(20 × 40 / 100) = 8.
    expect(paper).toMatchObject({ uid: candidate.uid, programScore: 8, totalScore: 8, fullScore: 20 });
    expect(paper.items).toEqual([
      expect.objectContaining({ kind: 'problem', pid, submitId: sub.submitId, status: JudgeStatus.PartialAccepted, score: 8 }),
    ]);
    await setWindow(t, author, eid, window);
  });

  it("keeps a candidate's submissions from other candidates, not from the exam admins", async () => {
    const sub = await submit(candidate, CODE.pyAc);
    await waitFinal(candidate, sub.submitId);
    const detail = (user: TestUser) =>
      request(t.url).get('/api/get-submission-detail').query({ submitId: sub.submitId }).set('Authorization', user.token);
    expect((await detail(other)).status).toBe(403);
    expect((await detail(candidate)).body.data.submission.code).toBe(CODE.pyAc);
    expect((await detail(author)).status).toBe(200);
    const theirs = await request(t.url).get('/api/get-exam-submission-list').query({ eid }).set('Authorization', other.token);
    expect(theirs.body.data.records).toEqual([]);
    const peek = await request(t.url)
      .post('/api/check-exam-submissions-status')
      .set('Authorization', other.token)
      .send({ eid, submitIds: [sub.submitId] });
    expect(peek.body.data).toEqual({});
    const all = await request(t.url).get('/api/get-exam-submission-list').query({ eid }).set('Authorization', author.token);
    expect(all.body.data.total).toBe(2);
  });

  it('counts the highest try after the end, and follows a rejudge of the exam problem', async () => {
    await setWindow(t, author, eid, { ...window, startTime: new Date(now - 120 * MIN), endTime: new Date(now - 60 * MIN) });
    const late = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', candidate.token)
      .send({ pid: 'P1', eid, language: 'Python3', code: CODE.pyAc });
    expect(late.status).toBe(403);
    const scored = (await ok(
      await request(t.url).post('/api/admin/exam/score-exam-papers').set('Authorization', author.token).send({ eid }),
    )) as { papers: number };
    expect(scored.papers).toBe(1);
    const paper = (await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', candidate.token)).body.data
      .records[0] as ExamPaper;
    expect(paper).toMatchObject({ programScore: 20, totalScore: 20 });
    const denied = await request(t.url)
      .get('/api/admin/judge/rejudge-exam-problem')
      .query({ eid, pid })
      .set('Authorization', t.users.problemAdmin.token);
    expect(denied.status).toBe(403);
    const res = (await ok(
      await request(t.url).get('/api/admin/judge/rejudge-exam-problem').query({ eid, pid }).set('Authorization', author.token),
    )) as { count: number };
    expect(res.count).toBe(2);
    const ids: { submit_id: number }[] = await t.dataSource.query('SELECT submit_id FROM judge WHERE eid = $1', [eid]);
    for (const { submit_id } of ids) await waitFinal(author, submit_id);
    const after = (
      await request(t.url).get('/api/get-exam-paper-list').query({ eid, uid: candidate.uid }).set('Authorization', author.token)
    ).body.data.records[0] as ExamPaper;
    expect(after).toMatchObject({ programScore: 20, totalScore: 20 });
  });
});
