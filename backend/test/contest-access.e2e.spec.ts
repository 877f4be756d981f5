/**
 * The permission matrix of product §6 over HTTP: public, private and protected contests in each status,
 * for anonymous, registered, unregistered, author and root callers.
 */
import { CONTEST_ERR, ContestAuth, ERR, Role } from '@oj/contracts';
import request from 'supertest';
import { addProblem, createContest, createProblem, MIN, PASSWORD } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

type Caller = 'anonymous' | 'registered' | 'unregistered' | 'author' | 'root';
type Status = 'scheduled' | 'running' | 'ended';
type Auth = 'public' | 'private' | 'protected';

const AUTHS: Record<Auth, number> = { public: ContestAuth.Public, private: ContestAuth.Private, protected: ContestAuth.Protected };
const STATUSES: Status[] = ['scheduled', 'running', 'ended'];
const CALLERS: Caller[] = ['anonymous', 'registered', 'unregistered', 'author', 'root'];

/** [HTTP status, msg] expected for a call; 200 means allowed. */
type Expect = [number, string?];
const OK: Expect = [200];
const LOGIN: Expect = [401, ERR.loginFirst];

function expectView(auth: Auth, status: Status, caller: Caller, problems: boolean): Expect {
  if (caller === 'anonymous') return LOGIN;
  if (caller === 'author' || caller === 'root') return OK;
  if (auth === 'private' && caller === 'unregistered') return [403, CONTEST_ERR.notRegistered];
  if (problems && status === 'scheduled') return [403, CONTEST_ERR.notStarted];
  return OK;
}

function expectSubmit(auth: Auth, status: Status, caller: Caller): Expect {
  if (caller === 'anonymous') return LOGIN;
  if (status === 'ended') return [403, ERR.contestEnded];
  if (caller === 'author' || caller === 'root') return OK;
  if (status === 'scheduled') return [403, CONTEST_ERR.notStarted];
  if (auth !== 'public' && caller === 'unregistered') return [403, CONTEST_ERR.notRegistered];
  return OK;
}

describe('contest permission matrix (product §6)', () => {
  let t: TestApp;
  let author: TestUser;
  let registered: TestUser;
  let unregistered: TestUser;
  const cids = new Map<string, number>();
  const key = (auth: Auth, status: Status) => `${auth}/${status}`;

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    registered = await t.createUser('c_registered', Role.User);
    unregistered = await t.createUser('c_unregistered', Role.User);
    const problem = await createProblem(t);
    const now = Date.now();
    const windows: Record<Status, [Date, Date]> = {
      scheduled: [new Date(now + 60 * MIN), new Date(now + 120 * MIN)],
      running: [new Date(now - 60 * MIN), new Date(now + 60 * MIN)],
      ended: [new Date(now - 120 * MIN), new Date(now - 60 * MIN)],
    };
    for (const auth of Object.keys(AUTHS) as Auth[])
      for (const status of STATUSES) {
        const [startTime, endTime] = windows[status];
        const cid = await createContest(t, author, { title: key(auth, status), auth: AUTHS[auth], startTime, endTime });
        await addProblem(t, author, cid, problem.id, 'A');
        cids.set(key(auth, status), cid);
        const body = auth === 'public' ? { cid } : { cid, password: PASSWORD };
        await request(t.url).post('/api/register-contest').set('Authorization', registered.token).send(body).expect(200);
      }
  });
  afterAll(() => t?.close());

  const token = (caller: Caller): string | null =>
    ({ anonymous: null, registered: registered.token, unregistered: unregistered.token, author: author.token, root: t.users.root.token })[
      caller
    ];

  async function call(caller: Caller, method: 'get' | 'post', path: string, payload: Record<string, unknown>) {
    const r = method === 'get' ? request(t.url).get(path).query(payload) : request(t.url).post(path).send(payload);
    const tk = token(caller);
    if (tk) r.set('Authorization', tk);
    return r;
  }

  const check = (res: request.Response, [status, msg]: Expect) => {
    expect({ http: res.status, status: res.body.status, ...(msg ? { msg: res.body.msg } : {}) }).toEqual({
      http: status,
      status,
      ...(msg ? { msg } : {}),
    });
  };

  const cases: [Auth, Status, Caller][] = [];
  for (const auth of Object.keys(AUTHS) as Auth[])
    for (const status of STATUSES) for (const caller of CALLERS) cases.push([auth, status, caller]);

  it.each(cases)('%s %s contest: %s caller', async (auth, status, caller) => {
    const cid = cids.get(key(auth, status))!;
    const info = await call(caller, 'get', '/api/get-contest-info', { cid });
    check(info, OK);
    expect(info.body.data.status).toBe({ scheduled: -1, running: 0, ended: 1 }[status]);
    expect(info.body.data).not.toHaveProperty('pwd');

    check(await call(caller, 'get', '/api/get-contest-problem', { cid }), expectView(auth, status, caller, true));
    check(await call(caller, 'get', '/api/get-contest-problem-details', { cid, displayId: 'A' }), expectView(auth, status, caller, true));
    check(await call(caller, 'post', '/api/get-contest-rank', { cid }), expectView(auth, status, caller, false));
    check(await call(caller, 'get', '/api/get-contest-announcement', { cid }), expectView(auth, status, caller, false));
    // submit-print-text follows the submit rule of §6 (the same ContestAccessService.assertCanSubmit as submissions).
    check(await call(caller, 'post', '/api/submit-print-text', { cid, content: 'x'.repeat(50) }), expectSubmit(auth, status, caller));

    const admin: Expect = caller === 'anonymous' ? LOGIN : caller === 'author' || caller === 'root' ? OK : [403, ERR.noPermission];
    check(await call(caller, 'get', '/api/get-contest-print', { cid }), admin);
    check(await call(caller, 'get', '/api/get-contest-ac-info', { cid }), admin);

    const access = await call(caller, 'get', '/api/get-contest-access', { cid });
    if (caller === 'anonymous') check(access, LOGIN);
    else expect(access.body.data).toEqual({ access: auth === 'public' || caller !== 'unregistered' });
  });

  it('refuses a wrong password and a second registration', async () => {
    const cid = cids.get('private/running')!;
    const wrong = await request(t.url)
      .post('/api/register-contest')
      .set('Authorization', unregistered.token)
      .send({ cid, password: 'nope' });
    expect([wrong.status, wrong.body.msg]).toEqual([400, CONTEST_ERR.wrongPassword]);
    const again = await request(t.url)
      .post('/api/register-contest')
      .set('Authorization', registered.token)
      .send({ cid, password: PASSWORD });
    expect([again.status, again.body.msg]).toEqual([400, CONTEST_ERR.alreadyRegistered]);
  });

  it('keeps admin contest routes to the contest admins', async () => {
    const cid = cids.get('public/running')!;
    const other = await request(t.url).get('/api/admin/contest').query({ cid }).set('Authorization', t.users.problemAdmin.token);
    expect([other.status, other.body.msg]).toEqual([403, ERR.noPermission]);
    const user = await request(t.url).get('/api/admin/contest').query({ cid }).set('Authorization', registered.token);
    expect([user.status, user.body.msg]).toEqual([403, ERR.noPermission]);
    const own = await request(t.url).get('/api/admin/contest').query({ cid }).set('Authorization', author.token).expect(200);
    expect(own.body.data.id).toBe(cid);
    const rejudge = await request(t.url)
      .get('/api/admin/judge/rejudge-contest-problem')
      .query({ cid, pid: 1 })
      .set('Authorization', author.token);
    expect([rejudge.status, rejudge.body.msg]).toEqual([403, ERR.noPermission]);
  });

  it('hides an invisible contest from everyone but its admins', async () => {
    const cid = cids.get('public/running')!;
    await request(t.url)
      .put('/api/admin/contest/change-contest-visible')
      .query({ cid, visible: false })
      .set('Authorization', author.token)
      .expect(200);
    const hidden = await request(t.url).get('/api/get-contest-info').query({ cid }).set('Authorization', registered.token);
    expect([hidden.status, hidden.body.msg]).toEqual([404, ERR.notFound]);
    await request(t.url).get('/api/get-contest-info').query({ cid }).set('Authorization', author.token).expect(200);
    const list = await request(t.url).get('/api/get-contest-list').query({ limit: 50 }).expect(200);
    expect(list.body.data.records.map((c: { id: number }) => c.id)).not.toContain(cid);
    await request(t.url)
      .put('/api/admin/contest/change-contest-visible')
      .query({ cid, visible: true })
      .set('Authorization', author.token)
      .expect(200);
  });
});
