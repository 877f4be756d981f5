/**
 * One submit path (issue 33): practice, contest, exam and training submissions resolve their context in their own
 * module and are stored and enqueued by the submission module's one writer (SubmissionWriter.create), so a failed
 * enqueue ends the same way in every context. No judge worker: the queue is only watched.
 */
import { ContestAuth, JUDGE_PRIORITY, JudgeStatus } from '@oj/contracts';
import request from 'supertest';
import { addProblem, createContest, MIN } from './contest-fixtures';
import { createExam, ok } from './exam-fixtures';
import { setSubmitInterval } from './fixtures/pipeline-helpers';
import { addTrainingProblem, bankProblem, createTraining } from './training-fixtures';
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import { SubmissionWriter } from '../src/modules/submission-store/submission-writer.service';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(120_000);

const CODE = 'int main() { return 0; }';

describe('one writer for every submit context', () => {
  let t: TestApp;
  let user: TestUser;
  let problemId: string;
  let cid: number;
  let eid: number;
  let tid: number;

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    user = await t.createUser('w_user');
    const problem = await bankProblem(t, 'A+B');
    problemId = problem.problemId;
    const now = Date.now();
    const window = { auth: ContestAuth.Public, startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) };
    cid = await createContest(t, t.users.admin, { title: 'writer contest', ...window });
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
    eid = await createExam(t, t.users.admin, { title: 'writer exam', ...window });
    await ok(
      await request(t.url)
        .post('/api/admin/exam/add-problem-from-public')
        .set('Authorization', t.users.admin.token)
        .send({ eid, pid: problem.id, displayId: 'P1', score: 20 }),
    );
    tid = await createTraining(t, t.users.admin, { title: 'writer training' });
    await addTrainingProblem(t, t.users.admin, tid, problem.id, 'T1');
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t?.close());

  /** The same call in each context; its `pid` is the id the context knows the problem by. */
  const contexts = () =>
    [
      ['practice', { pid: problemId }],
      ['contest', { pid: 'A', cid }],
      ['exam', { pid: 'P1', eid }],
      ['training', { pid: 'T1', tid }],
    ] as const;
  const submitIn = (context: object) =>
    request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', user.token)
      .send({ language: 'C++', code: CODE, ...context });
  const row = async (submitId: number) =>
    (
      await t.dataSource.query(`SELECT status, cid, cpid, eid, tid, display_pid AS "displayPid", length FROM judge WHERE submit_id = $1`, [
        submitId,
      ])
    )[0] as { status: number; cid: number; cpid: number; eid: number; tid: number | null; displayPid: string; length: number };

  it('stores every context through SubmissionWriter.create, with the context, priority and interval it resolved', async () => {
    const create = jest.spyOn(t.get<SubmissionWriter>(SubmissionWriter), 'create');
    const enqueue = jest.spyOn(t.get<JudgeQueueService>(JudgeQueueService), 'enqueueJudge');
    const stored: Record<string, unknown> = {};
    for (const [name, context] of contexts()) {
      const res = await submitIn(context);
      expect([name, res.body.status, res.body.data.status]).toEqual([name, 200, JudgeStatus.Pending]);
      // The HOJ answer: the stored row without its code and bookkeeping.
      expect(res.body.data).not.toHaveProperty('code');
      const { status: _s, ...where } = await row(res.body.data.submitId);
      stored[name] = where;
    }
    expect(stored).toEqual({
      practice: { cid: 0, cpid: 0, eid: 0, tid: null, displayPid: problemId, length: CODE.length },
      contest: { cid, cpid: expect.any(Number), eid: 0, tid: null, displayPid: 'A', length: CODE.length },
      exam: { cid: 0, cpid: 0, eid, tid: null, displayPid: 'P1', length: CODE.length },
      training: { cid: 0, cpid: 0, eid: 0, tid, displayPid: problemId, length: CODE.length },
    });
    expect(create.mock.calls.map(([ctx]) => [ctx.cid ?? 0, ctx.eid ?? 0, ctx.tid ?? null, ctx.priority, ctx.submitInterval])).toEqual([
      [0, 0, null, JUDGE_PRIORITY.normal, true],
      [cid, 0, null, JUDGE_PRIORITY.contest, false],
      [0, eid, null, JUDGE_PRIORITY.contest, false],
      [0, 0, tid, JUDGE_PRIORITY.normal, true],
    ]);
    expect(enqueue.mock.calls.map((call) => call[2])).toEqual([
      JUDGE_PRIORITY.normal,
      JUDGE_PRIORITY.contest,
      JUDGE_PRIORITY.contest,
      JUDGE_PRIORITY.normal,
    ]);
  });

  it('a failed enqueue marks the submission Submitted Failed alike in practice, contest, exam and training', async () => {
    jest.spyOn(t.get<JudgeQueueService>(JudgeQueueService), 'enqueueJudge').mockRejectedValue(new Error('redis is away'));
    const queue = t.get<JudgeQueueService>(JudgeQueueService).queue;
    const answers: Record<string, [number, number, boolean]> = {};
    const failed: number[] = [];
    for (const [name, context] of contexts()) {
      const res = await submitIn(context);
      expect([name, res.body.status]).toEqual([name, 200]);
      const submitId = res.body.data.submitId as number;
      failed.push(submitId);
      answers[name] = [res.body.data.status, (await row(submitId)).status, !!(await queue.getJob(String(submitId)))];
    }
    const same: [number, number, boolean] = [JudgeStatus.SubmittedFailed, JudgeStatus.SubmittedFailed, false];
    expect(answers).toEqual({ practice: same, contest: same, exam: same, training: same });

    // Once the queue answers again, each of them can be resubmitted (GET /api/resubmit) and waits for a judge.
    jest.restoreAllMocks();
    for (const submitId of failed) {
      const res = await request(t.url).get('/api/resubmit').query({ submitId }).set('Authorization', user.token);
      expect([res.body.status, res.body.data.status, (await row(submitId)).status]).toEqual([
        200,
        JudgeStatus.Pending,
        JudgeStatus.Pending,
      ]);
      expect(await queue.getJob(String(submitId))).toBeTruthy();
    }
  });
});
