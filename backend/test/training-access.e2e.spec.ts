/**
 * The §6 matrix of trainings over HTTP: anonymous, a user before and after the password, the author (a problem
 * admin), another problem admin, an admin and root, for a private, a public and a hidden training.
 */
import { ERR, JUDGING_ERR, Role, TRAINING_ERR, TrainingAuth } from '@oj/contracts';
import request from 'supertest';
import { addTrainingProblem, bankProblem, createTraining, submitInTraining, TRAINING_PASSWORD } from './training-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(60_000);

describe('training access (product §6)', () => {
  let t: TestApp;
  let author: TestUser;
  let otherProblemAdmin: TestUser;
  let entrant: TestUser;
  let privateTid: number;
  let publicTid: number;
  let hiddenTid: number;

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.problemAdmin;
    otherProblemAdmin = await t.createUser('tr_padmin2', Role.ProblemAdmin);
    entrant = await t.createUser('tr_entrant', Role.User);
    const p = await bankProblem(t, 'Private one');
    const q = await bankProblem(t, 'Public one');
    const hiddenProblem = await bankProblem(t, 'Hidden one');
    privateTid = await createTraining(t, author, { title: 'Private', auth: TrainingAuth.Private });
    publicTid = await createTraining(t, author, { title: 'Public', auth: TrainingAuth.Public });
    hiddenTid = await createTraining(t, author, { title: 'Hidden', auth: TrainingAuth.Public, status: false });
    await addTrainingProblem(t, author, privateTid, p.id, 'P1');
    await addTrainingProblem(t, author, publicTid, q.id, 'Q1');
    await addTrainingProblem(t, author, hiddenTid, hiddenProblem.id, 'H1');
  });
  afterAll(() => t?.close());

  type Caller = TestUser | null;
  async function call(caller: Caller, path: string, query: Record<string, unknown>) {
    const req = request(t.url).get(path).query(query);
    if (caller) req.set('Authorization', caller.token);
    const res = await req;
    return { http: res.status, status: res.body.status as number, msg: res.body.msg as string, data: res.body.data };
  }

  /** Every call inside the training (problems, rank, problem page, submit) answers `status` (and `msg`). */
  async function expectInside(caller: Caller, tid: number, displayId: string, status: number, msg?: string) {
    for (const [path, q] of [
      ['/api/get-training-problem-list', { tid }],
      ['/api/get-training-rank', { tid }],
      ['/api/get-training-problem-details', { tid, displayId }],
    ] as const) {
      const r = await call(caller, path, q);
      expect([path, r.http, r.status]).toEqual([path, status, status]);
      if (msg) expect(r.msg).toBe(msg);
    }
    if (caller) {
      const s = await submitInTraining(t, caller, tid, displayId);
      expect([s.status, s.body.status]).toEqual([status, status]);
      if (msg) expect(s.body.msg).toBe(msg);
    }
  }

  it('asks anonymous callers to log in for everything inside, and lists public-area trainings to them', async () => {
    const list = await call(null, '/api/get-training-list', {});
    expect(list.status).toBe(200);
    expect(list.data.records.map((r: { title: string }) => r.title).sort()).toEqual(['Private', 'Public']);
    expect(list.data.records.every((r: { acCount: number }) => r.acCount === 0)).toBe(true);
    const detail = await call(null, '/api/get-training-detail', { tid: privateTid });
    expect([detail.http, detail.msg]).toEqual([401, ERR.loginFirst]);
    await expectInside(null, privateTid, 'P1', 401, ERR.loginFirst);
    await expectInside(null, publicTid, 'Q1', 401, ERR.loginFirst);
  });

  it('shows a private training to a user before the password but nothing inside; the wrong password changes nothing', async () => {
    const detail = await call(entrant, '/api/get-training-detail', { tid: privateTid });
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({
      id: privateTid,
      title: 'Private',
      auth: 'Private',
      problemCount: 1,
      acCount: 0,
      author: author.username,
    });
    expect(detail.data.privatePwd).toBeUndefined();
    expect((await call(entrant, '/api/get-training-access', { tid: privateTid })).data).toEqual({ access: false });
    await expectInside(entrant, privateTid, 'P1', 403, TRAINING_ERR.notRegistered);
    const wrong = await request(t.url)
      .post('/api/register-training')
      .set('Authorization', entrant.token)
      .send({ tid: privateTid, password: 'nope' });
    expect([wrong.status, wrong.body.msg]).toEqual([400, TRAINING_ERR.wrongPassword]);
    expect((await call(entrant, '/api/get-training-access', { tid: privateTid })).data).toEqual({ access: false });
  });

  it('lets the user in once the password is entered, remembered; entering again is refused', async () => {
    const ok = await request(t.url)
      .post('/api/register-training')
      .set('Authorization', entrant.token)
      .send({ tid: String(privateTid), password: TRAINING_PASSWORD });
    expect(ok.body).toEqual({ status: 200, msg: 'success', data: null });
    expect((await call(entrant, '/api/get-training-access', { tid: privateTid })).data).toEqual({ access: true });
    await expectInside(entrant, privateTid, 'P1', 200);
    const again = await request(t.url)
      .post('/api/register-training')
      .set('Authorization', entrant.token)
      .send({ tid: privateTid, password: TRAINING_PASSWORD });
    expect([again.status, again.body.msg]).toEqual([400, TRAINING_ERR.alreadyRegistered]);
  });

  it('lets the author and root in without the password; another problem admin and an admin need it', async () => {
    for (const who of [author, t.users.root]) {
      expect((await call(who, '/api/get-training-access', { tid: privateTid })).data).toEqual({ access: true });
      await expectInside(who, privateTid, 'P1', 200);
    }
    for (const who of [otherProblemAdmin, t.users.admin]) {
      expect((await call(who, '/api/get-training-access', { tid: privateTid })).data).toEqual({ access: false });
      await expectInside(who, privateTid, 'P1', 403, TRAINING_ERR.notRegistered);
    }
  });

  it('opens a public training to every logged-in user', async () => {
    for (const who of [t.users.user, otherProblemAdmin, t.users.admin]) {
      expect((await call(who, '/api/get-training-access', { tid: publicTid })).data).toEqual({ access: true });
      await expectInside(who, publicTid, 'Q1', 200);
    }
  });

  it('hides a hidden training from everybody but its admins', async () => {
    for (const who of [entrant, otherProblemAdmin, t.users.admin]) {
      const r = await call(who, '/api/get-training-detail', { tid: hiddenTid });
      expect([r.http, r.msg]).toEqual([404, ERR.notFound]);
      await expectInside(who, hiddenTid, 'H1', 404, ERR.notFound);
    }
    for (const who of [author, t.users.root]) await expectInside(who, hiddenTid, 'H1', 200);
    const list = await call(t.users.root, '/api/get-training-list', {});
    expect(list.data.records.map((r: { title: string }) => r.title)).not.toContain('Hidden');
  });

  it('refuses submissions to a problem outside the training, unknown trainings and users who may not submit', async () => {
    const outside = await submitInTraining(t, entrant, publicTid, 'P1');
    expect([outside.status, outside.body.msg]).toEqual([404, TRAINING_ERR.problemNotInTraining]);
    const unknown = await submitInTraining(t, entrant, 999_999, 'Q1');
    expect([unknown.status, unknown.body.msg]).toEqual([404, ERR.notFound]);
    const blocked = await submitInTraining(t, t.users.noSubmit, publicTid, 'Q1');
    expect([blocked.status, blocked.body.msg]).toEqual([403, JUDGING_ERR.submitForbidden]);
  });

  it('answers bad rank parameters with 400 every time, and an unknown training with 404', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await call(entrant, '/api/get-training-rank', { tid: 'abc' });
      expect([bad.http, bad.msg]).toEqual([400, ERR.badRequest]);
      const big = await call(entrant, '/api/get-training-rank', { tid: publicTid, limit: 100000 });
      expect(big.http).toBe(400);
    }
    const unknown = await call(entrant, '/api/get-training-rank', { tid: 999_999 });
    expect([unknown.http, unknown.msg]).toEqual([404, ERR.notFound]);
  });

  it('keeps the rank recount calls for the training admins', async () => {
    for (const path of ['/api/update-rank-list', '/api/update-problem-count']) {
      const user = await request(t.url).post(path).set('Authorization', entrant.token).send({ tid: privateTid });
      expect([user.status, user.body.msg]).toEqual([403, ERR.noPermission]);
      const anon = await request(t.url).post(path).send({ tid: privateTid });
      expect(anon.status).toBe(401);
      const own = await request(t.url).post(path).set('Authorization', author.token).send({ tid: privateTid });
      expect(own.body).toEqual({ status: 200, msg: 'success', data: null });
    }
  });
});
