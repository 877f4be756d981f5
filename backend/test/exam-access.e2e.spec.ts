/**
 * Exams over HTTP on the real database (issue 14): the §6 access matrix per auth and status, answers saved and
 * re-saved until the end and refused after it, scores shown by the realScore rule, marking by exam admins only,
 * the question bank's rules, re-scoring after a right answer changes.
 */
import { ContestAuth, ERR, EXAM_ERR, ExamPaper, QuestionType, Role, encodeBlankAnswer } from '@oj/contracts';
import request from 'supertest';
import { ExamClockService } from '../src/modules/exam/exam-clock.service';
import { addFourQuestions, createExam, EXAM_PASSWORD, MIN, ok, setWindow } from './exam-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';
import { eventually } from './utils/eventually';

jest.setTimeout(120_000);

type Auth = 'public' | 'private' | 'protected';
type Status = 'scheduled' | 'running' | 'ended';
type Caller = 'unregistered' | 'registered' | 'admin';
type Expect = [number, string?];

const AUTHS: Record<Auth, number> = { public: ContestAuth.Public, private: ContestAuth.Private, protected: ContestAuth.Protected };
const STATUSES: Status[] = ['scheduled', 'running', 'ended'];
const CALLERS: Caller[] = ['unregistered', 'registered', 'admin'];

/** Questions (product §6): login; private needs the password; not before the start (admins always). */
function expectQuestions(auth: Auth, status: Status, caller: Caller): Expect {
  if (caller === 'admin') return [200];
  if (auth === 'private' && caller === 'unregistered') return [403, EXAM_ERR.notRegistered];
  if (status === 'scheduled') return [403, EXAM_ERR.notStarted];
  return [200];
}

/** Saving answers: never after the end; before the start only admins; private/protected need the password. */
function expectSave(auth: Auth, status: Status, caller: Caller): Expect {
  if (status === 'ended') return [403, EXAM_ERR.examEnded];
  if (caller === 'admin') return [200];
  if (status === 'scheduled') return [403, EXAM_ERR.notStarted];
  if (auth !== 'public' && caller === 'unregistered') return [403, EXAM_ERR.notRegistered];
  return [200];
}

describe('exams over HTTP', () => {
  let t: TestApp;
  let author: TestUser;
  let otherAdmin: TestUser;
  let entrant: TestUser;
  let outsider: TestUser;
  const exams = new Map<string, { eid: number; q: { choice: number; judge: number; blank: number; answer: number } }>();

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    otherAdmin = t.users.problemAdmin;
    entrant = await t.createUser('e_entrant', Role.User);
    outsider = await t.createUser('e_outsider', Role.User);
    const now = Date.now();
    const windows: Record<Status, [Date, Date]> = {
      scheduled: [new Date(now + 60 * MIN), new Date(now + 120 * MIN)],
      running: [new Date(now - 30 * MIN), new Date(now + 60 * MIN)],
      ended: [new Date(now - 120 * MIN), new Date(now - 60 * MIN)],
    };
    for (const auth of Object.keys(AUTHS) as Auth[]) {
      for (const status of STATUSES) {
        // Made running so the entrant can enter, then moved to its window.
        const eid = await createExam(t, author, {
          title: `${auth}/${status}`,
          auth: AUTHS[auth],
          startTime: windows.running[0],
          endTime: windows.running[1],
        });
        const q = await addFourQuestions(t, author, eid);
        if (auth !== 'public')
          await ok(
            await request(t.url).post('/api/register-exam').set('Authorization', entrant.token).send({ eid, password: EXAM_PASSWORD }),
          );
        await setWindow(t, author, eid, {
          title: `${auth}/${status}`,
          auth: AUTHS[auth],
          startTime: windows[status][0],
          endTime: windows[status][1],
        });
        exams.set(`${auth}/${status}`, { eid, q });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const tokenOf = (caller: Caller) => (caller === 'admin' ? author : caller === 'registered' ? entrant : outsider).token;
  const check = (res: request.Response, [status, msg]: Expect) =>
    expect({ http: res.status, status: res.body.status, ...(msg ? { msg: res.body.msg } : {}) }).toEqual({
      http: status,
      status,
      ...(msg ? { msg } : {}),
    });

  const cases: [Auth, Status, Caller][] = [];
  for (const auth of Object.keys(AUTHS) as Auth[])
    for (const status of STATUSES) for (const caller of CALLERS) cases.push([auth, status, caller]);

  it.each(cases)('%s %s exam: %s caller', async (auth, status, caller) => {
    // 'registered' for a public exam is simply a logged-in user.
    const { eid, q } = exams.get(`${auth}/${status}`)!;
    const token = tokenOf(caller);
    const info = await request(t.url).get('/api/get-exam-info').query({ eid }).set('Authorization', token);
    check(info, [200]);
    expect(info.body.data).toMatchObject({ eid, status: { scheduled: -1, running: 0, ended: 1 }[status], auth: AUTHS[auth] });
    expect(info.body.data).not.toHaveProperty('pwd');
    expect(typeof info.body.data.now).toBe('string');
    const access = await request(t.url).get('/api/get-exam-access').query({ eid }).set('Authorization', token);
    expect(access.body.data).toEqual({ access: caller !== 'unregistered' || auth === 'public', handedInAt: null });
    const list = await request(t.url).get('/api/get-exam-question-list').query({ eid }).set('Authorization', token);
    check(list, expectQuestions(auth, status, caller));
    if (list.status === 200) {
      expect(list.body.data).toHaveLength(4);
      // Never the right answer nor the correct flags to anyone inside the exam.
      expect(JSON.stringify(list.body.data)).not.toContain('rightAnswer');
      expect(list.body.data[0].choices[0]).toEqual({ content: 'right one' });
    }
    const save = await request(t.url)
      .post('/api/submit-question')
      .set('Authorization', token)
      .send({ eid, questionId: q.judge, answer: 'true' });
    check(save, expectSave(auth, status, caller));
  });

  it('refuses the wrong password and a second entry', async () => {
    const { eid } = exams.get('private/running')!;
    const wrong = await request(t.url).post('/api/register-exam').set('Authorization', outsider.token).send({ eid, password: 'nope' });
    expect([wrong.status, wrong.body.msg]).toEqual([400, EXAM_ERR.wrongPassword]);
    const again = await request(t.url)
      .post('/api/register-exam')
      .set('Authorization', entrant.token)
      .send({ eid, password: EXAM_PASSWORD });
    expect([again.status, again.body.msg]).toEqual([400, EXAM_ERR.alreadyRegistered]);
  });

  it('keeps the stored password when an edit sends none, and needs one for a private exam that has none', async () => {
    const { eid } = exams.get('protected/running')!;
    const now = Date.now();
    const body = {
      id: eid,
      title: 'protected/running',
      auth: ContestAuth.Protected,
      startTime: new Date(now - 30 * MIN).toISOString(),
      endTime: new Date(now + 60 * MIN).toISOString(),
    };
    await ok(await request(t.url).put('/api/admin/exam').set('Authorization', author.token).send(body));
    const edited = (await ok(await request(t.url).get('/api/admin/exam').query({ eid }).set('Authorization', author.token))) as {
      pwd: string;
    };
    expect(edited.pwd).toBe(EXAM_PASSWORD);
    const { eid: open } = exams.get('public/running')!;
    const res = await request(t.url)
      .put('/api/admin/exam')
      .set('Authorization', author.token)
      .send({ ...body, id: open, auth: ContestAuth.Private });
    expect([res.status, res.body.msg]).toEqual([400, EXAM_ERR.passwordRequired]);
    const other = await request(t.url).get('/api/admin/exam').query({ eid }).set('Authorization', otherAdmin.token);
    expect(other.status).toBe(403);
  });

  it('answers ids outside the integer range without a 5xx', async () => {
    const { eid } = exams.get('public/running')!;
    const calls = [
      request(t.url).get('/api/get-question-detail').query({ questionId: '3000000000' }),
      request(t.url).get('/api/get-my-answer').query({ eid, questionId: '-3000000000' }).set('Authorization', entrant.token),
      request(t.url).post('/api/submit-question').set('Authorization', entrant.token).send({ eid, questionId: 3000000000, answer: 'A' }),
      request(t.url).get('/api/admin/question').query({ qid: '3000000000' }).set('Authorization', author.token),
      request(t.url)
        .post('/api/submit-exam-paper-score')
        .set('Authorization', author.token)
        .send({ eid, uid: entrant.uid, questionScores: [{ questionId: 3000000000, score: 3000000000 }] }),
    ];
    for (const res of await Promise.all(calls)) expect([400, 404]).toContain(res.status);
  });

  it('needs a login for everything inside an exam', async () => {
    const { eid } = exams.get('public/running')!;
    expect((await request(t.url).get('/api/get-exam-question-list').query({ eid })).status).toBe(401);
    expect((await request(t.url).post('/api/submit-question').send({ eid, questionId: 1, answer: 'A' })).status).toBe(401);
  });

  describe('answers, the end, scores and marking', () => {
    let eid: number;
    let q: { choice: number; judge: number; blank: number; answer: number };
    const now = Date.now();
    const running = { title: 'paper', auth: ContestAuth.Public, startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) };

    beforeAll(async () => {
      eid = await createExam(t, author, running);
      q = await addFourQuestions(t, author, eid);
    });

    const save = (user: TestUser, questionId: number, answer: string) =>
      request(t.url).post('/api/submit-question').set('Authorization', user.token).send({ eid, questionId, answer });

    it('saves and re-saves answers while the exam runs, without showing scores (realScore off)', async () => {
      const first = await save(entrant, q.choice, 'A');
      expect(first.body.data).toMatchObject({ eid, questionId: q.choice, answer: 'A', score: null });
      const again = await save(entrant, q.choice, 'ca');
      expect(again.body.data).toMatchObject({ answer: 'AC', score: null });
      await ok(await save(entrant, q.judge, 'false'));
      await ok(await save(entrant, q.blank, encodeBlankAnswer([' paris ', 'FORTY-TWO'])));
      await ok(await save(entrant, q.answer, 'my essay'));
      const mine = await request(t.url).get('/api/get-my-answer').query({ eid, questionId: q.choice }).set('Authorization', entrant.token);
      expect(mine.body.data).toMatchObject({ answer: 'AC', score: null });
      const status = await request(t.url).get('/api/get-exam-question-status').query({ eid }).set('Authorization', entrant.token);
      expect(status.body.data.map((s: { answered: boolean; score: number | null }) => [s.answered, s.score])).toEqual([
        [true, null],
        [true, null],
        [true, null],
        [true, null],
      ]);
      const paper = await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', entrant.token);
      expect(paper.body.data.records).toHaveLength(1);
      expect(paper.body.data.records[0]).toMatchObject({ uid: entrant.uid, totalScore: null });
      expect(
        paper.body.data.records[0].items.every(
          (i: { score: number | null; rightAnswer: string | null }) => i.score === null && i.rightAnswer === null,
        ),
      ).toBe(true);
    });

    it('refuses a choice the question does not have, and a judge answer that is neither true nor false', async () => {
      const bad = await save(entrant, q.choice, 'AZ');
      expect([bad.status, bad.body.msg]).toEqual([400, ERR.wrongChoice]);
      const judge = await save(entrant, q.judge, 'maybe');
      expect([judge.status, judge.body.msg]).toEqual([400, EXAM_ERR.answerInvalid]);
    });

    it("never shows another candidate's paper or answers to a candidate", async () => {
      await ok(await save(outsider, q.judge, 'true'));
      const paper = await request(t.url)
        .get('/api/get-exam-paper-list')
        .query({ eid, uid: outsider.uid })
        .set('Authorization', entrant.token);
      expect(paper.body.data.records.map((p: ExamPaper) => p.uid)).toEqual([entrant.uid]);
    });

    it('shows scores during the exam when realScore is on', async () => {
      await setWindow(t, author, eid, { ...running, realScore: true });
      const mine = await request(t.url).get('/api/get-my-answer').query({ eid, questionId: q.choice }).set('Authorization', entrant.token);
      expect(mine.body.data).toMatchObject({ answer: 'AC', score: 4 });
      await setWindow(t, author, eid, { ...running, realScore: false });
    });

    it('refuses answers after the end, then scores the paper: objective automatically, the answer question unmarked', async () => {
      await setWindow(t, author, eid, { ...running, startTime: new Date(now - 120 * MIN), endTime: new Date(now - 60 * MIN) });
      const late = await save(entrant, q.choice, 'A');
      expect([late.status, late.body.msg]).toEqual([403, EXAM_ERR.examEnded]);
      const res = await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', entrant.token);
      const paper = res.body.data.records[0] as ExamPaper;
      // choice AC = 4, judge wrong = 0, blank both right (normalised, alternative) = 6, answer not marked yet.
      expect(paper).toMatchObject({
        objectiveScore: 10,
        subjectiveScore: 0,
        programScore: 0,
        totalScore: 10,
        fullScore: 22,
        marked: false,
      });
      const byType = Object.fromEntries(paper.items.map((i) => [i.type, i]));
      expect(byType[QuestionType.Choice]).toMatchObject({ answer: 'AC', score: 4, rightAnswer: 'AC' });
      expect(byType[QuestionType.Answer]).toMatchObject({ answer: 'my essay', score: null, rightAnswer: 'reference answer' });
    });

    it('lets only exam admins mark, and the total follows', async () => {
      const body = { eid, uid: entrant.uid, questionScores: [{ questionId: q.answer, score: 7 }] };
      for (const user of [entrant, otherAdmin]) {
        const denied = await request(t.url).post('/api/submit-exam-paper-score').set('Authorization', user.token).send(body);
        expect(denied.status).toBe(403);
      }
      const tooMuch = await request(t.url)
        .post('/api/submit-exam-paper-score')
        .set('Authorization', author.token)
        .send({ ...body, questionScores: [{ questionId: q.answer, score: 11 }] });
      expect([tooMuch.status, tooMuch.body.msg]).toEqual([400, EXAM_ERR.scoreInvalid]);
      const marked = (await ok(
        await request(t.url).post('/api/submit-exam-paper-score').set('Authorization', author.token).send(body),
      )) as ExamPaper;
      expect(marked).toMatchObject({ subjectiveScore: 7, totalScore: 17, marked: true });
      const seen = await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', entrant.token);
      expect(seen.body.data.records[0]).toMatchObject({ totalScore: 17 });
      const all = await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', author.token);
      expect(all.body.data.records.map((p: ExamPaper) => [p.uid, p.totalScore])).toEqual([
        [entrant.uid, 17],
        [outsider.uid, 2],
      ]);
    });

    it('re-scores objective answers after a right answer changes (exam admins only)', async () => {
      const items = (await ok(
        await request(t.url).get('/api/admin/exam/get-question-list').query({ eid }).set('Authorization', author.token),
      )) as {
        questionId: number;
        question: Record<string, unknown>;
      }[];
      const judge = items.find((i) => i.questionId === q.judge)!.question;
      await ok(
        await request(t.url)
          .put('/api/admin/question')
          .set('Authorization', author.token)
          .send({ ...judge, rightAnswer: 'false' }),
      );
      const denied = await request(t.url)
        .post('/api/rejudge-question')
        .set('Authorization', entrant.token)
        .send({ eid, questionId: q.judge });
      expect(denied.status).toBe(403);
      const res = await ok(
        await request(t.url).post('/api/rejudge-question').set('Authorization', author.token).send({ eid, questionId: q.judge }),
      );
      expect(res).toEqual({ rescored: 2 });
      const all = await request(t.url).get('/api/get-exam-paper-list').query({ eid }).set('Authorization', author.token);
      expect(all.body.data.records.map((p: ExamPaper) => [p.uid, p.totalScore])).toEqual([
        [entrant.uid, 19],
        [outsider.uid, 0],
      ]);
    });

    it('scores every paper on demand for exam admins', async () => {
      const res = (await ok(
        await request(t.url).post('/api/admin/exam/score-exam-papers').set('Authorization', author.token).send({ eid }),
      )) as { papers: number };
      expect(res.papers).toBe(2);
    });

    it("re-scores saved answers when a question's points change", async () => {
      const items = (await ok(
        await request(t.url).get('/api/admin/exam/get-question-list').query({ eid }).set('Authorization', author.token),
      )) as {
        id: number;
        questionId: number;
      }[];
      const link = items.find((i) => i.questionId === q.choice)!;
      await ok(
        await request(t.url).put('/api/admin/exam/exam-question').set('Authorization', author.token).send({ id: link.id, score: 8 }),
      );
      const all = await request(t.url).get('/api/get-exam-paper-list').query({ eid, uid: entrant.uid }).set('Authorization', author.token);
      expect(all.body.data.records[0]).toMatchObject({ totalScore: 23, fullScore: 26 });
    });
  });

  it('scores every paper of an autoRealScore exam when the clock sees it end', async () => {
    const now = Date.now();
    const spec = { title: 'clock', auth: ContestAuth.Public, startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) };
    const eid = await createExam(t, author, spec);
    const q = await addFourQuestions(t, author, eid);
    await ok(
      await request(t.url)
        .post('/api/submit-question')
        .set('Authorization', entrant.token)
        .send({ eid, questionId: q.judge, answer: 'true' }),
    );
    await t.dataSource.query('UPDATE exam SET status = 0 WHERE id = $1', [eid]);
    await setWindow(t, author, eid, { ...spec, startTime: new Date(now - 120 * MIN), endTime: new Date(now - 60 * MIN) });
    await t.get<ExamClockService>(ExamClockService).tick();
    // The app's own 5-second tick may have seen the end first and be scoring: give it a moment.
    const paper = await eventually('the paper scored', async () => {
      const [row] = await t.dataSource.query('SELECT uid, total_score AS "totalScore" FROM exam_paper WHERE eid = $1', [eid]);
      return row as unknown;
    });
    expect(paper).toEqual({ uid: entrant.uid, totalScore: 2 });
    const [exam] = await t.dataSource.query('SELECT status, scored_at AS "scoredAt" FROM exam WHERE id = $1', [eid]);
    expect(exam.status).toBe(1);
    expect(exam.scoredAt).not.toBeNull();
  });

  describe('question bank', () => {
    const post = (body: Record<string, unknown>, user = author) =>
      request(t.url).post('/api/admin/question').set('Authorization', user.token).send(body);

    it('needs choices and a right answer for a choice question, one letter for a single choice', async () => {
      const base = { displayId: `QB-${process.pid}`, type: QuestionType.Choice, description: 'pick' };
      expect((await post({ ...base, choices: [] })).body.msg).toBe(ERR.questionNoChoices);
      expect((await post({ ...base, choices: [{ content: 'a', status: false }] })).body.msg).toBe(ERR.questionNoAnswer);
      expect(
        (
          await post({
            ...base,
            choices: [
              { content: 'a', status: true },
              { content: 'b', status: true },
            ],
          })
        ).body.msg,
      ).toBe(ERR.wrongChoice);
      const created = (await ok(await post({ ...base, choices: [{ content: 'a', status: true }], auth: 1 }))) as {
        id: number;
        rightAnswer: string;
      };
      expect(created.rightAnswer).toBe('A');
      expect((await post({ ...base, choices: [{ content: 'a', status: true }] })).body.msg).toBe(EXAM_ERR.questionDisplayIdExists);
      // Public question, answer not shared: anyone sees it, without the right answer.
      const detail = await request(t.url).get('/api/get-question-detail').query({ questionId: created.id });
      expect(detail.body.data).toMatchObject({ id: created.id, rightAnswer: null });
      expect(detail.body.data.choices).toEqual([{ content: 'a', status: false }]);
      // Another admin may not change it; users may not reach the bank.
      const put = await request(t.url)
        .put('/api/admin/question')
        .set('Authorization', otherAdmin.token)
        .send({ ...base, id: created.id, choices: [{ content: 'a', status: true }] });
      expect(put.status).toBe(403);
      expect((await request(t.url).get('/api/admin/question/get-question-list').set('Authorization', entrant.token)).status).toBe(403);
    });

    it('hides exam-only questions from get-question-detail', async () => {
      const { q } = exams.get('public/running')!;
      expect(
        (await request(t.url).get('/api/get-question-detail').query({ questionId: q.choice }).set('Authorization', entrant.token)).status,
      ).toBe(404);
    });
  });
});
