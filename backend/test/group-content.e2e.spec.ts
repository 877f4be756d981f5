/**
 * A group's scoped content over HTTP (issue 17, second part): problems with apply-public and its review,
 * trainings, contests, exams, questions, discussion and rank. The level matrix (non-member, applicant, member,
 * admin, owner, root) over the routes, the content kept out of every site list and 404 by id outside the group,
 * and the add-from-public / add-from-group variants.
 */
import {
  ApplyPublicProgress,
  ContestAuth,
  ContestType,
  ERR,
  GROUP_CONTENT_ERR,
  GroupAuth,
  GroupMemberStatus,
  QuestionType,
  SWITCH_DENIED_TEXT,
  TrainingAuth,
} from '@oj/contracts';
import request from 'supertest';
import { MIN } from './contest-fixtures';
import { bankProblem } from './training-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(120_000);

type Method = 'get' | 'post' | 'put' | 'delete';

function problemBody(problemId: string, gid: number, auth = 1) {
  return {
    problem: {
      problemId,
      title: `Title ${problemId}`,
      description: 'd',
      timeLimit: 1000,
      memoryLimit: 128,
      stackLimit: 64,
      auth,
      type: 0,
      gid,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 5\n', output: '10\n' },
    ],
    isUploadTestCase: false,
    languages: ['C++'],
    tags: [],
    codeTemplates: [],
  };
}

describe('group content', () => {
  let t: TestApp;
  let teacher: TestUser;
  let alice: TestUser; // admin (4)
  let bob: TestUser; // member (3)
  let carol: TestUser; // applicant (1)
  let eve: TestUser; // not in the group
  let gid: number;
  let otherGid: number;
  const tag = `${process.pid}`.slice(-5);

  const call = (u: TestUser | null, method: Method, path: string, opts: { query?: object; body?: object } = {}) => {
    let r = request(t.url)[method](`/api${path}`);
    if (opts.query) r = r.query(opts.query);
    if (u) r = r.set('Authorization', u.token);
    return opts.body ? r.send(opts.body) : r;
  };
  /** The status of the same call for each user, as [username, status] pairs (readable failures). */
  const statuses = async (users: TestUser[], method: Method, path: string, opts: { query?: object; body?: object } = {}) => {
    const out: [string, number][] = [];
    for (const u of users) out.push([u.username, (await call(u, method, path, opts)).status]);
    return out;
  };
  const expectStatuses = async (
    expected: [TestUser, number][],
    method: Method,
    path: string,
    opts: { query?: object; body?: object } = {},
  ) => {
    expect(
      await statuses(
        expected.map(([u]) => u),
        method,
        path,
        opts,
      ),
    ).toEqual(expected.map(([u, s]) => [u.username, s]));
  };
  const data = async (u: TestUser | null, method: Method, path: string, opts: { query?: object; body?: object } = {}) => {
    const res = await call(u, method, path, opts);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const ids = (page: { records: { id?: number; pid?: number }[] }) => page.records.map((r) => r.id ?? r.pid);
  beforeAll(async () => {
    t = await createTestApp();
    await call(t.users.root, 'put', '/admin/switch/update', {
      body: {
        defaultCreateGroupACInitValue: 0,
        defaultCreateGroupDailyLimit: 10,
        defaultCreateGroupLimit: 10,
        defaultCreateDiscussionACInitValue: 0,
      },
    }).expect(200);
    teacher = await t.createUser('gc_teacher');
    alice = await t.createUser('gc_alice');
    bob = await t.createUser('gc_bob');
    carol = await t.createUser('gc_carol');
    eve = await t.createUser('gc_eve');
    const group = (name: string, shortName: string) => ({
      name,
      shortName,
      brief: 'A brief line',
      description: 'Class description',
      auth: GroupAuth.Protected,
      code: 'ABC123',
      visible: true,
    });
    await data(teacher, 'post', '/group', { body: group(`Content ${tag}`, `cc${tag}`) });
    await data(eve, 'post', '/group', { body: group(`Other ${tag}`, `oo${tag}`) });
    const gidOf = async (name: string) =>
      ((await t.dataSource.query('SELECT id FROM group_info WHERE name = $1', [name])) as { id: number }[])[0].id;
    gid = await gidOf(`Content ${tag}`);
    otherGid = await gidOf(`Other ${tag}`);
    for (const u of [alice, bob, carol]) await data(u, 'post', '/group/member', { body: { gid, reason: 'I am in this class' } });
    await data(teacher, 'put', '/group/member', { body: { gid, uid: alice.uid, auth: GroupMemberStatus.Admin } });
    await data(teacher, 'put', '/group/member', { body: { gid, uid: bob.uid, auth: GroupMemberStatus.Member } });
  });
  afterAll(() => t?.close());

  let gp1: number; // alice's public group problem
  let gp2: number; // teacher's private group problem
  const GP1 = `GP1-${tag}`;
  const GP2 = `GP2-${tag}`;

  describe('problems', () => {
    it('lets group admins create problems with test data; members, applicants and outsiders cannot', async () => {
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
          [bob, 403],
        ],
        'post',
        '/group/problem',
        { body: problemBody(`GPX-${tag}`, gid) },
      );
      const created = await data(alice, 'post', '/group/problem', { body: problemBody(GP1, gid) });
      expect(created).toMatchObject({ problemId: GP1, isGroup: true, gid, applyPublicProgress: null });
      gp1 = created.id;
      gp2 = (await data(teacher, 'post', '/group/problem', { body: problemBody(GP2, gid, 2) })).id;
      expect((await t.dataSource.query('SELECT COUNT(*)::int AS n FROM problem_case WHERE pid = $1', [gp1]))[0].n).toBe(2);
      const { gid: _gid, ...withoutGid } = problemBody(`GPY-${tag}`, gid).problem;
      const noGid = await call(alice, 'post', '/group/problem', { body: { ...problemBody(`GPY-${tag}`, gid), problem: withoutGid } });
      expect([noGid.status, noGid.body.msg]).toEqual([400, GROUP_CONTENT_ERR.gidRequired]);
    });

    it('lists the public ones to members and all to admins; outsiders get 403 and site lists leave them out', async () => {
      expect(ids(await data(bob, 'get', '/group/get-problem-list', { query: { gid } }))).toEqual([gp1]);
      expect(ids(await data(t.users.root, 'get', '/group/get-problem-list', { query: { gid } }))).toEqual([gp1]);
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
        ],
        'get',
        '/group/get-problem-list',
        { query: { gid } },
      );
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
          [bob, 403],
          [alice, 200],
          [teacher, 200],
          [t.users.root, 200],
        ],
        'get',
        '/group/get-admin-problem-list',
        { query: { gid } },
      );
      expect(ids(await data(alice, 'get', '/group/get-admin-problem-list', { query: { gid } }))).toEqual([gp2, gp1]);
      const site = await data(t.users.root, 'get', '/get-problem-list', { query: { limit: 100, keyword: tag } });
      expect(site.records).toEqual([]);
      const siteAdmin = await data(t.users.root, 'get', '/admin/problem/get-problem-list', { query: { limit: 100, keyword: tag } });
      expect(siteAdmin.records).toEqual([]);
    });

    it('opens a problem by id to its managers (author, owner, root), 403 to other members, 404 outside', async () => {
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 403],
          [alice, 200],
          [teacher, 200],
          [t.users.root, 200],
        ],
        'get',
        '/group/problem',
        { query: { pid: gp1 } },
      );
      // An admin manages her own problems only; the owner's are the owner's.
      expect((await call(alice, 'get', '/group/problem', { query: { pid: gp2 } })).status).toBe(403);
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
          [alice, 200],
        ],
        'get',
        '/group/get-problem-cases',
        { query: { pid: gp1 } },
      );
      // A site problem is not a group's.
      const site = await bankProblem(t, `Site ${tag}`);
      expect((await call(t.users.root, 'get', '/group/problem', { query: { pid: site.id } })).status).toBe(404);
    });

    it("lets members open and submit a group's problem through the bank's routes while the group judge is open", async () => {
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 200],
          [t.users.admin, 404],
        ],
        'get',
        '/get-problem-detail',
        { query: { problemId: GP1 } },
      );
      // The private one is for the group's admins.
      await expectStatuses(
        [
          [bob, 404],
          [alice, 200],
        ],
        'get',
        '/get-problem-detail',
        { query: { problemId: GP2 } },
      );
      const submit = (u: TestUser) =>
        call(u, 'post', '/submit-problem-judge', {
          body: { pid: GP1, language: 'C++', code: 'int main() { return 0; }', isRemote: false },
        });
      expect((await submit(eve)).status).toBe(404);
      await call(t.users.root, 'put', '/admin/switch/update', { body: { openGroupJudge: false } }).expect(200);
      const closed = await submit(bob);
      expect([closed.status, closed.body.msg]).toEqual([403, SWITCH_DENIED_TEXT.openGroupJudge]);
      await call(t.users.root, 'put', '/admin/switch/update', { body: { openGroupJudge: true } }).expect(200);
      const sent = await submit(bob);
      expect(sent.status).toBe(200);
      const submitId = sent.body.data.submitId as number;
      expect((await t.dataSource.query('SELECT gid FROM judge WHERE submit_id = $1', [submitId]))[0].gid).toBe(gid);
      // The site's status list leaves it out; by id it is the group's.
      const status = await data(eve, 'get', '/get-submission-list', { query: { limit: 100 } });
      expect(status.records.map((r: { submitId: number }) => r.submitId)).not.toContain(submitId);
      await expectStatuses(
        [
          [eve, 404],
          [alice, 200],
          [bob, 200],
        ],
        'get',
        '/get-submission-detail',
        { query: { submitId } },
      );
    });

    it('changes a problem and its auth for its managers only', async () => {
      const edit = {
        ...problemBody(GP1, gid),
        problem: { ...problemBody(GP1, gid).problem, id: gp1, title: 'Renamed' },
        samples: undefined,
      };
      expect((await call(bob, 'put', '/group/problem', { body: edit })).status).toBe(403);
      expect((await call(eve, 'put', '/group/problem', { body: edit })).status).toBe(404);
      expect((await data(alice, 'put', '/group/problem', { body: edit })).title).toBe('Renamed');
      expect((await t.dataSource.query('SELECT is_group, gid FROM problem WHERE id = $1', [gp1]))[0]).toEqual({ is_group: true, gid });
      expect((await call(bob, 'put', '/group/change-problem-auth', { query: { pid: gp1, auth: 2 } })).status).toBe(403);
      await data(alice, 'put', '/group/change-problem-auth', { query: { pid: gp1, auth: 2 } });
      expect(ids(await data(bob, 'get', '/group/get-problem-list', { query: { gid } }))).toEqual([]);
      await data(teacher, 'put', '/group/change-problem-auth', { query: { pid: gp1, auth: 1 } });
      expect(ids(await data(bob, 'get', '/group/get-problem-list', { query: { gid } }))).toEqual([gp1]);
      const bad = await call(alice, 'put', '/group/change-problem-auth', { query: { pid: gp1, auth: 9 } });
      expect(bad.status).toBe(400);
      // The compile checks are for the group's admins.
      for (const path of ['/group/compile-spj', '/group/compile-interactive'])
        await expectStatuses(
          [
            [eve, 403],
            [bob, 403],
          ],
          'post',
          path,
          { query: { gid }, body: { code: 'int main() {}', language: 'C++' } },
        );
    });
  });

  describe('apply-public', () => {
    it('moves a problem from not applied to applying (cancellable) to public, reviewed by problem admins', async () => {
      const applied = async () =>
        (
          (await t.dataSource.query('SELECT apply_public_progress AS p, is_group AS g FROM problem WHERE id = $1', [gp1])) as {
            p: number | null;
            g: boolean;
          }[]
        )[0];
      // Level 5 (the owner) or root applies: an admin (4) may not.
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
          [alice, 403],
        ],
        'put',
        '/group/apply-public',
        { query: { pid: gp1, isApplied: true } },
      );
      await data(teacher, 'put', '/group/apply-public', { query: { pid: gp1, isApplied: true } });
      expect(await applied()).toEqual({ p: ApplyPublicProgress.Applying, g: true });
      await expectStatuses(
        [
          [eve, 403],
          [t.users.problemAdmin, 200],
          [t.users.root, 200],
        ],
        'get',
        '/admin/group-problem/list',
        { query: { gid } },
      );
      const list = await data(t.users.problemAdmin, 'get', '/admin/group-problem/list', { query: { gid } });
      expect(list.records.map((r: { id: number; applyPublicProgress: number }) => [r.id, r.applyPublicProgress])).toEqual([
        [gp1, ApplyPublicProgress.Applying],
      ]);
      await data(teacher, 'put', '/group/apply-public', { query: { pid: gp1, isApplied: false } });
      expect(await applied()).toEqual({ p: null, g: true });
      expect((await data(t.users.problemAdmin, 'get', '/admin/group-problem/list', { query: { gid } })).records).toEqual([]);
      const notApplied = await call(t.users.problemAdmin, 'put', '/admin/group-problem/change-progress', {
        body: { pid: gp1, progress: 2 },
      });
      expect([notApplied.status, notApplied.body.msg]).toEqual([400, GROUP_CONTENT_ERR.notApplied]);

      await data(teacher, 'put', '/group/apply-public', { query: { pid: gp1, isApplied: true } });
      const badProgress = await call(t.users.problemAdmin, 'put', '/admin/group-problem/change-progress', {
        body: { pid: gp1, progress: 7 },
      });
      expect([badProgress.status, badProgress.body.msg]).toEqual([400, GROUP_CONTENT_ERR.progressInvalid]);
      expect((await call(eve, 'put', '/admin/group-problem/change-progress', { body: { pid: gp1, progress: 2 } })).status).toBe(403);
      await data(t.users.problemAdmin, 'put', '/admin/group-problem/change-progress', { body: { pid: gp1, progress: 3 } });
      expect(await applied()).toEqual({ p: ApplyPublicProgress.Refused, g: true });
      await data(t.users.problemAdmin, 'put', '/admin/group-problem/change-progress', { body: { pid: gp1, progress: 2 } });
      expect(await applied()).toEqual({ p: ApplyPublicProgress.Public, g: false });
      // Now in the public bank for everyone (the list cache lives a second), and no longer cancellable.
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await call(null, 'get', '/get-problem-detail', { query: { problemId: GP1 } })).status).toBe(200);
      const pub = await data(null, 'get', '/get-problem-list', { query: { keyword: GP1 } });
      expect(pub.records.map((r: { pid: number }) => r.pid)).toEqual([gp1]);
      const cancel = await call(teacher, 'put', '/group/apply-public', { query: { pid: gp1, isApplied: false } });
      expect([cancel.status, cancel.body.msg]).toEqual([400, GROUP_CONTENT_ERR.alreadyPublic]);
    });
  });

  describe('trainings', () => {
    let tid: number;
    it('lets group admins create trainings; members list the visible ones; site lists and outsiders see none', async () => {
      const body = {
        training: { title: `Drills ${tag}`, description: 'd', auth: TrainingAuth.Public, status: true, rank: 0, gid },
        trainingCategory: null,
      };
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
          [bob, 403],
        ],
        'post',
        '/group/training',
        { body },
      );
      tid = (await data(alice, 'post', '/group/training', { body })).id;
      expect((await t.dataSource.query('SELECT is_group, gid FROM training WHERE id = $1', [tid]))[0]).toEqual({ is_group: true, gid });
      expect(ids(await data(bob, 'get', '/group/get-training-list', { query: { gid } }))).toEqual([tid]);
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
        ],
        'get',
        '/group/get-training-list',
        { query: { gid } },
      );
      await expectStatuses(
        [
          [bob, 403],
          [alice, 200],
        ],
        'get',
        '/group/get-admin-training-list',
        { query: { gid } },
      );
      const site = await data(t.users.root, 'get', '/get-training-list', { query: { limit: 100, keyword: tag } });
      expect(site.records).toEqual([]);
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 200],
        ],
        'get',
        '/get-training-detail',
        { query: { tid } },
      );
    });

    it('adds problems from the public bank and from the group only, and manages status and problems by level', async () => {
      const site = await bankProblem(t, `Public ${tag}`);
      await data(alice, 'post', '/group/add-training-problem-from-public', { body: { tid, pid: site.id, displayId: 'A' } });
      await data(alice, 'post', '/group/add-training-problem-from-group', { query: { tid, problemId: GP2 } });
      const foreign = await call(alice, 'post', '/group/add-training-problem-from-group', { query: { tid, problemId: site.problemId } });
      expect([foreign.status, foreign.body.msg]).toEqual([400, GROUP_CONTENT_ERR.notGroupProblem]);
      const problems = await data(alice, 'get', '/group/get-training-problem-list', { query: { tid, queryExisted: true } });
      expect(problems.problemList.records.map((p: { id: number }) => p.id)).toEqual([site.id, gp2]);
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 403],
        ],
        'put',
        '/group/change-training-status',
        { query: { tid, status: false } },
      );
      await data(teacher, 'put', '/group/change-training-status', { query: { tid, status: false } });
      expect(ids(await data(bob, 'get', '/group/get-training-list', { query: { gid } }))).toEqual([]);
      expect(ids(await data(alice, 'get', '/group/get-admin-training-list', { query: { gid } }))).toEqual([tid]);
      expect((await call(bob, 'delete', '/group/training-problem', { query: { tid, pid: site.id } })).status).toBe(403);
      await data(alice, 'delete', '/group/training-problem', { query: { tid, pid: site.id } });
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
        ],
        'delete',
        '/group/training',
        { query: { tid } },
      );
      await data(teacher, 'delete', '/group/training', { query: { tid } });
      expect((await t.dataSource.query('SELECT COUNT(*)::int AS n FROM training WHERE id = $1', [tid]))[0].n).toBe(0);
    });
  });

  describe('contests', () => {
    let cid: number;
    const contest = () => ({
      title: `Group cup ${tag}`,
      description: 'rules',
      type: ContestType.ACM,
      auth: ContestAuth.Public,
      startTime: new Date(Date.now() - MIN).toISOString(),
      endTime: new Date(Date.now() + 60 * MIN).toISOString(),
      gid,
    });

    it('lets group admins create contests; members list them; site lists and outsiders see none', async () => {
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
          [bob, 403],
        ],
        'post',
        '/group/contest',
        { body: contest() },
      );
      cid = (await data(alice, 'post', '/group/contest', { body: contest() })).id;
      expect((await t.dataSource.query('SELECT gid FROM contest WHERE id = $1', [cid]))[0].gid).toBe(gid);
      expect(ids(await data(bob, 'get', '/group/get-contest-list', { query: { gid } }))).toEqual([cid]);
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
        ],
        'get',
        '/group/get-contest-list',
        { query: { gid } },
      );
      expect(ids(await data(alice, 'get', '/group/get-admin-contest-list', { query: { gid } }))).toEqual([cid]);
      const site = await data(t.users.root, 'get', '/get-contest-list', { query: { limit: 100, keyword: tag } });
      expect(site.records).toEqual([]);
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 403],
          [alice, 200],
          [teacher, 200],
          [t.users.root, 200],
        ],
        'get',
        '/group/contest',
        { query: { cid } },
      );
      await expectStatuses(
        [
          [eve, 404],
          [bob, 200],
        ],
        'get',
        '/get-contest-info',
        { query: { cid } },
      );
    });

    it('adds problems from the public bank and the group, with announcements and visibility by level', async () => {
      const site = await bankProblem(t, `Cup public ${tag}`);
      await data(alice, 'post', '/group/add-contest-problem-from-public', { body: { cid, pid: site.id, displayId: 'A' } });
      await data(alice, 'post', '/group/add-contest-problem-from-group', { query: { cid, problemId: GP2, displayId: 'B' } });
      const foreign = await call(alice, 'post', '/group/add-contest-problem-from-group', {
        query: { cid, problemId: site.problemId, displayId: 'C' },
      });
      expect([foreign.status, foreign.body.msg]).toEqual([400, GROUP_CONTENT_ERR.notGroupProblem]);
      const listed = await data(alice, 'get', '/group/get-contest-problem-list', { query: { cid } });
      // HOJ's shape: bank problems, each one's contest link by bank problem id.
      expect(listed.problemList.records.map((p: { id: number }) => listed.contestProblemMap[p.id].displayId)).toEqual(['A', 'B']);
      expect((await data(alice, 'get', '/group/contest-problem', { query: { cid, pid: gp2 } })).displayId).toBe('B');
      expect((await call(bob, 'delete', '/group/contest-problem', { query: { cid, pid: site.id } })).status).toBe(403);
      await data(alice, 'delete', '/group/contest-problem', { query: { cid, pid: site.id } });

      await data(alice, 'post', '/group/contest-announcement', { body: { cid, title: 'Hint', content: 'Read B twice' } });
      const anns = await data(teacher, 'get', '/group/get-contest-announcement-list', { query: { cid } });
      expect(anns.records.map((a: { title: string }) => a.title)).toEqual(['Hint']);
      expect((await call(bob, 'get', '/group/get-contest-announcement-list', { query: { cid } })).status).toBe(403);
      expect((await call(eve, 'get', '/group/get-contest-announcement-list', { query: { cid } })).status).toBe(404);

      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
        ],
        'put',
        '/group/change-contest-visible',
        { query: { cid, visible: false } },
      );
      await data(teacher, 'put', '/group/change-contest-visible', { query: { cid, visible: false } });
      expect(ids(await data(bob, 'get', '/group/get-contest-list', { query: { gid } }))).toEqual([]);
      expect((await call(bob, 'get', '/get-contest-info', { query: { cid } })).status).toBe(404);
    });
  });

  describe('exams and questions', () => {
    let eid: number;
    let qid: number;
    it("keeps a group's exams and questions inside the group", async () => {
      const exam = {
        title: `Quiz ${tag}`,
        description: 'rules',
        type: ContestType.OI,
        auth: ContestAuth.Public,
        startTime: new Date(Date.now() - MIN).toISOString(),
        endTime: new Date(Date.now() + 60 * MIN).toISOString(),
        gid,
      };
      await expectStatuses(
        [
          [eve, 403],
          [bob, 403],
        ],
        'post',
        '/group/exam',
        { body: exam },
      );
      eid = (await data(alice, 'post', '/group/exam', { body: exam })).id;
      expect((await t.dataSource.query('SELECT gid FROM exam WHERE id = $1', [eid]))[0].gid).toBe(gid);
      // The site's admin area never moves an exam into a group.
      const siteExam = (await data(t.users.admin, 'post', '/admin/exam', { body: { ...exam, title: `Site quiz ${tag}` } })).id;
      expect((await t.dataSource.query('SELECT gid FROM exam WHERE id = $1', [siteExam]))[0].gid).toBeNull();
      expect(ids(await data(bob, 'get', '/group/get-exam-list', { query: { gid } }))).toEqual([eid]);
      expect((await call(eve, 'get', '/group/get-exam-list', { query: { gid } })).status).toBe(403);
      const site = await data(t.users.root, 'get', '/get-exam-list', { query: { limit: 100, keyword: tag } });
      expect(ids(site)).toEqual([siteExam]);
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 200],
          [teacher, 200],
        ],
        'get',
        '/get-exam-info',
        { query: { eid } },
      );
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
          [alice, 200],
          [teacher, 200],
        ],
        'get',
        '/group/exam',
        { query: { eid } },
      );

      const question = { displayId: `GQ-${tag}`, type: QuestionType.Judge, description: 'Is it true?', rightAnswer: 'true', gid };
      expect((await call(bob, 'post', '/group/question', { body: question })).status).toBe(403);
      qid = (await data(alice, 'post', '/group/question', { body: question })).id;
      expect((await t.dataSource.query('SELECT gid FROM question WHERE id = $1', [qid]))[0].gid).toBe(gid);
      expect(ids(await data(teacher, 'get', '/group/get-question-list', { query: { gid } }))).toEqual([qid]);
      const bank = await data(t.users.root, 'get', '/admin/question/get-question-list', { query: { limit: 100, keyword: tag } });
      expect(ids(bank)).toEqual([]);
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
          [alice, 200],
        ],
        'get',
        '/group/question',
        { query: { qid } },
      );
      await data(alice, 'post', '/group/add-exam-question-from-group', { body: { eid, questionId: qid, displayId: 'Q1', score: 5 } });
      // Not into a site exam: a group's question stays in its group.
      const leak = await call(t.users.admin, 'post', '/admin/exam/add-question-from-bank', {
        body: { eid: siteExam, questionId: qid, displayId: 'Q1', score: 5 },
      });
      expect(leak.status).toBe(403);
      expect(
        (await data(alice, 'get', '/group/get-exam-question-list', { query: { eid } })).map((q: { questionId: number }) => q.questionId),
      ).toEqual([qid]);

      await data(alice, 'post', '/group/add-exam-problem-from-group', { query: { eid, problemId: GP2, displayId: 'P1', score: 10 } });
      expect((await data(alice, 'get', '/group/get-exam-problem-list', { query: { eid } })).map((p: { pid: number }) => p.pid)).toEqual([
        gp2,
      ]);
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
        ],
        'put',
        '/group/change-exam-visible',
        { query: { eid, visible: false } },
      );
      await data(teacher, 'put', '/group/change-exam-visible', { query: { eid, visible: false } });
      expect(ids(await data(bob, 'get', '/group/get-exam-list', { query: { gid } }))).toEqual([]);
    });

    it("lets the group's owner mark papers and rejudge questions of the group's exam (issue 31, product §6)", async () => {
      await data(teacher, 'put', '/group/change-exam-visible', { query: { eid, visible: true } });
      await data(bob, 'post', '/submit-question', { body: { eid, questionId: qid, answer: 'false' } });
      const rejudge = { eid, questionId: qid };
      // An answer scored before a change of the right answer: the rejudge scores it again.
      await t.dataSource.query('UPDATE exam_answer SET score = NULL WHERE eid = $1 AND qid = $2', [eid, qid]);
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
          [t.users.admin, 404],
        ],
        'post',
        '/rejudge-question',
        { body: rejudge },
      );
      expect(await data(teacher, 'post', '/rejudge-question', { body: rejudge })).toEqual({ rescored: 1 });
      const mark = { eid, uid: bob.uid, questionScores: [{ questionId: qid, score: 3 }] };
      await expectStatuses(
        [
          [eve, 404],
          [bob, 403],
          [t.users.admin, 404],
        ],
        'post',
        '/submit-exam-paper-score',
        { body: mark },
      );
      expect(await data(teacher, 'post', '/submit-exam-paper-score', { body: mark })).toMatchObject({ uid: bob.uid, marked: true });
    });

    it("keeps a group's questions from get-question-detail outside the group (issue 31)", async () => {
      const detail = (u: TestUser | null) => call(u, 'get', '/get-question-detail', { query: { questionId: qid } });
      // Visitors, outsiders, applicants and site staff: as a missing question.
      for (const u of [null, eve, carol, t.users.admin, t.users.problemAdmin]) {
        const res = await detail(u);
        expect([u?.username ?? 'visitor', res.status, res.body.msg]).toEqual([u?.username ?? 'visitor', 404, ERR.notFound]);
      }
      // A public one for members without its answer; the group's admins and root with it.
      const member = (await detail(bob).expect(200)).body.data;
      expect(member).toMatchObject({ id: qid, description: 'Is it true?' });
      expect(member.rightAnswer ?? null).toBeNull();
      for (const u of [alice, teacher, t.users.root]) expect((await detail(u).expect(200)).body.data.rightAnswer).toBe('true');
      // A private group question: the group's admins only.
      await t.dataSource.query('UPDATE question SET auth = 2 WHERE id = $1', [qid]);
      expect((await detail(bob)).status).toBe(404);
      expect((await detail(alice)).status).toBe(200);
      await t.dataSource.query('UPDATE question SET auth = 1 WHERE id = $1', [qid]);
    });
  });

  describe('discussion', () => {
    let did: number;
    it('lets members post and read; outsiders see nothing; the switch closes the area', async () => {
      const post = { gid, categoryId: 1, title: `Homework ${tag}`, content: 'How to start?' };
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
        ],
        'post',
        '/group/discussion',
        { body: post },
      );
      did = (await data(bob, 'post', '/group/discussion', { body: post })).id;
      expect(ids(await data(alice, 'get', '/group/get-discussion-list', { query: { gid } }))).toEqual([did]);
      expect((await call(eve, 'get', '/group/get-discussion-list', { query: { gid } })).status).toBe(403);
      const site = await data(t.users.root, 'get', '/get-discussion-list', { query: { limit: 100, keyword: tag } });
      expect(site.records).toEqual([]);
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
          [bob, 200],
          [t.users.root, 200],
        ],
        'get',
        '/get-discussion-detail',
        { query: { did } },
      );
      await expectStatuses(
        [
          [eve, 404],
          [bob, 200],
        ],
        'get',
        '/comments',
        { query: { did } },
      );
      await call(t.users.root, 'put', '/admin/switch/update', { body: { openGroupDiscussion: false } }).expect(200);
      const closed = await call(bob, 'get', '/group/get-discussion-list', { query: { gid } });
      expect([closed.status, closed.body.msg]).toEqual([403, ERR.noAccessGroupDiscussion]);
      expect((await call(bob, 'get', '/get-discussion-detail', { query: { did } })).status).toBe(403);
      expect((await call(t.users.root, 'get', '/group/get-discussion-list', { query: { gid } })).status).toBe(200);
      await call(t.users.root, 'put', '/admin/switch/update', { body: { openGroupDiscussion: true } }).expect(200);
    });

    it('lets the author and the group admins change a post', async () => {
      await expectStatuses(
        [
          [eve, 404],
          [carol, 404],
        ],
        'put',
        '/group/discussion',
        { body: { id: did, title: 'Changed' } },
      );
      await data(alice, 'put', '/group/discussion', { body: { id: did, title: 'Changed by admin' } });
      const other = (await data(alice, 'post', '/group/discussion', { body: { gid, categoryId: 1, title: `Notice ${tag}`, content: 'c' } }))
        .id;
      expect((await call(bob, 'delete', '/group/discussion', { query: { did: other } })).status).toBe(403);
      await data(bob, 'delete', '/group/discussion', { query: { did } });
      expect(ids(await data(bob, 'get', '/group/get-discussion-list', { query: { gid } }))).toEqual([other]);
      // The site's own routes still do not edit a group's post.
      expect((await call(t.users.admin, 'delete', '/discussion', { query: { did: other } })).status).toBe(404);
    });
  });

  describe('rank', () => {
    it("ranks the group's members by their submissions to the group's problems", async () => {
      const rank = await data(bob, 'get', '/get-group-rank-list', { query: { gid, type: 0, limit: 50 } });
      const rows = rank.records as { username: string; total: number }[];
      expect(rows.map((r) => r.username).sort()).toEqual(['gc_alice', 'gc_bob', 'gc_teacher']);
      expect(rows.find((r) => r.username === 'gc_bob')?.total).toBe(1);
      await expectStatuses(
        [
          [eve, 403],
          [carol, 403],
          [t.users.root, 200],
        ],
        'get',
        '/get-group-rank-list',
        { query: { gid, type: 1 } },
      );
      const bad = await call(bob, 'get', '/get-group-rank-list', { query: { gid, type: 5 } });
      expect([bad.status, bad.body.msg]).toEqual([400, GROUP_CONTENT_ERR.rankTypeInvalid]);
      // Another group's list is not this member's.
      expect((await call(bob, 'get', '/get-group-rank-list', { query: { gid: otherGid, type: 0 } })).status).toBe(403);
    });
  });
});
