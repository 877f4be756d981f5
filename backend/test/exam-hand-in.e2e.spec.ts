/** Handing in (交卷, issue 37): a candidate finishes early; answers kept, the paper closed and scored. */
import { EXAM_ERR, ExamPaper, Role } from '@oj/contracts';
import request from 'supertest';
import { MIN, addFourQuestions, createExam } from './exam-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('hand-in-exam', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const save = (u: TestUser, eid: number, questionId: number, answer: string) =>
    request(t.url).post('/api/submit-question').set('Authorization', u.token).send({ eid, questionId, answer });
  const handIn = (u: TestUser, eid: number) => request(t.url).post('/api/hand-in-exam').set('Authorization', u.token).send({ eid });
  const access = async (u: TestUser, eid: number) =>
    (await request(t.url).get('/api/get-exam-access').query({ eid }).set('Authorization', u.token)).body.data as {
      access: boolean;
      handedInAt: string | null;
    };

  it('keeps the saved answers, closes the paper to answers and programs, and scores it when real scores show', async () => {
    const eid = await createExam(t, t.users.admin, {
      startTime: new Date(Date.now() - MIN),
      endTime: new Date(Date.now() + 60 * MIN),
      realScore: true,
    });
    const q = await addFourQuestions(t, t.users.admin, eid);
    const alice = await t.createUser('hand_alice', Role.User);
    expect((await save(alice, eid, q.judge, 'true')).status).toBe(200);
    expect((await save(alice, eid, q.choice, 'A,C')).status).toBe(200);
    expect(await access(alice, eid)).toEqual({ access: true, handedInAt: null });

    const res = await handIn(alice, eid);
    expect(res.status).toBe(200);
    const paper = res.body.data as ExamPaper;
    expect(paper.handedInAt).not.toBeNull();
    expect(paper.answered).toBe(2);
    expect(paper.objectiveScore).toBe(6);
    expect(paper.totalScore).toBe(6);
    expect((await access(alice, eid)).handedInAt).toBe(paper.handedInAt);

    const late = await save(alice, eid, q.blank, encodeURIComponent('Paris'));
    expect([late.status, late.body.msg]).toEqual([403, EXAM_ERR.handedIn]);
    const program = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', alice.token)
      .send({ eid, pid: 'P1', language: 'C++', code: 'int main(){}', isRemote: false });
    expect([program.status, program.body.msg]).toEqual([403, EXAM_ERR.handedIn]);
    // handing in again answers the same paper
    const again = await handIn(alice, eid);
    expect([again.status, again.body.data.handedInAt]).toEqual([200, paper.handedInAt]);
    // another candidate still answers
    const bob = await t.createUser('hand_bob', Role.User);
    expect((await save(bob, eid, q.judge, 'false')).status).toBe(200);
  });

  it('hides the score until the end without real scores, and refuses a hand-in after the end', async () => {
    const eid = await createExam(t, t.users.admin, {
      startTime: new Date(Date.now() - MIN),
      endTime: new Date(Date.now() + 60 * MIN),
      realScore: false,
    });
    const q = await addFourQuestions(t, t.users.admin, eid);
    const carol = await t.createUser('hand_carol', Role.User);
    await save(carol, eid, q.judge, 'true');
    const res = await handIn(carol, eid);
    expect(res.status).toBe(200);
    expect([res.body.data.handedInAt === null, res.body.data.totalScore]).toEqual([false, null]);

    const ended = await createExam(t, t.users.admin, { startTime: new Date(Date.now() - 60 * MIN), endTime: new Date(Date.now() - MIN) });
    const late = await handIn(carol, ended);
    expect([late.status, late.body.msg]).toEqual([403, EXAM_ERR.examEnded]);
  });
});
