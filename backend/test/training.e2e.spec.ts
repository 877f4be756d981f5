/**
 * Trainings over HTTP: admin CRUD with each validation rule, problems and categories, and training
 * submissions moving the rank, the problem counts and the user's progress.
 */
import { ERR, JudgeStatus, ProblemAuth, Role, TRAINING_ERR, TrainingAuth } from '@oj/contracts';
import request from 'supertest';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { addTrainingProblem, bankProblem, createTraining, submitInTraining, verdict } from './training-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(60_000);

describe('training admin and rank', () => {
  let t: TestApp;
  let author: TestUser;
  let p1: Problem;
  let p2: Problem;

  beforeAll(async () => {
    t = await createTestApp();
    // Several submissions per user in a row: no interval between non-contest submissions here.
    await request(t.url)
      .put('/api/admin/switch/update')
      .set('Authorization', t.users.root.token)
      .send({ defaultSubmitInterval: 0 })
      .expect(200);
    author = t.users.problemAdmin;
    p1 = await bankProblem(t, 'First');
    p2 = await bankProblem(t, 'Second');
  });
  afterAll(() => t?.close());

  const admin = (who: TestUser) => ({
    get: (path: string, q: Record<string, unknown> = {}) =>
      request(t.url).get(`/api/admin/training${path}`).query(q).set('Authorization', who.token),
    post: (path: string, body: unknown) =>
      request(t.url)
        .post(`/api/admin/training${path}`)
        .set('Authorization', who.token)
        .send(body as object),
    put: (path: string, body: unknown, q: Record<string, unknown> = {}) =>
      request(t.url)
        .put(`/api/admin/training${path}`)
        .query(q)
        .set('Authorization', who.token)
        .send(body as object),
    del: (path: string, q: Record<string, unknown>) =>
      request(t.url).delete(`/api/admin/training${path}`).query(q).set('Authorization', who.token),
  });

  describe('admin calls', () => {
    it('keeps the admin area to admin roles', async () => {
      const res = await admin(t.users.user).get('/get-training-list');
      expect([res.status, res.body.msg]).toEqual([403, expect.any(String)]);
      expect((await admin(t.users.admin).get('/get-training-list')).status).toBe(200);
      expect((await admin(author).get('/get-training-list')).status).toBe(200);
    });

    it('refuses a training without a title, a private one without a password, a wrong auth, an unknown category; nothing is stored', async () => {
      const cases: [Record<string, unknown>, unknown, string][] = [
        [{ title: '', auth: 'Public' }, null, TRAINING_ERR.titleRequired],
        [{ title: '   ', auth: 'Public' }, null, TRAINING_ERR.titleRequired],
        [{ auth: 'Public' }, null, TRAINING_ERR.titleRequired],
        [{ title: 'X', auth: 'Private', privatePwd: '' }, null, TRAINING_ERR.passwordRequired],
        [{ title: 'X', auth: 'Protected' }, null, TRAINING_ERR.authInvalid],
        [{ title: 'X', auth: 'Public' }, { id: 987654 }, TRAINING_ERR.categoryNotFound],
      ];
      for (const [training, trainingCategory, msg] of cases) {
        const res = await admin(author).post('', { training, trainingCategory });
        expect([res.status, res.body.msg]).toEqual([400, msg]);
      }
      expect((await admin(author).get('/get-training-list')).body.data.total).toBe(0);
    });

    it('creates, reads, edits and hides a training in a category; only its author and root change it', async () => {
      const cat = await admin(author).post('/category', { name: 'Basics', color: '#00aa00' });
      expect(cat.body.data).toMatchObject({ name: 'Basics', color: '#00aa00' });
      const noName = await admin(author).post('/category', { name: ' ' });
      expect([noName.status, noName.body.msg]).toEqual([400, TRAINING_ERR.categoryNameRequired]);
      const tid = await createTraining(t, author, { title: 'Loops', auth: TrainingAuth.Private, categoryId: cat.body.data.id });
      const got = await admin(author).get('', { tid });
      expect(got.body.data.training).toMatchObject({
        id: tid,
        title: 'Loops',
        auth: 'Private',
        privatePwd: 'training-pw',
        author: author.username,
      });
      expect(got.body.data.trainingCategory).toMatchObject({ id: cat.body.data.id, name: 'Basics', color: '#00aa00' });
      // Another admin may not read the password nor change it; root may.
      for (const [who, status] of [
        [t.users.admin, 403],
        [t.users.root, 200],
      ] as const) {
        expect((await admin(who).get('', { tid })).status).toBe(status);
      }
      const foreign = await admin(t.users.admin).put('', { training: { id: tid, title: 'Taken', auth: 'Public' } });
      expect([foreign.status, foreign.body.msg]).toEqual([403, ERR.noPermission]);
      // An edit that leaves the password out keeps it; switching to Public drops it.
      const edit = await admin(author).put('', {
        training: { id: tid, title: 'Loops 2', auth: 'Private', rank: 3 },
        trainingCategory: { id: cat.body.data.id },
      });
      expect(edit.body).toEqual({ status: 200, msg: 'success', data: null });
      expect((await admin(author).get('', { tid })).body.data.training).toMatchObject({
        title: 'Loops 2',
        rank: 3,
        privatePwd: 'training-pw',
      });
      const empty = await admin(author).put('', { training: { id: tid, title: 'Loops 2', auth: 'Private', privatePwd: '' } });
      expect([empty.status, empty.body.msg]).toEqual([400, TRAINING_ERR.passwordRequired]);
      const hide = await admin(author).put('/change-training-status', {}, { tid, author: author.username, status: 'false' });
      expect(hide.status).toBe(200);
      const seen = await request(t.url).get('/api/get-training-detail').query({ tid }).set('Authorization', t.users.user.token);
      expect([seen.status, seen.body.msg]).toEqual([404, ERR.notFound]);
      await admin(author).put('/change-training-status', {}, { tid, status: true }).expect(200);
      const list = await request(t.url).get('/api/get-training-list').query({ categoryId: cat.body.data.id, auth: 'Private' });
      expect(list.body.data.records).toEqual([
        expect.objectContaining({ id: tid, categoryName: 'Basics', categoryColor: '#00aa00', auth: 'Private' }),
      ]);
      expect(
        (await request(t.url).get('/api/get-training-list').query({ auth: 'Public', categoryId: cat.body.data.id })).body.data.total,
      ).toBe(0);
      // Deleting the category keeps the training, without a category.
      await admin(author).del('/category', { cid: cat.body.data.id }).expect(200);
      expect((await admin(author).get('', { tid })).body.data.trainingCategory).toBeNull();
      const missing = await admin(author).del('/category', { cid: cat.body.data.id });
      expect([missing.status, missing.body.msg]).toEqual([404, TRAINING_ERR.categoryNotFound]);
      const cats = await request(t.url).get('/api/get-training-category');
      expect(cats.body.data).toEqual([]);
      // Delete: not by another admin; by the author.
      expect((await admin(t.users.admin).del('', { tid })).status).toBe(403);
      await admin(author).del('', { tid }).expect(200);
      expect((await admin(author).get('', { tid })).status).toBe(404);
    });

    it('adds bank problems once each under unique display ids, reorders and removes them', async () => {
      const tid = await createTraining(t, author, { title: 'Set' });
      const hidden = await bankProblem(t, 'Private bank', ProblemAuth.Private);
      await addTrainingProblem(t, author, tid, p1.id, 'A');
      const twice = await admin(author).post('/add-problem-from-public', { tid, pid: p1.id, displayId: 'Z' });
      expect([twice.status, twice.body.msg]).toEqual([400, TRAINING_ERR.problemAlreadyInTraining]);
      const taken = await admin(author).post('/add-problem-from-public', { tid, pid: p2.id, displayId: 'A' });
      expect([taken.status, taken.body.msg]).toEqual([400, TRAINING_ERR.displayIdExists]);
      const noId = await admin(author).post('/add-problem-from-public', { tid, pid: p2.id, displayId: '' });
      expect([noId.status, noId.body.msg]).toEqual([400, TRAINING_ERR.displayIdRequired]);
      const priv = await admin(author).post('/add-problem-from-public', { tid, pid: hidden.id, displayId: 'H' });
      expect(priv.status).toBe(404);
      const foreign = await admin(t.users.admin).post('/add-problem-from-public', { tid, pid: p2.id, displayId: 'B' });
      expect(foreign.status).toBe(403);
      await addTrainingProblem(t, author, tid, p2.id, 'B');

      const existing = await admin(author).get('/get-problem-list', { tid, queryExisted: true });
      expect(existing.body.data.problemList.records.map((p: Problem) => p.id)).toEqual([p1.id, p2.id]);
      const map = existing.body.data.trainingProblemMap;
      expect(map[p1.id]).toMatchObject({ displayId: 'A', rank: 1 });
      const addable = await admin(author).get('/get-problem-list', { tid, queryExisted: 'false', limit: 100 });
      const addableIds = addable.body.data.problemList.records.map((p: Problem) => p.id);
      expect(addableIds).not.toContain(p1.id);
      expect(addableIds).not.toContain(hidden.id);

      // Reorder: B first; a display id clash is refused.
      await admin(author).put('/problem', { id: map[p2.id].id, tid, pid: p2.id, displayId: 'B', rank: 0 }).expect(200);
      const clash = await admin(author).put('/problem', { id: map[p2.id].id, displayId: 'A' });
      expect([clash.status, clash.body.msg]).toEqual([400, TRAINING_ERR.displayIdExists]);
      const list = await request(t.url).get('/api/get-training-problem-list').query({ tid }).set('Authorization', t.users.user.token);
      expect(list.body.data.map((r: { problemId: string }) => r.problemId)).toEqual(['B', 'A']);
      expect(list.body.data[0]).toMatchObject({ pid: p2.id, title: 'Second', total: 0, ac: 0, myStatus: null });

      await admin(author).del('/problem', { tid, pid: p1.id }).expect(200);
      const gone = await admin(author).del('/problem', { tid, pid: p1.id });
      expect([gone.status, gone.body.msg]).toEqual([404, TRAINING_ERR.problemNotInTraining]);
      expect(
        (await request(t.url).get('/api/get-training-detail').query({ tid }).set('Authorization', author.token)).body.data.problemCount,
      ).toBe(1);
    });
  });

  describe('submissions inside a training', () => {
    let tid: number;
    let solver: TestUser;
    let trier: TestUser;

    beforeAll(async () => {
      tid = await createTraining(t, author, { title: 'Ranked', auth: TrainingAuth.Public });
      await addTrainingProblem(t, author, tid, p1.id, 'A');
      await addTrainingProblem(t, author, tid, p2.id, 'B');
      solver = await t.createUser('tr_solver', Role.User);
      trier = await t.createUser('tr_trier', Role.User);
    });

    const rank = (who: TestUser, q: Record<string, unknown> = {}) =>
      request(t.url)
        .get('/api/get-training-rank')
        .query({ tid, ...q })
        .set('Authorization', who.token);

    it('moves the rank, the problem counts and the progress with each result', async () => {
      expect((await rank(solver)).body.data).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
      const wa = await submitInTraining(t, solver, tid, 'A');
      expect(wa.body.data).toMatchObject({ status: JudgeStatus.Pending, displayPid: p1.problemId });
      await verdict(t, wa.body.data.submitId, JudgeStatus.WrongAnswer);
      // The bank problem id names the same training problem (HOJ's client submits it).
      const ac = await submitInTraining(t, solver, tid, p1.problemId);
      await verdict(t, ac.body.data.submitId, JudgeStatus.Accepted, 40);
      const tr = await submitInTraining(t, trier, tid, 'B');
      await verdict(t, tr.body.data.submitId, JudgeStatus.TimeLimitExceeded);
      // The author's own tries stay off the board (HOJ).
      const own = await submitInTraining(t, author, tid, 'A');
      await verdict(t, own.body.data.submitId, JudgeStatus.Accepted);

      const board = (await rank(trier)).body.data;
      expect(board.total).toBe(2);
      expect(board.records[0]).toMatchObject({
        rank: 1,
        uid: solver.uid,
        username: solver.username,
        ac: 1,
        totalRunTime: 40,
        // An ACM problem's submissions carry no score (HOJ: null).
        submissionInfo: { A: { status: JudgeStatus.Accepted, isAC: true, runTime: 40, tries: 2, score: null } },
      });
      expect(board.records[1]).toMatchObject({
        rank: 2,
        uid: trier.uid,
        ac: 0,
        submissionInfo: { B: { status: JudgeStatus.TimeLimitExceeded, isAC: false, tries: 1 } },
      });
      expect((await rank(trier, { keyword: 'TR_TRI' })).body.data.records.map((r: { uid: string }) => r.uid)).toEqual([trier.uid]);

      const detail = await request(t.url).get('/api/get-training-detail').query({ tid }).set('Authorization', solver.token);
      expect(detail.body.data).toMatchObject({ problemCount: 2, acCount: 1 });
      const list = await request(t.url).get('/api/get-training-list').set('Authorization', solver.token);
      expect(list.body.data.records.find((r: { id: number }) => r.id === tid)).toMatchObject({ problemCount: 2, acCount: 1 });
      const problems = await request(t.url).get('/api/get-training-problem-list').query({ tid }).set('Authorization', solver.token);
      expect(
        problems.body.data.map((r: { problemId: string; total: number; ac: number; myStatus: unknown }) => [
          r.problemId,
          r.total,
          r.ac,
          r.myStatus,
        ]),
      ).toEqual([
        ['A', 3, 2, { status: JudgeStatus.Accepted, score: null }],
        ['B', 1, 0, null],
      ]);
      const page = await request(t.url)
        .get('/api/get-training-problem-details')
        .query({ cid: tid, displayId: 'A' })
        .set('Authorization', solver.token);
      expect(page.body.data.problem).toMatchObject({ id: p1.id, problemId: 'A', title: 'First' });
      expect(page.body.data.languages).toEqual(['C++']);
      const missing = await request(t.url)
        .get('/api/get-training-problem-details')
        .query({ tid, displayId: 'Z' })
        .set('Authorization', solver.token);
      expect([missing.status, missing.body.msg]).toEqual([404, TRAINING_ERR.problemNotInTraining]);
    });

    it("answers HOJ's get-full-screen-problem-list with a tid: the training's problems with the caller's state", async () => {
      const full = await request(t.url)
        .get('/api/get-full-screen-problem-list')
        .query({ tid: String(tid) })
        .set('Authorization', solver.token)
        .expect(200);
      expect(full.body.data).toEqual([
        { pid: p1.id, problemId: 'A', title: 'First', status: JudgeStatus.Accepted, score: null },
        { pid: p2.id, problemId: 'B', title: 'Second', status: null, score: null },
      ]);
      const unknown = await request(t.url)
        .get('/api/get-full-screen-problem-list')
        .query({ tid: 999999 })
        .set('Authorization', solver.token);
      expect(unknown.status).toBe(404);
    });

    it('reports both counts: progress inside the training (acCount) and problems solved anywhere (bankAcCount)', async () => {
      const banker = await t.createUser('tr_banker', Role.User);
      // Solved in the bank (no tid) before the training was opened: HOJ would count it, the training's rank does not.
      const bankTry = await request(t.url)
        .post('/api/submit-problem-judge')
        .set('Authorization', banker.token)
        .send({ pid: p2.problemId, language: 'C++', code: 'int main() { return 0; }', isRemote: false });
      expect(bankTry.body.status).toBe(200);
      await verdict(t, bankTry.body.data.submitId, JudgeStatus.Accepted);
      const detail = await request(t.url).get('/api/get-training-detail').query({ tid }).set('Authorization', banker.token);
      expect(detail.body.data).toMatchObject({ problemCount: 2, acCount: 0, bankAcCount: 1 });
      const list = await request(t.url).get('/api/get-training-list').set('Authorization', banker.token);
      expect(list.body.data.records.find((r: { id: number }) => r.id === tid)).toMatchObject({ acCount: 0, bankAcCount: 1 });
      const problems = await request(t.url).get('/api/get-training-problem-list').query({ tid }).set('Authorization', banker.token);
      expect(
        problems.body.data.map((r: { problemId: string; myStatus: unknown; solvedElsewhere: boolean }) => [
          r.problemId,
          r.myStatus,
          r.solvedElsewhere,
        ]),
      ).toEqual([
        ['A', null, false],
        ['B', null, true],
      ]);
      // A problem solved inside the training is solved in the bank's sense too.
      const solverDetail = await request(t.url).get('/api/get-training-detail').query({ tid }).set('Authorization', solver.token);
      expect(solverDetail.body.data).toMatchObject({ acCount: 1, bankAcCount: 1 });
      const visitor = await request(t.url).get('/api/get-training-list');
      expect(visitor.body.data.records.find((r: { id: number }) => r.id === tid)).toMatchObject({ acCount: 0, bankAcCount: 0 });
    });

    it('a faster accepted try lowers the total time and can overtake', async () => {
      const first = await submitInTraining(t, trier, tid, 'B');
      await verdict(t, first.body.data.submitId, JudgeStatus.Accepted, 30);
      let board = (await rank(solver)).body.data.records;
      // Both solved one: the smaller total run time first.
      expect(board.map((r: { uid: string; totalRunTime: number }) => [r.uid, r.totalRunTime])).toEqual([
        [trier.uid, 30],
        [solver.uid, 40],
      ]);
      const faster = await submitInTraining(t, solver, tid, 'A');
      await verdict(t, faster.body.data.submitId, JudgeStatus.Accepted, 5);
      board = (await rank(solver)).body.data.records;
      expect(board.map((r: { uid: string; totalRunTime: number }) => [r.uid, r.totalRunTime])).toEqual([
        [solver.uid, 5],
        [trier.uid, 30],
      ]);
    });

    it('rebuilds the same rank and counts from PostgreSQL (update-rank-list, update-problem-count are idempotent)', async () => {
      const before = (await rank(solver)).body.data;
      const countsBefore = (await request(t.url).get('/api/get-training-problem-list').query({ tid }).set('Authorization', solver.token))
        .body.data;
      await t.dataSource.query(`UPDATE training_problem SET total = 0, ac = 0 WHERE tid = $1`, [tid]);
      for (let i = 0; i < 2; i++) {
        await request(t.url).post('/api/update-rank-list').set('Authorization', author.token).send({ tid }).expect(200);
        await request(t.url).post('/api/update-problem-count').set('Authorization', t.users.root.token).send({ tid }).expect(200);
        expect((await rank(solver)).body.data).toEqual(before);
        const counts = (await request(t.url).get('/api/get-training-problem-list').query({ tid }).set('Authorization', solver.token)).body
          .data;
        expect(counts).toEqual(countsBefore);
      }
    });
  });
});
