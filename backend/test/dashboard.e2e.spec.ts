/** Admin dashboard calls and the home page's recent contests (product §2, §7, §9) over HTTP. */
import { ContestAuth, ContestStatus, ContestType, DASHBOARD_API, DASHBOARD_SESSIONS_SIZE, ERR, JudgeStatus, TIMINGS } from '@oj/contracts';
import request from 'supertest';
import { ContestRegister } from '../src/modules/contest/entities/contest-register.entity';
import { Contest } from '../src/modules/contest/entities/contest.entity';
import { LoginSession } from '../src/modules/dashboard/entities/login-session.entity';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

const DAY = 24 * 60 * 60 * 1000;
const WINDOW = TIMINGS.dashboardRecentContestDays * DAY;
const api = (path: string) => `/api${path}`;

let t: TestApp;
let problem: Problem;

beforeAll(async () => {
  t = await createTestApp();
  problem = await t.dataSource.getRepository(Problem).save({ problemId: `DASH-${process.pid}`, title: 'A+B', author: 'root' });
});
afterAll(() => t?.close());

async function contest(title: string, startOffsetMs: number, endOffsetMs: number, extra: Partial<Contest> = {}): Promise<Contest> {
  const now = Date.now();
  const startTime = new Date(now + startOffsetMs);
  const endTime = new Date(now + endOffsetMs);
  return t.dataSource.getRepository(Contest).save({
    uid: t.users.admin.uid,
    author: t.users.admin.username,
    title,
    type: ContestType.ACM,
    auth: ContestAuth.Public,
    startTime,
    endTime,
    duration: Math.round((endTime.getTime() - startTime.getTime()) / 1000),
    ...extra,
  });
}

async function submission(user: TestUser, submitTime: Date): Promise<void> {
  await t.dataSource.getRepository(Submission).save({
    pid: problem.id,
    displayPid: problem.problemId,
    uid: user.uid,
    username: user.username,
    submitTime,
    status: JudgeStatus.Accepted,
    time: 10,
    memory: 1024,
    score: 100,
    length: 20,
    code: 'int main() { return 0; }',
    language: 'C++',
  });
}

/** The session is written once the login answer is sent: wait for it (at most 5 s). */
async function sessionsOf(uid: string, expected: number): Promise<LoginSession[]> {
  const repo = t.dataSource.getRepository(LoginSession);
  for (let i = 0; i < 100; i++) {
    const rows = await repo.find({ where: { uid }, order: { id: 'DESC' } });
    if (rows.length >= expected) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return repo.find({ where: { uid }, order: { id: 'DESC' } });
}

describe('admin dashboard role matrix', () => {
  const paths = [DASHBOARD_API.info, DASHBOARD_API.sessions, DASHBOARD_API.recentContest];

  it.each(paths)('%s answers 401 without a token', async (path) => {
    const res = await request(t.url).get(api(path)).expect(401);
    expect(res.body).toEqual({ status: 401, msg: ERR.loginFirst, data: null, msgCode: 'ERR.loginFirst' });
  });

  it.each(paths)('%s answers 403 to a plain user', async (path) => {
    const res = await request(t.url).get(api(path)).set('Authorization', t.users.user.token).expect(403);
    expect(res.body).toEqual({ status: 403, msg: ERR.noPermission, data: null, msgCode: 'ERR.noPermission' });
  });

  it.each(paths.flatMap((p) => (['problemAdmin', 'admin', 'root'] as const).map((r) => [p, r] as const)))(
    '%s answers 200 to %s',
    async (path, role) => {
      const res = await request(t.url).get(api(path)).set('Authorization', t.users[role].token).expect(200);
      expect(res.body.status).toBe(200);
      expect(res.body.msg).toBe('success');
    },
  );
});

describe('figures and recent contests', () => {
  const ids: Record<string, number> = {};
  // These rows are written straight to the database: no job waits, none was judged (queue-wait.e2e tests the figures).
  const idleQueue = { judgeBacklog: 0, judgeDrainPerMinute: null };

  it('counts users, submissions since midnight and recent contests exactly', async () => {
    const before = await request(t.url).get(api(DASHBOARD_API.info)).set('Authorization', t.users.admin.token).expect(200);
    expect(before.body.data).toEqual({
      contestNum: 0,
      recentContestNum: 0,
      userNum: Object.keys(t.users).length,
      todayJudgeNum: 0,
      ...idleQueue,
    });

    const alice = await t.createUser('dash_alice');
    await t.createUser('dash_bob');
    await submission(alice, new Date());
    await submission(alice, new Date());
    await submission(t.users.user, new Date());
    await submission(alice, new Date(Date.now() - 2 * DAY)); // before today: not counted

    ids.running = (await contest('running', -60_000, 60 * 60_000)).id;
    ids.soon = (await contest('soon', 3 * DAY, 3 * DAY + 60 * 60_000)).id;
    ids.later = (await contest('starts in 2 days', 2 * DAY, 2 * DAY + 60 * 60_000, { auth: ContestAuth.Private, pwd: 'pw' })).id;
    ids.ended = (await contest('ended', -2 * DAY - 60 * 60_000, -2 * DAY)).id;
    ids.endedRecent = (await contest('ended 1 day ago', -DAY - 60 * 60_000, -DAY)).id;
    // Outside the window, hidden, or a group's: never listed.
    await contest('far future', WINDOW + DAY, WINDOW + 2 * DAY);
    await contest('long ago', -WINDOW - 2 * DAY, -WINDOW - DAY);
    ids.hidden = (await contest('hidden', -60_000, 60 * 60_000, { visible: false })).id;
    ids.group = (await contest('group', -60_000, 60 * 60_000, { gid: 7 })).id;
    await t.dataSource.getRepository(ContestRegister).save([
      { cid: ids.running, uid: alice.uid },
      { cid: ids.running, uid: t.users.user.uid },
      { cid: ids.later, uid: alice.uid },
    ]);

    const after = await request(t.url).get(api(DASHBOARD_API.info)).set('Authorization', t.users.root.token).expect(200);
    expect(after.body.data).toEqual({
      contestNum: 5,
      recentContestNum: 5,
      userNum: Object.keys(t.users).length + 2,
      todayJudgeNum: 3,
      ...idleQueue,
    });
  });

  it('lists the recent visible site contests on the home page: running, next to start, latest ended', async () => {
    const res = await request(t.url).get(api(DASHBOARD_API.homeRecentContest)).expect(200);
    const rows = res.body.data as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([ids.running, ids.later, ids.soon, ids.endedRecent, ids.ended]);
    expect(rows.map((r) => r.status)).toEqual([
      ContestStatus.Running,
      ContestStatus.Scheduled,
      ContestStatus.Scheduled,
      ContestStatus.Ended,
      ContestStatus.Ended,
    ]);
    expect(rows.map((r) => r.count)).toEqual([2, 1, 0, 0, 0]);
    expect(rows[1]).toMatchObject({ title: 'starts in 2 days', auth: ContestAuth.Private, author: t.users.admin.username, gid: null });
    expect(rows[1]).not.toHaveProperty('pwd');
    expect(rows.map((r) => r.id)).not.toContain(ids.hidden);
    expect(rows.map((r) => r.id)).not.toContain(ids.group);
  });

  it('answers the same list on the admin dashboard', async () => {
    const home = await request(t.url).get(api(DASHBOARD_API.homeRecentContest)).set('Authorization', t.users.user.token).expect(200);
    const admin = await request(t.url).get(api(DASHBOARD_API.recentContest)).set('Authorization', t.users.problemAdmin.token).expect(200);
    expect(admin.body.data.map((r: { id: number }) => r.id)).toEqual(home.body.data.map((r: { id: number }) => r.id));
    expect(admin.body.data).toHaveLength(5);
  });

  it('drops a contest from the lists once it is hidden', async () => {
    await t.dataSource.getRepository(Contest).update({ id: ids.soon }, { visible: false });
    const res = await request(t.url).get(api(DASHBOARD_API.homeRecentContest)).expect(200);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([ids.running, ids.later, ids.endedRecent, ids.ended]);
    const info = await request(t.url).get(api(DASHBOARD_API.info)).set('Authorization', t.users.admin.token).expect(200);
    expect(info.body.data.contestNum).toBe(4);
  });
});

describe('login sessions', () => {
  it('records each successful login and shows the caller only their own, newest first', async () => {
    const admin = t.users.admin;
    await request(t.url)
      .post('/api/admin/login')
      .set('User-Agent', 'dash-agent/1')
      .send({ username: admin.username, password: admin.password })
      .expect(200);
    await sessionsOf(admin.uid, 1);
    await request(t.url)
      .post('/api/login')
      .set('User-Agent', 'dash-agent/2')
      .send({ username: admin.username, password: admin.password })
      .expect(200);
    await sessionsOf(admin.uid, 2);
    // A failed login and another user's login are not the admin's sessions.
    await request(t.url).post('/api/admin/login').send({ username: admin.username, password: 'wrong-password' }).expect(400);
    const user = t.users.user;
    await request(t.url)
      .post('/api/login')
      .set('User-Agent', 'user-agent/1')
      .send({ username: user.username, password: user.password })
      .expect(200);
    expect(await sessionsOf(user.uid, 1)).toHaveLength(1);

    const res = await request(t.url).get(api(DASHBOARD_API.sessions)).set('Authorization', admin.token).expect(200);
    const rows = res.body.data as { uid: string; ip: string; userAgent: string; gmtCreate: string }[];
    expect(rows.map((r) => r.userAgent)).toEqual(['dash-agent/2', 'dash-agent/1']);
    expect(rows.every((r) => r.uid === admin.uid)).toBe(true);
    expect(rows[0].ip).toMatch(/127\.0\.0\.1/);
    expect(Date.now() - new Date(rows[0].gmtCreate).getTime()).toBeLessThan(60_000);
  });

  it(`answers at most ${DASHBOARD_SESSIONS_SIZE} sessions`, async () => {
    const root = t.users.root;
    await t.dataSource
      .getRepository(LoginSession)
      .save(Array.from({ length: DASHBOARD_SESSIONS_SIZE + 3 }, (_, i) => ({ uid: root.uid, ip: '10.0.0.1', userAgent: `ua-${i}` })));
    const res = await request(t.url).get(api(DASHBOARD_API.sessions)).set('Authorization', root.token).expect(200);
    expect(res.body.data).toHaveLength(DASHBOARD_SESSIONS_SIZE);
  });
});
