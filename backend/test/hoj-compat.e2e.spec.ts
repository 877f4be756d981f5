/**
 * HOJ compatibility: the request bodies and query strings HOJ's web client (hoj-vue) and DTOs send, and the
 * fields HOJ's VOs answer with, route by route. Add to this suite whenever a route of another area lands.
 */
import {
  BUILTIN_PERMISSIONS,
  ContestType,
  judgeServerKey,
  JUDGING_ERR,
  JudgeCaseMode,
  JudgeStatus,
  ProblemAuth,
  ProblemType,
  ROLE_NAMES,
  Role,
  SITE_TEXT,
} from '@oj/contracts';
import Redis from 'ioredis';
import request from 'supertest';
import { JudgeQueueService } from '../src/modules/judge/judge-queue.service';
import { JudgeResultService } from '../src/modules/judge/judge-result.service';
import { ContestAnnouncement } from '../src/modules/contest/entities/contest-announcement.entity';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Tag } from '../src/modules/problem/entities/tag.entity';
import { ProblemTag } from '../src/modules/problem/entities/problem-tag.entity';
import { Judge } from '../src/modules/submission/entities/judge.entity';
import { addProblem, createContest, judged, MIN } from './contest-fixtures';
import { createTestApp, TEST_PASSWORD, TEST_REDIS_URL, TestApp, TestUser } from './utils/test-app';

let t: TestApp;
let alice: TestUser;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser('compat_alice', Role.User);
});
afterAll(() => t?.close());

const as = (user: TestUser | null, method: 'get' | 'post' | 'put' | 'delete', path: string) => {
  const req = request(t.url)[method](path);
  return user ? req.set('Authorization', user.token) : req;
};

async function problem(extra: Partial<Problem> = {}): Promise<Problem> {
  seq++;
  return t.dataSource.getRepository(Problem).save({
    problemId: `HC-${process.pid}-${seq}`,
    title: `Compat ${seq}`,
    author: 'root',
    auth: ProblemAuth.Public,
    examples: [
      { input: '1 2', output: '3' },
      { input: '3\n4', output: '7' },
    ],
    ...extra,
  });
}

/** A non-contest submission judged through the real result writer (statistics included). */
async function judgedPractice(user: TestUser, p: Problem, status: number, score = 0): Promise<number> {
  const row = await t.dataSource.getRepository(Judge).save({
    pid: p.id,
    displayPid: p.problemId,
    uid: user.uid,
    username: user.username,
    status: JudgeStatus.Pending,
    length: 10,
    code: `// ${status}`,
    language: 'C++',
    cid: 0,
  });
  const wrote = await t.get<JudgeResultService>(JudgeResultService).apply(row.submitId, 0, {
    status: status as JudgeStatus,
    time: 5,
    memory: 100,
    score,
    cases: [{ caseId: 1, status: status as JudgeStatus, time: 5, memory: 100, score }],
  } as never);
  expect(wrote).toBe(true);
  return row.submitId;
}

describe('input read as HOJ binds it', () => {
  it('drops unknown fields and reads numeric strings on get-user-problem-status, get-contest-rank and not-read announcements', async () => {
    const p = await problem();
    await judgedPractice(alice, p, JudgeStatus.Accepted);
    const status = await as(alice, 'post', '/api/get-user-problem-status')
      .send({ pidList: [String(p.id)], isContestProblemList: false, isExamProblemList: false, containsEnd: false, gid: null })
      .expect(200);
    expect(status.body.data[p.id]).toMatchObject({ status: JudgeStatus.Accepted });

    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, p.id, 'A');
    const rank = await as(alice, 'post', '/api/get-contest-rank')
      .send({ cid: String(cid), currentPage: '1', limit: '30', forceRefresh: false, removeStar: false, keyword: null, containsEnd: false })
      .expect(200);
    expect(rank.body.data).toMatchObject({ current: 1, size: 30 });
    const unread = await as(alice, 'post', '/api/get-contest-not-read-announcement')
      .send({ cid: String(cid), readAnnouncementList: [] })
      .expect(200);
    expect(unread.body.data).toEqual([]);
    // Known fields stay strict.
    expect((await as(alice, 'post', '/api/get-contest-rank').send({ cid: 'nine' }).expect(400)).body.msg).toBeDefined();
  });

  it("takes contest-submissions as HOJ's status tab asks it (containsEnd, empty filters)", async () => {
    const p = await problem();
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, p.id, 'A');
    const submitId = await judged(t, alice, cid, p, 'A', JudgeStatus.WrongAnswer, new Date(now - 5 * MIN));
    const res = await as(alice, 'get', '/api/contest-submissions')
      .query({
        cid: String(cid),
        currentPage: '1',
        limit: '30',
        onlyMine: 'false',
        displayId: '',
        searchStatus: '',
        searchUsername: '',
        beforeContestSubmit: 'false',
        containsEnd: 'false',
      })
      .expect(200);
    expect(res.body.data.records.map((r: { submitId: number }) => r.submitId)).toEqual([submitId]);
  });

  it('takes the admin problem list query with oj and auth as HOJ sends them', async () => {
    const local = await problem({ auth: ProblemAuth.Private });
    const res = await as(t.users.admin, 'get', '/api/admin/problem/get-problem-list')
      .query({ limit: '10', currentPage: '1', keyword: local.problemId, auth: String(ProblemAuth.Private), oj: 'Mine' })
      .expect(200);
    expect(res.body.data.records.map((r: Problem) => r.id)).toEqual([local.id]);
  });
});

describe('the oj filter', () => {
  let local: Problem;
  let hdu: Problem;
  const tag = `oj-${process.pid}`;
  beforeAll(async () => {
    local = await problem({ title: `${tag} local` });
    hdu = await problem({ title: `${tag} hdu`, isRemote: true, remoteOj: 'HDU', problemId: `HDU-${process.pid}` });
  });
  const ids = (res: request.Response) => res.body.data.records.map((r: { pid?: number; id?: number }) => r.pid ?? r.id).sort();

  it.each([
    ['Mine', () => [local.id]],
    ['ME', () => [local.id]],
    ['All', () => [local.id, hdu.id].sort()],
    ['HDU', () => [hdu.id]],
    ['', () => [local.id, hdu.id].sort()],
  ])('public get-problem-list oj=%j', async (oj, expected) => {
    const res = await request(t.url).get('/api/get-problem-list').query({ keyword: tag, oj, limit: 50 }).expect(200);
    expect(ids(res)).toEqual(expected());
  });

  it('applies the same on the admin list and the contest picker', async () => {
    const admin = await as(t.users.admin, 'get', '/api/admin/problem/get-problem-list').query({ keyword: tag, oj: 'HDU' }).expect(200);
    expect(ids(admin)).toEqual([hdu.id]);
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now + MIN), endTime: new Date(now + 60 * MIN) });
    const picker = await as(t.users.admin, 'get', '/api/admin/contest/get-problem-list')
      .query({ cid, problemType: ProblemType.ACM, oj: 'Mine', keyword: tag, currentPage: 1, limit: 10 })
      .expect(200);
    expect(picker.body.data.problemList.records.map((r: Problem) => r.id)).toEqual([local.id]);
    expect(picker.body.data.contestProblemMap).toEqual({});
    await addProblem(t, t.users.admin, cid, local.id, 'A');
    const after = await as(t.users.admin, 'get', '/api/admin/contest/get-problem-list')
      .query({ cid, problemType: ProblemType.ACM, oj: 'All', keyword: tag })
      .expect(200);
    expect(after.body.data.problemList.records.map((r: Problem) => r.id)).toEqual([hdu.id]);
  });
});

describe("answers shaped as HOJ's VOs", () => {
  const HOJ_EXAMPLES = '<input>1 2</input><output>3</output><input>3\n4</input><output>7</output>';

  it("answers HOJ's examples string on get-problem-detail, get-contest-problem-details and the admin problem", async () => {
    const p = await problem();
    const detail = await as(alice, 'get', '/api/get-problem-detail').query({ problemId: p.problemId }).expect(200);
    expect(detail.body.data.problem.examples).toBe(HOJ_EXAMPLES);
    const admin = await as(t.users.admin, 'get', '/api/admin/problem')
      .query({ pid: String(p.id) })
      .expect(200);
    expect(admin.body.data.examples).toBe(HOJ_EXAMPLES);
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, p.id, 'A');
    const contest = await as(alice, 'get', '/api/get-contest-problem-details')
      .query({ cid: String(cid), displayId: 'A', containsEnd: false })
      .expect(200);
    expect(contest.body.data.problem.examples).toBe(HOJ_EXAMPLES);
  });

  it('answers every requested pid of get-user-problem-status, -10 for those never tried', async () => {
    const [ac, wa, never] = [await problem(), await problem(), await problem()];
    const bob = await t.createUser(`compat_bob${++seq}`);
    await judgedPractice(bob, ac, JudgeStatus.WrongAnswer);
    await judgedPractice(bob, ac, JudgeStatus.Accepted);
    await judgedPractice(bob, ac, JudgeStatus.WrongAnswer);
    await judgedPractice(bob, wa, JudgeStatus.TimeLimitExceeded);
    const res = await as(bob, 'post', '/api/get-user-problem-status')
      .send({ pidList: [ac.id, wa.id, never.id], isContestProblemList: false, isExamProblemList: false, gid: null })
      .expect(200);
    expect(res.body.data[ac.id].status).toBe(JudgeStatus.Accepted);
    expect(res.body.data[wa.id].status).toBe(JudgeStatus.TimeLimitExceeded);
    expect(res.body.data[never.id]).toEqual({ status: JudgeStatus.NotSubmitted });

    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, ac.id, 'A');
    await addProblem(t, t.users.admin, cid, wa.id, 'B');
    await judged(t, bob, cid, wa, 'B', JudgeStatus.WrongAnswer, new Date(now - 10 * MIN));
    const contest = await as(bob, 'post', '/api/get-user-problem-status')
      .send({ pidList: [ac.id, wa.id], isContestProblemList: true, isExamProblemList: false, cid, containsEnd: false })
      .expect(200);
    expect(contest.body.data).toEqual({
      [ac.id]: { status: JudgeStatus.NotSubmitted, score: null },
      [wa.id]: { status: JudgeStatus.WrongAnswer, score: null },
    });
    const full = await as(bob, 'get', '/api/get-full-screen-problem-list').query({ cid }).expect(200);
    expect(full.body.data).toEqual([
      { pid: ac.id, problemId: 'A', title: ac.title, status: null, score: null },
      { pid: wa.id, problemId: 'B', title: wa.title, status: JudgeStatus.WrongAnswer, score: null },
    ]);
    expect((await as(bob, 'get', '/api/get-full-screen-problem-list').expect(400)).body.status).toBe(400);
  });

  it('carries title on submission lists (JudgeVO) and judgeCaseMode on get-all-case-result', async () => {
    const p = await problem({ openCaseResult: true });
    const submitId = await judgedPractice(alice, p, JudgeStatus.WrongAnswer);
    const list = await as(alice, 'get', '/api/get-submission-list')
      .query({
        onlyMine: 'true',
        currentPage: '1',
        limit: '15',
        problemID: p.problemId,
        status: '',
        username: '',
        completeProblemID: false,
      })
      .expect(200);
    expect(list.body.data.records).toEqual([expect.objectContaining({ submitId, title: p.title, displayPid: p.problemId })]);
    const cases = await as(alice, 'get', '/api/get-all-case-result')
      .query({ submitId: String(submitId) })
      .expect(200);
    expect(cases.body.data).toMatchObject({
      judgeCaseMode: JudgeCaseMode.Default,
      judgeCaseList: [expect.objectContaining({ caseId: 1 })],
    });
  });

  it('carries score on OI rank rows (OIRankVO)', async () => {
    const oi = await problem({ type: ProblemType.OI });
    const carol = await t.createUser(`compat_carol${++seq}`);
    await judgedPractice(carol, oi, JudgeStatus.PartialAccepted, 40);
    const res = await request(t.url)
      .get('/api/get-rank-list')
      .query({ type: '1', currentPage: '1', limit: '50', searchUser: carol.username })
      .expect(200);
    expect(res.body.data.records).toEqual([
      expect.objectContaining({ uid: carol.uid, username: carol.username, score: 40, totalScore: 40 }),
    ]);
  });

  it('answers recentContestNum on the dashboard and the previous login on POST get-sessions', async () => {
    const info = await as(t.users.admin, 'get', '/api/admin/dashboard/get-dashboard-info').expect(200);
    expect(info.body.data).toEqual(expect.objectContaining({ recentContestNum: info.body.data.contestNum, userNum: expect.any(Number) }));
    const dave = await t.createUser(`compat_dave${++seq}`, Role.Admin);
    const login = async () =>
      (
        await request(t.url)
          .post('/api/login')
          .set('User-Agent', `agent-${seq++}`)
          .send({ username: dave.username, password: TEST_PASSWORD })
          .expect(200)
      ).headers.authorization as string;
    const token = await login();
    const first = await request(t.url)
      .post('/api/admin/dashboard/get-sessions')
      .set('Authorization', token)
      .send({ uid: dave.uid })
      .expect(200);
    expect(first.body.data).toMatchObject({ uid: dave.uid, ip: expect.any(String), userAgent: expect.stringMatching(/^agent-/) });
    const second = await login();
    const previous = await request(t.url)
      .post('/api/admin/dashboard/get-sessions')
      .set('Authorization', second)
      .send({ uid: 'someone-else' })
      .expect(200);
    // The login before the current one, of the caller whatever uid the body names.
    expect(previous.body.data).toMatchObject({ id: first.body.data.id, uid: dave.uid });
  });

  it("answers HOJ's service figures beside ours", async () => {
    const info = await as(t.users.admin, 'get', '/api/admin/config/get-service-info').expect(200);
    expect(info.body.data).toMatchObject({
      backupCores: expect.any(Number),
      backupPercentCpuLoad: expect.stringMatching(/^\d+\.\d\d%$/),
      backupPercentMemoryLoad: expect.stringMatching(/^\d+\.\d\d%$/),
      backupService: [expect.objectContaining({ host: expect.any(String), port: t.config.port, metadata: expect.any(Object) })],
      cpuCores: expect.any(Number),
    });
    const redis = new Redis(TEST_REDIS_URL);
    const name = `compat-judge-${process.pid}-${Date.now()}`;
    const key = judgeServerKey(t.config.bull.prefix, name);
    try {
      const announced = {
        name,
        hostname: 'judge-host',
        pid: 42,
        concurrency: 2,
        languages: [],
        cgroup: 'v2',
        startedAt: new Date().toISOString(),
        lastHeartbeat: new Date().toISOString(),
        cpuCores: 8,
        percentCpuLoad: '12.50%',
        percentMemoryLoad: '40.00%',
      };
      await redis.set(key, JSON.stringify(announced), 'EX', 60);
      const judges = await as(t.users.admin, 'get', '/api/admin/config/get-judge-service-info').expect(200);
      expect(judges.body.data.find((j: { name: string }) => j.name === name)).toMatchObject({
        cpuCores: 8,
        percentCpuLoad: '12.50%',
        percentMemoryLoad: '40.00%',
        service: { host: 'judge-host', port: null, metadata: expect.objectContaining({ name }) },
      });
    } finally {
      await redis.del(key);
      redis.disconnect();
    }
  });
});

describe("HOJ's request bodies", () => {
  it("takes the admin contest announcement as HOJ's AnnouncementDTO and answers AnnouncementVO fields", async () => {
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    await as(t.users.admin, 'post', '/api/admin/contest/announcement')
      .send({ announcement: { title: 'Shown', content: 'hello', status: 0, uid: 'ignored', gid: null }, cid })
      .expect(200);
    await as(t.users.admin, 'post', '/api/admin/contest/announcement')
      .send({ announcement: { title: 'Hidden', content: 'later', status: 1 }, cid })
      .expect(200);
    const admin = await as(t.users.admin, 'get', '/api/admin/contest/announcement').query({ cid, currentPage: 1, limit: 10 }).expect(200);
    const byTitle = Object.fromEntries(admin.body.data.records.map((a: { title: string }) => [a.title, a]));
    expect(byTitle.Shown).toMatchObject({ username: t.users.admin.username, status: 0, uid: t.users.admin.uid });
    expect(byTitle.Hidden).toMatchObject({ username: t.users.admin.username, status: 1 });
    const pub = await as(alice, 'get', '/api/get-contest-announcement').query({ cid, currentPage: 1, limit: 10 }).expect(200);
    expect(pub.body.data.records).toEqual([expect.objectContaining({ title: 'Shown', username: t.users.admin.username, status: 0 })]);

    const hidden = byTitle.Hidden as { id: number };
    await as(t.users.admin, 'put', '/api/admin/contest/announcement')
      .send({ announcement: { id: hidden.id, title: 'Now shown', content: 'later', status: 0 }, cid })
      .expect(200);
    const stored = await t.dataSource.getRepository(ContestAnnouncement).findOneByOrFail({ id: hidden.id });
    expect([stored.title, stored.visible]).toEqual(['Now shown', true]);
    await as(t.users.admin, 'delete', '/api/admin/contest/announcement').query({ aid: hidden.id }).expect(200);
    expect(await t.dataSource.getRepository(ContestAnnouncement).existsBy({ id: hidden.id })).toBe(false);
    // A title is still required, in either form.
    await as(t.users.admin, 'post', '/api/admin/contest/announcement')
      .send({ announcement: { title: '', content: 'x' }, cid })
      .expect(400);
  });

  it('answers check-username-or-email under both names', async () => {
    for (const path of ['/api/check-username-or-email', '/api/check-username-or-email-or-mobile']) {
      const res = await request(t.url).post(path).send({ username: alice.username, email: 'nobody@example.com' }).expect(200);
      expect(res.body.data).toMatchObject({ username: true, email: false });
    }
  });
});

describe('routes of the HOJ web client', () => {
  it('get-user-auth-info answers the role names', async () => {
    const res = await as(t.users.problemAdmin, 'get', '/api/get-user-auth-info').expect(200);
    expect(res.body.data).toEqual({
      roles: [ROLE_NAMES[Role.ProblemAdmin]],
      permissions: BUILTIN_PERMISSIONS.filter((p) => p.roles.includes(Role.ProblemAdmin))
        .map((p) => p.permission)
        .sort(),
    });
    const noSubmit = (await as(t.users.noSubmit, 'get', '/api/get-user-auth-info').expect(200)).body.data;
    expect(noSubmit.permissions).not.toContain('submit');
    const root = (await as(t.users.root, 'get', '/api/get-user-auth-info').expect(200)).body.data;
    expect(root.permissions).toEqual(BUILTIN_PERMISSIONS.map((p) => p.permission).sort());
  });

  it("admin auth and role-auth answer HOJ's Auth rows and role links", async () => {
    const auths = (await as(t.users.root, 'get', '/api/admin/auth').expect(200)).body;
    expect(auths.status).toBe(200);
    expect(Object.keys(auths.data[0]).sort()).toEqual(['builtin', 'gmtCreate', 'gmtModified', 'id', 'name', 'permission', 'status']);
    const roles = (await as(t.users.root, 'get', '/api/admin/role-auth').expect(200)).body.data;
    expect(roles.find((r: { roleId: number }) => r.roleId === Role.User)).toMatchObject({ role: ROLE_NAMES[Role.User] });
    await request(t.url).get('/api/get-user-auth-info').expect(401);
  });

  it('manages tag classifications and lists tags by class', async () => {
    const root = t.users.admin;
    const created = await as(root, 'post', '/api/admin/tag/classification').send({ name: 'Graphs', oj: 'ME', rank: 2 }).expect(200);
    const basics = await as(root, 'post', '/api/admin/tag/classification').send({ name: 'Basics', oj: 'ME', rank: 1 }).expect(200);
    expect(created.body.data).toMatchObject({ id: expect.any(Number), name: 'Graphs', oj: 'ME', rank: 2 });
    expect((await as(root, 'post', '/api/admin/tag/classification').send({ name: 'Graphs', oj: 'ME' }).expect(400)).body.msg).toBe(
      JUDGING_ERR.tagClassificationExists,
    );
    const dfs = await as(root, 'post', '/api/admin/tag')
      .send({ name: `dfs-${process.pid}`, color: '#f00', oj: 'ME', tcid: created.body.data.id, gid: null })
      .expect(200);
    await as(root, 'post', '/api/admin/tag')
      .send({ name: `loose-${process.pid}`, oj: 'ME' })
      .expect(200);

    const listed = await as(root, 'get', '/api/admin/tag/classification').query({ oj: 'ME' }).expect(200);
    expect(listed.body.data.map((c: { name: string }) => c.name)).toEqual(['Basics', 'Graphs']);

    const groups = await request(t.url).get('/api/get-problem-tags-and-classification').query({ oj: 'ME' }).expect(200);
    const byClass = groups.body.data.map((g: { classification: { name: string } | null; tagList: { name: string }[] }) => [
      g.classification?.name ?? null,
      g.tagList.map((x) => x.name).filter((n) => n.endsWith(`-${process.pid}`)),
    ]);
    expect(byClass).toEqual([
      ['Basics', []],
      ['Graphs', [`dfs-${process.pid}`]],
      [null, [`loose-${process.pid}`]],
    ]);

    await as(root, 'put', '/api/admin/tag/classification').send({ id: basics.body.data.id, name: 'Basics', oj: 'ME', rank: 3 }).expect(200);
    const reordered = await as(root, 'get', '/api/admin/tag/classification').query({ oj: 'ME' }).expect(200);
    expect(reordered.body.data.map((c: { name: string }) => c.name)).toEqual(['Graphs', 'Basics']);
    await as(root, 'delete', '/api/admin/tag/classification').query({ tcid: created.body.data.id }).expect(200);
    expect((await t.dataSource.getRepository(Tag).findOneByOrFail({ id: dfs.body.data.id })).tcid).toBeNull();
    await as(alice, 'post', '/api/admin/tag/classification').send({ name: 'Nope' }).expect(403);
  });

  it('get-problem-tags answers the tags of a visible problem', async () => {
    const p = await problem();
    const hidden = await problem({ auth: ProblemAuth.Private });
    const tag = await t.dataSource.getRepository(Tag).save({ name: `pt-${process.pid}`, oj: 'ME', color: null });
    await t.dataSource.getRepository(ProblemTag).save([
      { pid: p.id, tid: tag.id },
      { pid: hidden.id, tid: tag.id },
    ]);
    const res = await request(t.url)
      .get('/api/get-problem-tags')
      .query({ pid: String(p.id) })
      .expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: tag.id, name: tag.name, oj: 'ME' })]);
    await request(t.url).get('/api/get-problem-tags').query({ pid: hidden.id }).expect(404);
  });

  it('get-recent-updated-problem answers the newest public problems (RecentUpdatedProblemVO)', async () => {
    const p = await problem();
    await problem({ auth: ProblemAuth.Private });
    const res = await request(t.url).get('/api/get-recent-updated-problem').expect(200);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    expect(res.body.data[0]).toEqual({
      id: p.id,
      problemId: p.problemId,
      title: p.title,
      type: ProblemType.ACM,
      gmtCreate: expect.any(String),
      gmtModified: expect.any(String),
    });
  });

  it('get-last-week-submission-statistics answers seven days of counts, today last', async () => {
    const before = (
      await request(t.url)
        .get('/api/get-last-week-submission-statistics')
        .query({ forceRefresh: 'true' })
        .set('Authorization', t.users.root.token)
        .expect(200)
    ).body.data;
    expect(before.dateStrList).toHaveLength(7);
    const today = new Date();
    expect(before.dateStrList[6]).toBe(`${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`);
    const p = await problem();
    await judgedPractice(alice, p, JudgeStatus.Accepted);
    await judgedPractice(alice, p, JudgeStatus.WrongAnswer);
    const after = (await as(t.users.root, 'get', '/api/get-last-week-submission-statistics').query({ forceRefresh: true }).expect(200)).body
      .data;
    expect(after.totalCountList[6] - before.totalCountList[6]).toBe(2);
    expect(after.acCountList[6] - before.acCountList[6]).toBe(1);
    expect(after.totalCountList.slice(0, 6)).toEqual(before.totalCountList.slice(0, 6));
  });

  it("get-last-ac-code answers the caller's latest accepted code, empty when none", async () => {
    const p = await problem();
    expect((await as(alice, 'get', '/api/get-last-ac-code').query({ pid: p.id }).expect(200)).body.data).toEqual({
      submitId: null,
      code: '',
      language: null,
    });
    await judgedPractice(alice, p, JudgeStatus.Accepted);
    const last = await judgedPractice(alice, p, JudgeStatus.Accepted);
    await judgedPractice(alice, p, JudgeStatus.WrongAnswer);
    expect(
      (
        await as(alice, 'get', '/api/get-last-ac-code')
          .query({ pid: String(p.id), cid: '0' })
          .expect(200)
      ).body.data,
    ).toEqual({
      submitId: last,
      code: `// ${JudgeStatus.Accepted}`,
      language: 'C++',
    });
    expect((await as(t.users.user, 'get', '/api/get-last-ac-code').query({ pid: p.id }).expect(200)).body.data.code).toBe('');
  });

  it('manual-judge changes a verdict and the statistics; cancel-judge takes a submission out of them', async () => {
    const p = await problem({ type: ProblemType.OI, ioScore: 100 });
    const erin = await t.createUser(`compat_erin${++seq}`);
    const submitId = await judgedPractice(erin, p, JudgeStatus.WrongAnswer, 10);
    const standing = async () =>
      (await t.dataSource.query('SELECT accepted, best_score FROM user_problem_stat WHERE uid = $1 AND pid = $2', [erin.uid, p.id]))[0];
    const res = await as(t.users.admin, 'get', '/api/admin/judge/manual-judge')
      .query({ submitId, status: JudgeStatus.Accepted, score: 150 })
      .expect(200);
    expect(res.body.data).toEqual({ submitId, status: JudgeStatus.Accepted, score: 100, judger: t.users.admin.username });
    expect(await standing()).toEqual({ accepted: true, best_score: 100 });
    const stats = await t.dataSource.query('SELECT total, ac, wa FROM problem_statistic WHERE pid = $1', [p.id]);
    expect(stats[0]).toEqual({ total: 1, ac: 1, wa: 0 });

    const cancelled = await as(t.users.admin, 'get', '/api/admin/judge/cancel-judge')
      .query({ submitId: String(submitId) })
      .expect(200);
    expect(cancelled.body.data).toMatchObject({ submitId, status: JudgeStatus.Cancelled, score: null });
    expect(await standing()).toBeUndefined();
    expect((await t.dataSource.query('SELECT total, ac FROM problem_statistic WHERE pid = $1', [p.id]))[0]).toEqual({ total: 0, ac: 0 });

    const bad = await as(t.users.admin, 'get', '/api/admin/judge/manual-judge')
      .query({ submitId, status: JudgeStatus.Pending })
      .expect(400);
    expect(bad.body.msg).toBe(JUDGING_ERR.manualJudgeStatus);
    await as(alice, 'get', '/api/admin/judge/cancel-judge').query({ submitId }).expect(403);
    await as(t.users.admin, 'get', '/api/admin/judge/cancel-judge').query({ submitId: 999999 }).expect(404);
  });

  it('cancel-judge removes a waiting job; a compile error can not be judged by hand', async () => {
    const p = await problem();
    const pending = await t.dataSource.getRepository(Judge).save({
      pid: p.id,
      displayPid: p.problemId,
      uid: alice.uid,
      username: alice.username,
      status: JudgeStatus.Pending,
      length: 1,
      code: 'x',
      language: 'C++',
      cid: 0,
    });
    const queue = t.get<JudgeQueueService>(JudgeQueueService);
    await queue.enqueueJudge({ ...pending, version: 0 }, { caseVersion: 'v0' });
    await as(t.users.admin, 'get', '/api/admin/judge/cancel-judge').query({ submitId: pending.submitId }).expect(200);
    expect((await t.dataSource.getRepository(Judge).findOneByOrFail({ submitId: pending.submitId })).status).toBe(JudgeStatus.Cancelled);
    expect(
      await (queue as unknown as { queue: { getJob(id: string): Promise<unknown> } }).queue.getJob(String(pending.submitId)),
    ).toBeNull();

    const ce = await judgedPractice(alice, p, JudgeStatus.CompileError);
    const res = await as(t.users.admin, 'get', '/api/admin/judge/manual-judge')
      .query({ submitId: ce, status: JudgeStatus.Accepted })
      .expect(400);
    expect(res.body.msg).toBe(JUDGING_ERR.manualJudgeCompileError);
  });

  it('set-db-and-redis-config says the data source comes from the environment and changes nothing', async () => {
    const before = (await as(t.users.root, 'get', '/api/admin/config/get-db-and-redis-config').expect(200)).body.data;
    const res = await as(t.users.root, 'put', '/api/admin/config/set-db-and-redis-config')
      .send({
        dbHost: 'elsewhere',
        dbPort: 3306,
        dbName: 'hoj',
        dbUsername: 'root',
        dbPassword: 'x',
        redisHost: 'r',
        redisPort: 6379,
        redisPassword: '',
      })
      .expect(400);
    expect(res.body).toEqual({ status: 400, msg: SITE_TEXT.dataSourceReadOnly, data: null, msgCode: 'SITE_TEXT.dataSourceReadOnly' });
    expect((await as(t.users.root, 'get', '/api/admin/config/get-db-and-redis-config').expect(200)).body.data).toEqual(before);
    await as(t.users.admin, 'put', '/api/admin/config/set-db-and-redis-config').send({}).expect(403);
  });

  it('the contest type of a picker list follows the contest', async () => {
    const oi = await problem({ type: ProblemType.OI, title: `oi-pick-${process.pid}` });
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, {
      type: ContestType.OI,
      startTime: new Date(now + MIN),
      endTime: new Date(now + 60 * MIN),
    });
    const res = await as(t.users.admin, 'get', '/api/admin/contest/get-problem-list')
      .query({ cid, problemType: ProblemType.OI, keyword: `oi-pick-${process.pid}`, oj: 'All' })
      .expect(200);
    expect(res.body.data.problemList.records.map((r: Problem) => r.id)).toEqual([oi.id]);
  });
});

describe("groups as HOJ's client calls them (api.js)", () => {
  it('creates with a Group body, joins with params in the query, and answers GroupVO, AccessVO, the level and GroupMemberVO', async () => {
    const owner = t.users.admin;
    const name = `Compat group ${process.pid}`.slice(0, 25);
    const shortName = `cg${process.pid}`.slice(0, 10).padEnd(5, 'x');
    await as(owner, 'post', '/api/group')
      .send({
        name,
        shortName,
        brief: 'HOJ Group body',
        description: 'A group created as hoj-vue sends it',
        auth: 2,
        code: 'QWE123',
        visible: true,
      })
      .expect(200);
    const list = (await as(alice, 'get', '/api/get-group-list').query({ currentPage: 1, limit: 10, keyword: name, auth: 2 }).expect(200))
      .body.data;
    expect(list).toMatchObject({ total: 1, current: 1, size: 10 });
    const vo = list.records[0];
    expect(Object.keys(vo).sort()).toEqual(
      ['auth', 'avatar', 'brief', 'description', 'gmtCreate', 'id', 'memberCount', 'name', 'owner', 'shortName', 'visible'].sort(),
    );
    const gid = vo.id as number;
    // addGroupMember(gid, code, reason): request params; code absent for a protected group.
    await as(alice, 'post', '/api/group/member').query({ gid, reason: 'Please let me in' }).expect(200);
    expect((await as(alice, 'get', '/api/get-group-auth').query({ gid }).expect(200)).body.data).toBe(1);
    expect((await as(alice, 'get', '/api/get-group-access').query({ gid }).expect(200)).body.data).toEqual({ access: false });
    const apply = (
      await as(owner, 'get', '/api/group/get-apply-list').query({ currentPage: 1, limit: 10, gid, auth: '', keyword: '' }).expect(200)
    ).body.data.records;
    const row = apply.find((r: { uid: string }) => r.uid === alice.uid);
    expect(Object.keys(row).sort()).toEqual(['auth', 'gid', 'gmtCreate', 'gmtModify', 'id', 'reason', 'uid', 'username'].sort());
    // updateGroupMember(data): the GroupMember body.
    await as(owner, 'put', '/api/group/member').send({ id: row.id, gid, uid: alice.uid, auth: 3, reason: row.reason }).expect(200);
    const mine = (await as(alice, 'get', '/api/get-group-list').query({ onlyMine: 'true' }).expect(200)).body.data.records;
    expect(mine.map((g: { id: number }) => g.id)).toEqual([gid]);
    // exitGroup(gid): DELETE /api/group/member/exit with params.
    await as(alice, 'delete', '/api/group/member/exit').query({ gid }).expect(200);
    expect((await as(alice, 'get', '/api/get-group-auth').query({ gid }).expect(200)).body.data).toBe(0);
  });
});

describe('exam calls in the HOJ style (issue 14)', () => {
  it("answers get-exam-list as a page of ContestVO-like rows, get-exam-info with now, and reads HOJ's query strings", async () => {
    const author = t.users.admin;
    const now = Date.now();
    const created = await as(author, 'post', '/api/admin/exam').send({
      title: 'Compat exam',
      auth: 0,
      startTime: new Date(now - 10 * MIN).toISOString(),
      endTime: new Date(now + 60 * MIN).toISOString(),
    });
    const eid = created.body.data.id as number;
    await as(author, 'post', '/api/admin/exam/exam-question').send({
      eid,
      displayId: 'Q1',
      score: 2,
      question: { displayId: `HCQ-${process.pid}`, type: 2, description: 'true?', rightAnswer: 'true' },
    });
    const list = await as(alice, 'get', '/api/get-exam-list').query({ currentPage: '1', limit: '10', keyword: 'Compat' });
    expect(Object.keys(list.body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(list.body.data.records[0]).toMatchObject({
      id: eid,
      eid,
      title: 'Compat exam',
      auth: 0,
      status: 0,
      author: author.username,
      duration: 4200,
      totalScore: 2,
      questionCount: 1,
      count: 0,
    });
    expect(list.body.data.records[0]).not.toHaveProperty('pwd');
    const info = await as(alice, 'get', '/api/get-exam-info').query({ eid: String(eid) });
    expect(new Date(info.body.data.now).getTime()).toBeGreaterThan(now - 1000);
    // Numeric strings in the query, unknown fields in the body (dropped), as HOJ's client sends them.
    const questions = await as(alice, 'get', '/api/get-exam-question-list').query({ eid: String(eid), type: '2' });
    expect(questions.body.data.map((q: { displayId: string }) => q.displayId)).toEqual(['Q1']);
    const qid = questions.body.data[0].questionId as number;
    const saved = await as(alice, 'post', '/api/submit-question').send({
      eid,
      questionId: qid,
      answer: 'true',
      examId: 99,
      extra: { a: 1 },
    });
    expect(saved.body).toMatchObject({ status: 200, data: { eid, questionId: qid, answer: 'true' } });
    const status = await as(alice, 'post', '/api/check-exam-submissions-status').send({ eid, submitIds: [] });
    expect(status.body.data).toEqual({});
    const kinds = await as(alice, 'get', '/api/get-exam-problem-k').query({ eid });
    expect(kinds.body.data.find((k: { kind: string }) => k.kind === 'judge')).toEqual({ kind: 'judge', type: 2, count: 1, score: 2 });
  });

  it('answers every requested pid of get-user-problem-status for an exam list (isExamProblemList, eid)', async () => {
    const p = await problem();
    const now = Date.now();
    const created = await as(t.users.admin, 'post', '/api/admin/exam').send({
      title: 'Compat exam 2',
      auth: 0,
      startTime: new Date(now - 10 * MIN).toISOString(),
      endTime: new Date(now + 60 * MIN).toISOString(),
    });
    const eid = created.body.data.id as number;
    const res = await as(alice, 'post', '/api/get-user-problem-status').send({
      pidList: [p.id],
      isExamProblemList: true,
      eid: String(eid),
    });
    expect(res.body.data).toEqual({ [p.id]: { status: JudgeStatus.NotSubmitted, score: null } });
  });
});
