/**
 * HOJ compatibility: the request bodies and query strings HOJ's web client (hoj-vue) and DTOs send, and the
 * fields HOJ's VOs answer with, route by route. Add to this suite whenever a route of another area lands.
 */
import {
  ADMIN_USER_TEXT,
  BUILTIN_PERMISSIONS,
  ContestType,
  ERR,
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
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import { JudgeResultService } from '../src/modules/judge/judge-result.service';
import { ContestAnnouncement } from '../src/modules/contest/entities/contest-announcement.entity';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Tag } from '../src/modules/problem/entities/tag.entity';
import { ProblemTag } from '../src/modules/problem/entities/problem-tag.entity';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { readZip } from '../src/core/archive/safe-zip';
import { addProblem, contestBody, createContest, judged, MIN } from './contest-fixtures';
import { createTestApp, TEST_PASSWORD, TEST_REDIS_URL, TestApp, TestUser } from './utils/test-app';
import { eventually } from './utils/eventually';

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
  const row = await t.dataSource.getRepository(Submission).save({
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
    // The session is recorded once the login's answer has gone out (a login never waits for it, nor fails on it).
    const first = await eventually('the first login recorded', async () => {
      const answer = await request(t.url)
        .post('/api/admin/dashboard/get-sessions')
        .set('Authorization', token)
        .send({ uid: dave.uid })
        .expect(200);
      return answer.body.data ? answer : undefined;
    });
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
        // No metrics port announced: the worker listens on nothing (issue 32 fills HOJ's fields; see its tests).
        service: { host: 'judge-host', port: 0, metadata: expect.objectContaining({ name, judgeName: name, 'nacos.healthy': 'true' }) },
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
    const pending = await t.dataSource.getRepository(Submission).save({
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
    expect((await t.dataSource.getRepository(Submission).findOneByOrFail({ submitId: pending.submitId })).status).toBe(
      JudgeStatus.Cancelled,
    );
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

/**
 * Issue 32: HOJ's own Vue client (hoj-vue) read every answer below and showed nothing, or failed. Each test
 * sends what that client sends and reads what its pages read, field by field. (Item 1, the demo training, is
 * in demo-content.e2e.spec.ts: making the demo needs a judge worker for its checker.)
 */
describe("issue 32: what HOJ's pages read", () => {
  const now = Date.now();
  const running = { startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) };

  it('2. get-contest-problem-details answers ProblemInfoVO: problem, tags, languages, problemCount, codeTemplate', async () => {
    const p = await problem({ title: 'Counted' });
    const tag = await t.dataSource.getRepository(Tag).save({ name: `i32-${process.pid}`, oj: 'ME', color: '#123456' });
    await t.dataSource.getRepository(ProblemTag).save({ pid: p.id, tid: tag.id });
    const cid = await createContest(t, t.users.admin, running);
    await addProblem(t, t.users.admin, cid, p.id, 'A');
    const [amy, ben] = [await t.createUser(`i32_amy${++seq}`), await t.createUser(`i32_ben${++seq}`)];
    await judged(t, amy, cid, p, 'A', JudgeStatus.WrongAnswer, new Date(now - 20 * MIN));
    await judged(t, amy, cid, p, 'A', JudgeStatus.Accepted, new Date(now - 15 * MIN));
    await judged(t, ben, cid, p, 'A', JudgeStatus.TimeLimitExceeded, new Date(now - 10 * MIN));
    // The contest's author tries too: admins' tries count nowhere (HOJ leaves them out as well).
    await judged(t, t.users.admin, cid, p, 'A', JudgeStatus.Accepted, new Date(now - 5 * MIN));
    const details = (await as(amy, 'get', '/api/get-contest-problem-details').query({ cid, displayId: 'A' }).expect(200)).body.data;
    expect(details).toEqual(
      expect.objectContaining({
        problem: expect.objectContaining({ id: p.id, problemId: 'A', title: p.title }),
        tags: [],
        languages: expect.any(Array),
        codeTemplate: {},
        problemCount: { pid: p.id, total: 3, ac: 1, wa: 1, tle: 1, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 },
      }),
    );
    // Tags are hints, as source, author and difficulty: shown to the contest's admins while it runs.
    const admin = (await as(t.users.admin, 'get', '/api/get-contest-problem-details').query({ cid, displayId: 'A' }).expect(200)).body.data;
    expect(admin.tags).toEqual([expect.objectContaining({ id: tag.id, name: tag.name, color: '#123456' })]);
    expect(admin.problemCount).toEqual(details.problemCount);
  });

  describe('3. get-contest-rank pins the viewer (and the followed users) on page 1, as HOJ', () => {
    let cid: number;
    let lead: TestUser;
    let second: TestUser;
    let third: TestUser;
    const names = (rows: { username: string }[]) => rows.map((r) => r.username);
    const rankOf = async (user: TestUser, body: Record<string, unknown> = {}) =>
      (
        await as(user, 'post', '/api/get-contest-rank')
          .send({ cid, currentPage: 1, limit: 30, ...body })
          .expect(200)
      ).body.data;
    beforeAll(async () => {
      const p = await problem();
      const q = await problem();
      cid = await createContest(t, t.users.admin, running);
      await addProblem(t, t.users.admin, cid, p.id, 'A');
      await addProblem(t, t.users.admin, cid, q.id, 'B');
      [lead, second, third] = [
        await t.createUser(`i32_lead${++seq}`),
        await t.createUser(`i32_second${++seq}`),
        await t.createUser(`i32_third${++seq}`),
      ];
      await judged(t, lead, cid, p, 'A', JudgeStatus.Accepted, new Date(now - 25 * MIN));
      await judged(t, lead, cid, q, 'B', JudgeStatus.Accepted, new Date(now - 20 * MIN));
      await judged(t, second, cid, p, 'A', JudgeStatus.Accepted, new Date(now - 15 * MIN));
      await judged(t, third, cid, p, 'A', JudgeStatus.WrongAnswer, new Date(now - 10 * MIN));
    });

    it("puts a copy of the viewer's row first on page 1, the leader's too, and HOJ's chart finds the top 10 after it", async () => {
      const board = [lead.username, second.username, third.username];
      const mine = await rankOf(second);
      expect(names(mine.records)).toEqual([second.username, ...board]);
      expect(mine.records[0]).toEqual(mine.records[2]);
      expect(mine).toMatchObject({ total: 3, current: 1, size: 30 });
      const leads = await rankOf(lead);
      expect(names(leads.records)).toEqual([lead.username, ...board]);
      expect(leads.records[0]).toMatchObject({ rank: 1, ac: 2, uid: lead.uid });
      // ACMContestRank.vue's applyToChart: skip concernedList.length rows, and one more when row 0 is the viewer's.
      const chart = (rows: { uid: string; username: string }[], viewer: TestUser, concerned: string[] = []) => {
        const top = concerned.length + (rows[0]?.uid === viewer.uid ? 1 : 0);
        return names(rows.slice(top, top + 10));
      };
      expect(chart(leads.records, lead)).toEqual(board);
      expect(chart(mine.records, second)).toEqual(board);
      // An admin is not on the board: nothing pinned.
      expect(names((await rankOf(t.users.admin)).records)).toEqual(board);
    });

    it("keeps the pinned copy right as the viewer's row changes", async () => {
      const before = (await rankOf(third)).records;
      expect(before[0]).toMatchObject({ uid: third.uid, ac: 0, rank: 3 });
      const [a] = await t.dataSource.query('SELECT pid FROM contest_problem WHERE cid = $1 AND display_id = $2', [cid, 'A']);
      const problemA = await t.dataSource.getRepository(Problem).findOneByOrFail({ id: a.pid });
      await judged(t, third, cid, problemA, 'A', JudgeStatus.Accepted, new Date(now - 2 * MIN));
      const after = (await rankOf(third)).records;
      expect(after[0]).toMatchObject({ uid: third.uid, ac: 1 });
      expect(after[0]).toEqual(after.slice(1).find((r: { uid: string }) => r.uid === third.uid));
    });

    it('pins the followed users after the viewer (concernedList), in board order, and only on page 1', async () => {
      const followed = await rankOf(third, { concernedList: [third.uid, second.uid, lead.uid, 'nobody'] });
      expect(names(followed.records)).toEqual([
        third.username,
        lead.username,
        second.username,
        lead.username,
        second.username,
        third.username,
      ]);
      expect(followed.total).toBe(3);
      const page2 = await rankOf(third, { currentPage: 2, limit: 2, concernedList: [lead.uid] });
      expect(names(page2.records)).toEqual([third.username]);
      // Filters apply to the pinned rows too; onlyConcerned (ours) lists the followed users only, nothing pinned.
      expect(names((await rankOf(third, { keyword: second.username })).records)).toEqual([second.username]);
      expect(names((await rankOf(third, { concernedList: [lead.uid], onlyConcerned: true })).records)).toEqual([lead.username]);
    });

    it('answers the same through the framework as on the hot path', async () => {
      const body = { cid, currentPage: 1, limit: 30, concernedList: [lead.uid] };
      const hot = await as(second, 'post', '/api/get-contest-rank').send(body).expect(200);
      const framework = await as(second, 'post', '/api/get-contest-rank?via=framework').send(body).expect(200);
      expect(framework.body).toEqual(hot.body);
      expect(names(hot.body.data.records)).toEqual([second.username, lead.username, lead.username, second.username, third.username]);
    });
  });

  it("4. creates a contest from HOJ's admin form, accountLimitRule a string, and answers it back as HOJ's form reads it", async () => {
    const start = new Date(now + 60 * MIN);
    const end = new Date(now + 180 * MIN);
    // Contest.vue's data() and saveContest(), as they reach the server.
    const hojBody = (accountLimit: boolean, rule: string) => ({
      title: 'HOJ form contest',
      description: 'made by hoj-vue',
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      duration: 7200,
      type: ContestType.ACM,
      pwd: '',
      sealRank: false,
      sealRankTime: start.toISOString(),
      autoRealRank: true,
      auth: 0,
      openPrint: false,
      rankShowName: 'username',
      openAccountLimit: accountLimit,
      allowEndSubmit: false,
      accountLimitRule: rule,
      starAccount: [],
      oiRankScoreType: 'Recent',
      awardType: 0,
      awardConfigList: [{ priority: 1, name: '金牌', background: '#e6bf25', color: '#fff', num: 10 }],
      uid: t.users.admin.uid,
      author: t.users.admin.username,
    });
    const plain = await as(t.users.admin, 'post', '/api/admin/contest').send(hojBody(false, '')).expect(200);
    expect(plain.body.data).toMatchObject({ title: 'HOJ form contest', openAccountLimit: false, accountLimitRule: null });
    const rule = '<prefix>team</prefix><suffix>_x</suffix><start>1</start><end>30</end><extra>coach guest</extra>';
    const limited = await as(t.users.admin, 'post', '/api/admin/contest').send(hojBody(true, rule)).expect(200);
    const cid = limited.body.data.id as number;
    const stored = await t.dataSource.query('SELECT account_limit_rule FROM contest WHERE id = $1', [cid]);
    expect(stored[0].account_limit_rule).toEqual({ prefix: 'team', suffix: '_x', start: 1, end: 30, extra: ['coach', 'guest'] });
    // The edit page reads AdminContestVO.accountLimitRule with changeStrToAccountRule's regular expression.
    const edit = (await as(t.users.admin, 'get', '/api/admin/contest').query({ cid }).expect(200)).body.data;
    const tmp =
      /<prefix>([\s\S]*?)<\/prefix><suffix>([\s\S]*?)<\/suffix><start>([\s\S]*?)<\/start><end>([\s\S]*?)<\/end><extra>([\s\S]*?)<\/extra>/.exec(
        edit.accountLimitRule,
      );
    expect(tmp?.slice(1)).toEqual(['team', '_x', '1', '30', 'coach guest']);
    // Edited back as HOJ's form sends it: the same rule.
    await as(t.users.admin, 'put', '/api/admin/contest')
      .send({ ...edit, accountLimitRule: edit.accountLimitRule })
      .expect(200);
    expect((await as(t.users.admin, 'get', '/api/admin/contest').query({ cid }).expect(200)).body.data.accountLimitRule).toBe(
      '<prefix>team</prefix><suffix>_x</suffix><start>1</start><end>30</end><extra>coach guest</extra>',
    );
    // Our admin form's object is still taken; a string of another form is refused and makes nothing.
    const before = await t.dataSource.getRepository(ContestAnnouncement).manager.query('SELECT count(*)::int AS n FROM contest');
    const bad = await as(t.users.admin, 'post', '/api/admin/contest').send(hojBody(true, 'team1-30')).expect(400);
    expect(bad.body.msg).toBe(ERR.badRequest);
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM contest'))[0].n).toBe(before[0].n);
    const ours = await as(t.users.admin, 'post', '/api/admin/contest')
      .send({ ...hojBody(true, ''), accountLimitRule: { prefix: 't', suffix: '', start: 1, end: 2, extra: [] } })
      .expect(200);
    expect(ours.body.data.accountLimitRule).toBe('<prefix>t</prefix><suffix></suffix><start>1</start><end>2</end><extra></extra>');
  });

  it('5. admin/contest/get-problem-list without problemType answers {problemList: {records, total}, contestProblemMap}', async () => {
    const [p, q] = [await problem({ title: 'Second listed' }), await problem({ title: 'First listed' })];
    const cid = await createContest(t, t.users.admin, running);
    await addProblem(t, t.users.admin, cid, p.id, 'B');
    await addProblem(t, t.users.admin, cid, q.id, 'A');
    const data = (
      await as(t.users.admin, 'get', '/api/admin/contest/get-problem-list').query({ cid, currentPage: 1, limit: 10 }).expect(200)
    ).body.data;
    expect(Object.keys(data).sort()).toEqual(['contestProblemMap', 'problemList']);
    expect(data.problemList).toMatchObject({ total: 2, current: 1, size: 10 });
    // ProblemList.vue: rows are bank problems; contestProblemMap[row.id] gives the display id, title and colour.
    expect(data.problemList.records.map((r: Problem) => [r.id, r.problemId, r.title])).toEqual([
      [q.id, q.problemId, q.title],
      [p.id, p.problemId, p.title],
    ]);
    expect(data.contestProblemMap[p.id]).toEqual(
      expect.objectContaining({ id: expect.any(Number), cid, pid: p.id, displayId: 'B', displayTitle: p.title, color: '#ff0000' }),
    );
    expect(data.contestProblemMap[q.id]).toMatchObject({ displayId: 'A' });
  });

  it('6. the admin user list carries roles: [{id, role, …}] (HOJ UserRolesVO)', async () => {
    const res = await as(t.users.root, 'get', '/api/admin/user/get-user-list')
      .query({ currentPage: 1, limit: 10, keyword: t.users.problemAdmin.username, onlyAdmin: false })
      .expect(200);
    const row = res.body.data.records.find((r: { uid: string }) => r.uid === t.users.problemAdmin.uid);
    // User.vue: getRole(row.roles) is roles[0].id.
    expect(row.roles).toEqual([{ id: Role.ProblemAdmin, role: ROLE_NAMES[Role.ProblemAdmin], description: expect.any(String), status: 0 }]);
    expect(row).toMatchObject({ roleId: Role.ProblemAdmin, roleList: [ROLE_NAMES[Role.ProblemAdmin]] });
  });

  it("7. generates users from HOJ's snake-case body, answers {key}, and file/generate-user-excel downloads them", async () => {
    const prefix = `g${process.pid % 1000}_`;
    const res = await as(t.users.root, 'post', '/api/admin/user/generate-user')
      .send({ prefix, suffix: '', number_from: 1, number_to: 3, password_length: 7 })
      .expect(200);
    expect(res.body.data.key).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.data.users.map((u: { username: string; password: string }) => [u.username, u.password.length])).toEqual([
      [`${prefix}1`, 7],
      [`${prefix}2`, 7],
      [`${prefix}3`, 7],
    ]);
    // utils.downloadFile: a GET with the token, saved under what follows `filename=`.
    const sheet = await as(t.users.root, 'get', '/api/file/generate-user-excel').query({ key: res.body.data.key }).buffer(true).expect(200);
    expect(sheet.headers['content-disposition'].split('filename=')[1]).toBe('generated-users.xlsx');
    await request(t.url)
      .post('/api/login')
      .send({ username: `${prefix}2`, password: res.body.data.users[1].password })
      .expect(200);
    // Start and end are still required, under either name.
    const missing = await as(t.users.root, 'post', '/api/admin/user/generate-user').send({
      prefix,
      suffix: '',
      number_to: 3,
      password_length: 7,
    });
    expect([missing.status, missing.body.msg]).toEqual([400, ADMIN_USER_TEXT.startRequired]);
  });

  it('8. get-service-info has nacos.status and healthy instances; judges have judgeName, port and nacos.healthy', async () => {
    const info = (await as(t.users.admin, 'get', '/api/admin/config/get-service-info').expect(200)).body.data;
    expect(info.nacos).toEqual({ status: 'UP' });
    expect(info.backupService[0]).toMatchObject({
      port: t.config.port,
      secure: false,
      metadata: expect.objectContaining({ 'nacos.healthy': 'true' }),
    });
    const redis = new Redis(TEST_REDIS_URL);
    const base = `i32-judge-${process.pid}`;
    const announce = (name: string, beatAgoMs: number, metricsPort?: number) =>
      redis.set(
        judgeServerKey(t.config.bull.prefix, name),
        JSON.stringify({
          name,
          hostname: 'judge-box',
          pid: 7,
          concurrency: 2,
          languages: [],
          cgroup: 'v2',
          startedAt: new Date(now).toISOString(),
          lastHeartbeat: new Date(Date.now() - beatAgoMs).toISOString(),
          cpuCores: 4,
          percentCpuLoad: '1.00%',
          percentMemoryLoad: '2.00%',
          metricsPort,
        }),
        'EX',
        60,
      );
    try {
      await announce(`${base}-live`, 1000, 9464);
      await announce(`${base}-stale`, 25_000);
      const judges = (await as(t.users.admin, 'get', '/api/admin/config/get-judge-service-info').expect(200)).body.data;
      const byName = (n: string) => judges.find((j: { name: string }) => j.name === n);
      // Dashboard.vue: row.service.metadata.judgeName, row.service.host, row.service.port, metadata['nacos.healthy'].
      expect(byName(`${base}-live`).service).toEqual({
        serviceId: 'oj-judge',
        instanceId: `${base}-live`,
        host: 'judge-box',
        port: 9464,
        secure: false,
        uri: 'http://judge-box:9464',
        metadata: expect.objectContaining({ judgeName: `${base}-live`, 'nacos.healthy': 'true' }),
      });
      expect(byName(`${base}-stale`).service).toMatchObject({
        port: 0,
        metadata: { judgeName: `${base}-stale`, 'nacos.healthy': 'false' },
      });
    } finally {
      await redis.del(judgeServerKey(t.config.bull.prefix, `${base}-live`), judgeServerKey(t.config.bull.prefix, `${base}-stale`));
      redis.disconnect();
    }
  });

  it('9. msg/like answers Like_Post for a liked post and Like_Discuss for a liked comment', async () => {
    const author = await t.createUser(`i32_author${++seq}`);
    const fan = await t.createUser(`i32_fan${++seq}`);
    for (const u of [author, fan])
      await t.dataSource.query(`INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, 20)`, [u.uid, u.username]);
    const did = (
      await as(author, 'post', '/api/discussion').send({ categoryId: 1, title: 'Liked', description: 'd', content: 'text' }).expect(200)
    ).body.data.id as number;
    const cid = (await as(author, 'post', '/api/comment').send({ did, content: 'a comment' }).expect(200)).body.data.id as number;
    await as(fan, 'get', '/api/discussion-like').query({ did, toLike: true }).expect(200);
    await as(fan, 'get', '/api/comment-like').query({ cid, toLike: true, sourceId: did, sourceType: 'Discussion' }).expect(200);
    const likes = (await as(author, 'get', '/api/msg/like').query({ currentPage: 1, limit: 10 }).expect(200)).body.data.records;
    expect(likes.map((m: { action: string }) => m.action)).toEqual(['Like_Discuss', 'Like_Post']);
    await as(author, 'delete', '/api/msg/clean').query({ type: 'Like' }).expect(200);
    expect((await as(author, 'get', '/api/msg/like').expect(200)).body.data.records).toEqual([]);
  });

  it('10. the ACM rank list counts distinct problems solved in ac, and orders by it', async () => {
    const [p1, p2] = [await problem(), await problem()];
    const tag = `r${process.pid % 100000}`;
    const [many, two] = [await t.createUser(`${tag}_many`), await t.createUser(`${tag}_two`)];
    for (let i = 0; i < 3; i++) await judgedPractice(many, p1, JudgeStatus.Accepted);
    await judgedPractice(two, p1, JudgeStatus.Accepted);
    await judgedPractice(two, p2, JudgeStatus.Accepted);
    const res = await request(t.url).get('/api/get-rank-list').query({ type: 0, currentPage: 1, limit: 10, searchUser: tag }).expect(200);
    expect(res.body.data.records.map((r: { username: string; ac: number; total: number }) => [r.username, r.ac, r.total])).toEqual([
      [two.username, 2, 2],
      [many.username, 1, 3],
    ]);
  });

  it('11. ACM submissions carry no score, nor do their cases; OI ones keep theirs', async () => {
    const acm = await problem({ openCaseResult: true });
    const oi = await problem({ type: ProblemType.OI, openCaseResult: true });
    const u = await t.createUser(`i32_scores${++seq}`);
    const a = await judgedPractice(u, acm, JudgeStatus.Accepted, 100);
    const o = await judgedPractice(u, oi, JudgeStatus.PartialAccepted, 40);
    const detail = async (submitId: number) => (await as(u, 'get', '/api/get-submission-detail').query({ submitId }).expect(200)).body.data;
    const cases = async (submitId: number) =>
      (await as(u, 'get', '/api/get-all-case-result').query({ submitId }).expect(200)).body.data.judgeCaseList as {
        score: number | null;
      }[];
    expect((await detail(a)).submission.score).toBeNull();
    expect((await cases(a)).map((c) => c.score)).toEqual([null]);
    expect((await detail(o)).submission.score).toBe(40);
    expect((await cases(o)).map((c) => c.score)).toEqual([40]);
    const list = (await as(u, 'get', '/api/get-submission-list').query({ onlyMine: true, currentPage: 1, limit: 10 }).expect(200)).body.data
      .records;
    expect(list.map((r: { submitId: number; score: number | null }) => [r.submitId, r.score])).toEqual([
      [o, 40],
      [a, null],
    ]);
  });

  it('12. a bare JSON string, number or array reaches the routes that read one and is refused by DTO routes', async () => {
    const dave = await t.createUser(`i32_dave${++seq}`, Role.Admin);
    // Dashboard.vue: api.getSessions(this.userInfo.uid), the uid as the JSON body.
    const sessions = await request(t.url)
      .post('/api/admin/dashboard/get-sessions')
      .set('Authorization', dave.token)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(dave.uid))
      .expect(200);
    expect(sessions.body.status).toBe(200);
    // axios 0.21 sends a string body as a form: that works too.
    await request(t.url).post('/api/admin/dashboard/get-sessions').set('Authorization', dave.token).type('form').send(dave.uid).expect(200);
    for (const bare of ['"root"', '5', '[1, 2]', 'true']) {
      const login = await request(t.url).post('/api/login').set('Content-Type', 'application/json').send(bare);
      expect([bare, login.status, login.body.msg]).toEqual([bare, 400, ERR.badRequest]);
      const rank = await as(alice, 'post', '/api/get-contest-rank').set('Content-Type', 'application/json').send(bare);
      expect([bare, rank.status]).toEqual([bare, 400]);
    }
    // Malformed JSON is still refused.
    expect((await request(t.url).post('/api/login').set('Content-Type', 'application/json').send('{"username":')).status).toBe(400);
  });

  describe('13. the paths HOJ components call', () => {
    let gid: number;
    let otherGid: number;
    let member: TestUser;
    beforeAll(async () => {
      const make = async (name: string, shortName: string) => {
        await as(t.users.admin, 'post', '/api/group')
          .send({ name, shortName, brief: 'issue 32 group', description: 'groups of issue 32', auth: 1, visible: true })
          .expect(200);
        const list = (await as(t.users.admin, 'get', '/api/get-group-list').query({ keyword: name, onlyMine: true }).expect(200)).body.data;
        return list.records[0].id as number;
      };
      gid = await make(`i32 group ${process.pid}`.slice(0, 25), `i32g${process.pid}`.slice(0, 10));
      otherGid = await make(`i32 other ${process.pid}`.slice(0, 25), `i32o${process.pid}`.slice(0, 10));
      member = await t.createUser(`i32_member${++seq}`);
      await as(member, 'post', '/api/group/member').query({ gid }).expect(200);
    });

    it("GET group/get-all-problem-tags: the site's tags and the group's own, for its admins", async () => {
      const tags = t.dataSource.getRepository(Tag);
      const site = await tags.save({ name: `site-${process.pid}`, oj: 'ME', color: null });
      const own = await tags.save({ name: `own-${process.pid}`, oj: 'ME', color: null, gid });
      const foreign = await tags.save({ name: `foreign-${process.pid}`, oj: 'ME', color: null, gid: otherGid });
      const listed = (await as(t.users.admin, 'get', '/api/group/get-all-problem-tags').query({ gid }).expect(200)).body.data as Tag[];
      const ids = listed.map((x) => x.id);
      expect(ids).toEqual(expect.arrayContaining([site.id, own.id]));
      expect(ids).not.toContain(foreign.id);
      expect(listed.find((x) => x.id === own.id)).toMatchObject({ name: own.name, oj: 'ME', gid });
      expect((await as(member, 'get', '/api/group/get-all-problem-tags').query({ gid })).status).toBe(403);
    });

    it("POST group/contest-problem makes the group's contest problem ({pid}); HOJ's PUT without an id links it", async () => {
      const created = await as(t.users.admin, 'post', '/api/group/contest')
        .send({ ...contestBody(running), title: 'Group contest', gid })
        .expect(200);
      const cid = created.body.data.id as number;
      const body = {
        problem: {
          problemId: `GCP${process.pid}`,
          title: 'Group contest problem',
          description: 'd',
          timeLimit: 1000,
          memoryLimit: 128,
          stackLimit: 64,
          type: 0,
          gid,
        },
        samples: [{ input: '1 2\n', output: '3\n' }],
        isUploadTestCase: false,
        languages: ['C++'],
        tags: [],
        codeTemplates: [],
      };
      const res = await as(t.users.admin, 'post', '/api/group/contest-problem').send(body).expect(200);
      expect(res.body.data).toEqual({ pid: expect.any(Number) });
      const pid = res.body.data.pid as number;
      const row = await t.dataSource.getRepository(Problem).findOneByOrFail({ id: pid });
      expect([row.auth, row.gid, row.isGroup]).toEqual([ProblemAuth.Contest, gid, true]);
      // Problem.vue then saves this.contestProblem with the new pid and the contest: no id.
      await as(t.users.admin, 'put', '/api/group/contest-problem').send({ displayId: 'A', displayTitle: 'Group A', pid, cid }).expect(200);
      const link = (await as(t.users.admin, 'get', '/api/group/contest-problem').query({ pid, cid }).expect(200)).body.data;
      expect(link).toMatchObject({ cid, pid, displayId: 'A', displayTitle: 'Group A' });
      await as(t.users.admin, 'put', '/api/group/contest-problem').send({ displayId: 'A', displayTitle: 'Renamed', pid, cid }).expect(200);
      expect((await as(t.users.admin, 'get', '/api/group/contest-problem').query({ pid, cid }).expect(200)).body.data).toMatchObject({
        id: link.id,
        displayTitle: 'Renamed',
      });
      // Another group's private problem can not be linked this way; a member can not create.
      const foreign = await problem({ auth: ProblemAuth.Private, gid: otherGid, isGroup: true });
      expect((await as(t.users.admin, 'put', '/api/group/contest-problem').send({ displayId: 'B', pid: foreign.id, cid })).status).toBe(
        404,
      );
      expect(
        (await as(member, 'post', '/api/group/contest-problem').send({ ...body, problem: { ...body.problem, problemId: 'X1' } })).status,
      ).toBe(403);
    });

    it('POST file/upload-group-avatar sets the avatar for the group root and answers the group', async () => {
      const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
      const res = await as(t.users.admin, 'post', '/api/file/upload-group-avatar')
        .field('gid', String(gid))
        .attach('image', PNG, 'avatar.png')
        .expect(200);
      // GroupSetting.vue: this.$store.dispatch('setGroup', res.data.data).
      expect(res.body.data).toMatchObject({ id: gid, avatar: expect.stringMatching(/^\/api\/public\/img\/[0-9a-f]{32}\.webp$/) });
      const img = await request(t.url).get(res.body.data.avatar).expect(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect((await as(t.users.admin, 'get', '/api/get-group-detail').query({ gid }).expect(200)).body.data.avatar).toBe(
        res.body.data.avatar,
      );
      expect(
        (await as(member, 'post', '/api/file/upload-group-avatar').field('gid', String(gid)).attach('image', PNG, 'a.png')).status,
      ).toBe(403);
      const text = await as(t.users.admin, 'post', '/api/file/upload-group-avatar')
        .field('gid', String(gid))
        .attach('image', Buffer.from('<svg/>'), 'a.png');
      expect([text.status, text.body.msg]).toEqual([400, ERR.fileTypeNotSupport]);
    });

    it('POST file/upload-md-file stores any file for admins and group admins, served only as a download', async () => {
      const bytes = Buffer.from('<html><script>alert(1)</script></html>');
      const res = await as(t.users.admin, 'post', '/api/file/upload-md-file').attach('file', bytes, 'notes.html').expect(200);
      // Editor.vue inserts [name](res.data.data.link).
      expect(res.body.data).toEqual({
        link: expect.stringMatching(/^\/api\/public\/file\/[0-9a-f]{32}\.html$/),
        fileId: expect.any(Number),
      });
      const got = await request(t.url).get(res.body.data.link).buffer(true).expect(200);
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(got.headers['content-disposition']).toBe('attachment; filename=notes.html');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(got.body as Buffer, bytes)).toBe(0);
      expect((await as(member, 'post', '/api/file/upload-md-file').attach('file', bytes, 'x.txt')).status).toBe(403);
      expect((await as(member, 'post', '/api/file/upload-md-file').field('gid', String(gid)).attach('file', bytes, 'x.txt')).status).toBe(
        403,
      );
      const owner = await as(t.users.admin, 'post', '/api/file/upload-md-file')
        .field('gid', String(gid))
        .attach('file', bytes, 'y.txt')
        .expect(200);
      expect(owner.body.data.link).toMatch(/\.txt$/);
      await request(t.url).get('/api/public/file/..%2F..%2Fetc%2Fpasswd').expect(404);
      await request(t.url)
        .get(`/api/public/file/${'0'.repeat(32)}`)
        .expect(404);
    });

    it('GET file/download-contest-ac-submission zips the accepted code by user or by problem; download-contest-print-text', async () => {
      const [p, q] = [await problem(), await problem()];
      const cid = await createContest(t, t.users.admin, { ...running, openPrint: true });
      await addProblem(t, t.users.admin, cid, p.id, 'A');
      await addProblem(t, t.users.admin, cid, q.id, 'B');
      const [ann, bo] = [await t.createUser(`i32_ann${++seq}`), await t.createUser(`i32_bo${++seq}`)];
      const at = (m: number) => new Date(now - m * MIN);
      await judged(t, ann, cid, p, 'A', JudgeStatus.Accepted, at(20));
      await judged(t, ann, cid, q, 'B', JudgeStatus.Accepted, at(10));
      await judged(t, bo, cid, p, 'A', JudgeStatus.WrongAnswer, at(15));
      await judged(t, bo, cid, p, 'A', JudgeStatus.Accepted, at(5));
      await judged(t, t.users.admin, cid, p, 'A', JudgeStatus.Accepted, at(3));
      const stampOf = (m: number) => {
        const d = at(m);
        const z = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}${z(d.getMonth() + 1)}${z(d.getDate())}${z(d.getHours())}${z(d.getMinutes())}${z(d.getSeconds())}`;
      };
      const download = async (query: Record<string, string>) => {
        const res = await as(t.users.admin, 'get', '/api/file/download-contest-ac-submission')
          .query({ cid, ...query })
          .buffer(true)
          .parse((r, cb) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => cb(null, Buffer.concat(chunks)));
          })
          .expect(200);
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=contest_${cid}_\\d+\\.zip$`));
        return [...(await readZip(res.body as Buffer)).keys()].sort();
      };
      const ext = 'txt'; // no judge worker knows "C++" here: its source file's extension would be used
      expect(await download({ excludeAdmin: 'true', splitType: 'user' })).toEqual(
        [
          `${ann.username}/A_(${stampOf(20)}).${ext}`,
          `${ann.username}/B_(${stampOf(10)}).${ext}`,
          `${bo.username}/A_(${stampOf(5)}).${ext}`,
        ].sort(),
      );
      expect(await download({ splitType: 'problem' })).toEqual(
        [
          `A/${ann.username}_(${stampOf(20)}).${ext}`,
          `A/${bo.username}_(${stampOf(5)}).${ext}`,
          `A/${t.users.admin.username}_(${stampOf(3)}).${ext}`,
          `B/${ann.username}_(${stampOf(10)}).${ext}`,
        ].sort(),
      );
      expect((await as(ann, 'get', '/api/file/download-contest-ac-submission').query({ cid })).status).toBe(403);

      await as(ann, 'post', '/api/submit-print-text')
        .send({ cid, content: 'x'.repeat(60) })
        .expect(200);
      const prints = (await as(t.users.admin, 'get', '/api/get-contest-print').query({ cid, currentPage: 1, limit: 10 }).expect(200)).body
        .data;
      const id = prints.records[0].id as number;
      const text = await as(t.users.admin, 'get', '/api/file/download-contest-print-text').query({ id }).buffer(true).expect(200);
      expect(text.headers['content-disposition']).toBe(`attachment; filename=${ann.username}_Contest_Print.txt`);
      expect(text.text).toBe('x'.repeat(60));
      expect((await as(ann, 'get', '/api/file/download-contest-print-text').query({ id })).status).toBe(403);
      expect((await as(t.users.admin, 'get', '/api/file/download-contest-print-text').query({ id: 999999 })).status).toBe(404);
    });
  });

  it('14. get-website-config says register: false until SMTP is set; the switch itself stays as set', async () => {
    await as(t.users.root, 'put', '/api/admin/switch/update').send({ register: true }).expect(200);
    const pub = (await request(t.url).get('/api/get-website-config').expect(200)).body.data;
    expect(pub).toMatchObject({ register: false, emailConfigured: false });
    expect((await as(t.users.root, 'get', '/api/admin/switch/info').expect(200)).body.data.register).toBe(true);
    expect((await as(t.users.root, 'get', '/api/admin/config/get-web-config').expect(200)).body.data.register).toBe(true);
    await as(t.users.root, 'put', '/api/admin/config/set-email-config')
      .send({ emailHost: '127.0.0.1', emailPort: 2525, emailSsl: false })
      .expect(200);
    try {
      expect((await request(t.url).get('/api/get-website-config').expect(200)).body.data).toMatchObject({
        register: true,
        emailConfigured: true,
      });
    } finally {
      await as(t.users.root, 'put', '/api/admin/config/set-email-config').send({ emailHost: '' }).expect(200);
    }
  });
});
