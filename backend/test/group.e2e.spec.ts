/**
 * Groups over HTTP (issue 17): creation rules and limits, the join flows per auth, the level matrix over the
 * group routes, owner transfer, and group content (contests, trainings, problems) kept inside the group.
 */
import { ContestAuth, ERR, GROUP_ERR, GROUP_MSG, GroupAuth, GroupMemberStatus, JudgeStatus } from '@oj/contracts';
import request from 'supertest';
import { ScoreboardService } from '../src/modules/contest/scoreboard/scoreboard.service';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { addProblem, boardRows, createContest, createProblem, judged, MIN, rank } from './contest-fixtures';
import { bankProblem, createTraining } from './training-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(90_000);

const AC_NEEDED = 2;
const DAILY = 2;
const TOTAL = 3;

describe('groups', () => {
  let t: TestApp;
  let teacher: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let eve: TestUser;

  const body = (name: string, shortName: string, auth: number, extra: Record<string, unknown> = {}) => ({
    name,
    shortName,
    brief: 'A brief line',
    description: 'Class description',
    auth,
    code: auth === GroupAuth.Public ? undefined : 'ABC123',
    visible: true,
    ...extra,
  });
  const as = (u: TestUser | null) => ({
    get: (path: string, q: Record<string, unknown> = {}) => {
      const r = request(t.url).get(`/api${path}`).query(q);
      return u ? r.set('Authorization', u.token) : r;
    },
    post: (path: string, b: object, q: Record<string, unknown> = {}) => {
      const r = request(t.url).post(`/api${path}`).query(q).send(b);
      return u ? r.set('Authorization', u.token) : r;
    },
    put: (path: string, b: object) => {
      const r = request(t.url).put(`/api${path}`).send(b);
      return u ? r.set('Authorization', u.token) : r;
    },
    del: (path: string, q: Record<string, unknown>) => {
      const r = request(t.url).delete(`/api${path}`).query(q);
      return u ? r.set('Authorization', u.token) : r;
    },
  });
  const solved = (u: TestUser, n: number) =>
    t.dataSource.query(
      `INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, $3) ON CONFLICT (uid) DO UPDATE SET solved = $3`,
      [u.uid, u.username, n],
    );
  const forgetDaily = (u: TestUser) => t.redis.del(`group:daily:${new Date().toISOString().slice(0, 10)}:${u.uid}`);
  const gidOf = async (name: string) =>
    ((await t.dataSource.query('SELECT id FROM group_info WHERE name = $1', [name])) as { id: number }[])[0].id;
  const level = async (u: TestUser, gid: number) => (await as(u).get('/get-group-auth', { gid }).expect(200)).body.data as number;
  const create = async (owner: TestUser, b: object) => {
    const res = await as(owner).post('/group', b);
    expect([res.status, res.body.msg]).toEqual([200, 'success']);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await as(t.users.root)
      .put('/admin/switch/update', {
        defaultCreateGroupACInitValue: AC_NEEDED,
        defaultCreateGroupDailyLimit: DAILY,
        defaultCreateGroupLimit: TOTAL,
      })
      .expect(200);
    teacher = await t.createUser('g_teacher');
    alice = await t.createUser('g_alice');
    bob = await t.createUser('g_bob');
    carol = await t.createUser('g_carol');
    dave = await t.createUser('g_dave');
    eve = await t.createUser('g_eve');
    await solved(teacher, 5);
  });
  afterAll(() => t?.close());

  describe('creating a group', () => {
    it('needs the AC count of the site config from a user', async () => {
      await solved(eve, AC_NEEDED - 1);
      const res = await as(eve).post('/group', body('Eve Group', 'eveg1', GroupAuth.Public));
      expect(res.body).toEqual({ status: 403, msg: GROUP_ERR.createAcCount(AC_NEEDED), data: null, msgCode: 'GROUP_ERR.createAcCount' });
      expect(res.status).toBe(403);
      expect((await as(null).post('/group', body('Anon Group', 'anong', GroupAuth.Public))).status).toBe(401);
    });

    it('checks each rule of product §5 with its own text and stores nothing', async () => {
      const cases: [object, string][] = [
        [body('Tiny', 'short1', 1), GROUP_ERR.nameLength],
        [body('N'.repeat(26), 'short1', 1), GROUP_ERR.nameLength],
        [body('Good name', 'abcd', 1), GROUP_ERR.shortNameLength],
        [body('Good name', 'abcdefghijk', 1), GROUP_ERR.shortNameLength],
        [body('Good name', 'short1', 1, { brief: 'abc' }), GROUP_ERR.briefLength],
        [body('Good name', 'short1', 1, { brief: 'b'.repeat(51) }), GROUP_ERR.briefLength],
        [body('Good name', 'short1', 4), GROUP_ERR.authInvalid],
        [body('Good name', 'short1', 1, { auth: undefined }), GROUP_ERR.authInvalid],
        // a protected group needs no code (product §4: it takes applications), but one given must be of 6
        [body('Good name', 'short1', GroupAuth.Protected, { code: '1234567' }), GROUP_ERR.codeLength],
        [body('Good name', 'short1', GroupAuth.Private, { code: '' }), GROUP_ERR.codeLength],
        [body('Good name', 'short1', GroupAuth.Private, { code: '12345' }), GROUP_ERR.codeLength],
        [body('Good name', 'short1', 1, { description: 'abc' }), GROUP_ERR.descriptionLength],
        [body('Good name', 'short1', 1, { description: 'd'.repeat(1001) }), GROUP_ERR.descriptionLength],
      ];
      for (const [b, msg] of cases) {
        const res = await as(teacher).post('/group', b);
        expect([res.status, res.body.msg]).toEqual([400, msg]);
      }
      expect((await t.dataSource.query('SELECT COUNT(*)::int AS n FROM group_info'))[0].n).toBe(0);
    });

    it('makes the creator its owner (level 5) and applies the daily and total limits', async () => {
      await create(teacher, body('Open Class', 'openc', GroupAuth.Public));
      const gid = await gidOf('Open Class');
      expect(await level(teacher, gid)).toBe(GroupMemberStatus.Root);
      const dup = await as(teacher).post('/group', body('open class', 'other1', GroupAuth.Public));
      expect([dup.status, dup.body.msg]).toEqual([400, GROUP_ERR.nameExists]);
      const dupShort = await as(teacher).post('/group', body('Other name', 'OPENC', GroupAuth.Public));
      expect([dupShort.status, dupShort.body.msg]).toEqual([400, GROUP_ERR.shortNameExists]);

      await create(teacher, body('Guarded Class', 'guard', GroupAuth.Protected));
      const daily = await as(teacher).post('/group', body('Secret Class', 'secret', GroupAuth.Private));
      expect([daily.status, daily.body.msg]).toEqual([403, GROUP_ERR.createDailyLimit(DAILY)]);

      await forgetDaily(teacher);
      await create(teacher, body('Secret Class', 'secret', GroupAuth.Private, { code: 'XY7890' }));
      await forgetDaily(teacher);
      const total = await as(teacher).post('/group', body('Fourth Class', 'fourth', GroupAuth.Public));
      expect([total.status, total.body.msg]).toEqual([403, GROUP_ERR.createTotalLimit(TOTAL)]);
    });

    it('lets admin roles create without the AC count and limits', async () => {
      await create(t.users.admin, body('Admin Team A', 'admta', GroupAuth.Public));
      await create(t.users.admin, body('Admin Team B', 'admtb', GroupAuth.Public));
      await create(t.users.admin, body('Admin Team C', 'admtc', GroupAuth.Public, { visible: false }));
      expect(await level(t.users.admin, await gidOf('Admin Team C'))).toBe(GroupMemberStatus.Root);
    });
  });

  describe('the list and the detail', () => {
    it('lists visible groups to everyone with HOJ GroupVO fields, hidden ones to members and root', async () => {
      const anon = (await as(null).get('/get-group-list', { limit: 50 }).expect(200)).body.data;
      expect(anon.records.map((g: { name: string }) => g.name)).toEqual([
        'Open Class',
        'Guarded Class',
        'Secret Class',
        'Admin Team A',
        'Admin Team B',
      ]);
      expect(Object.keys(anon.records[0]).sort()).toEqual(
        ['auth', 'avatar', 'brief', 'description', 'gmtCreate', 'id', 'memberCount', 'name', 'owner', 'shortName', 'visible'].sort(),
      );
      expect(anon.records[0]).toMatchObject({ owner: 'g_teacher', memberCount: 1, auth: GroupAuth.Public, visible: true });
      const rootList = (await as(t.users.root).get('/get-group-list', { limit: 50 }).expect(200)).body.data;
      expect(rootList.total).toBe(6);
      const adminList = (await as(t.users.admin).get('/get-group-list', { limit: 50 }).expect(200)).body.data;
      expect(adminList.total).toBe(6);
      const mine = (await as(teacher).get('/get-group-list', { onlyMine: true }).expect(200)).body.data;
      expect(mine.records.map((g: { name: string }) => g.name)).toEqual(['Open Class', 'Guarded Class', 'Secret Class']);
      const filtered = (await as(alice).get('/get-group-list', { auth: GroupAuth.Private, keyword: 'class' }).expect(200)).body.data;
      expect(filtered.records.map((g: { name: string }) => g.name)).toEqual(['Secret Class']);
      expect((await as(null).get('/get-group-list', { onlyMine: true }).expect(200)).body.data.total).toBe(0);
    });

    it('shows the invitation code to the owner and root only, and a hidden group to no outsider', async () => {
      const gid = await gidOf('Secret Class');
      expect((await as(teacher).get('/get-group-detail', { gid }).expect(200)).body.data.code).toBe('XY7890');
      expect((await as(t.users.root).get('/get-group-detail', { gid }).expect(200)).body.data.code).toBe('XY7890');
      const other = (await as(alice).get('/get-group-detail', { gid }).expect(200)).body.data;
      expect(other).toMatchObject({ id: gid, name: 'Secret Class', owner: 'g_teacher', code: null });
      const hidden = await as(alice).get('/get-group-detail', { gid: await gidOf('Admin Team C') });
      expect([hidden.status, hidden.body.msg]).toEqual([403, GROUP_ERR.notVisible]);
      const missing = await as(alice).get('/get-group-detail', { gid: 987654 });
      expect([missing.status, missing.body.msg]).toEqual([404, GROUP_ERR.notFound]);
      expect((await as(null).get('/get-group-detail', { gid })).status).toBe(401);
    });
  });

  describe('joining', () => {
    it('joins a public group at once and counts the member', async () => {
      const gid = await gidOf('Open Class');
      await as(alice).post('/group/member', {}, { gid }).expect(200);
      expect(await level(alice, gid)).toBe(GroupMemberStatus.Member);
      expect((await as(alice).get('/get-group-access', { gid }).expect(200)).body.data).toEqual({ access: true });
      const again = await as(alice).post('/group/member', { gid });
      expect([again.status, again.body.msg]).toEqual([400, GROUP_ERR.alreadyMember]);
      expect((await as(alice).get('/get-group-detail', { gid }).expect(200)).body.data.memberCount).toBe(2);
    });

    it('leaves an application in a protected group; accepting sends the applicant a mine message', async () => {
      const gid = await gidOf('Guarded Class');
      const short = await as(bob).post('/group/member', { gid, reason: 'pls' });
      expect([short.status, short.body.msg]).toEqual([400, GROUP_ERR.reasonLength]);
      await as(bob).post('/group/member', { gid, reason: 'I am in this class' }).expect(200);
      expect(await level(bob, gid)).toBe(GroupMemberStatus.Applying);
      expect((await as(bob).get('/get-group-access', { gid }).expect(200)).body.data).toEqual({ access: false });
      const again = await as(bob).post('/group/member', { gid, reason: 'I am in this class' });
      expect([again.status, again.body.msg]).toEqual([400, GROUP_ERR.alreadyApplied]);

      const applies = (await as(teacher).get('/group/get-apply-list', { gid }).expect(200)).body.data;
      expect(applies.records.find((r: { uid: string }) => r.uid === bob.uid)).toMatchObject({
        gid,
        username: 'g_bob',
        auth: GroupMemberStatus.Applying,
        reason: 'I am in this class',
        gmtCreate: expect.any(String),
        gmtModify: expect.any(String),
      });
      expect((await as(bob).get('/msg/unread').expect(200)).body.data.mine).toBe(0);
      // the application is a while old when it is accepted: the join time is the acceptance's (issue 37)
      const applied = new Date(Date.now() - 3_600_000);
      await t.dataSource.query('UPDATE group_member SET gmt_create = $3 WHERE gid = $1 AND uid = $2', [gid, bob.uid, applied]);
      const accepted = Date.now();
      await as(teacher).put('/group/member', { gid, uid: bob.uid, auth: GroupMemberStatus.Member }).expect(200);
      expect(await level(bob, gid)).toBe(GroupMemberStatus.Member);
      const members = (await as(teacher).get('/group/get-member-list', { gid }).expect(200)).body.data.records as {
        uid: string;
        gmtCreate: string;
      }[];
      const joined = Date.parse(members.find((m) => m.uid === bob.uid)!.gmtCreate);
      expect(joined).toBeGreaterThanOrEqual(accepted - 1000);
      expect((await as(bob).get('/msg/unread').expect(200)).body.data.mine).toBe(1);
      const mine = (await as(bob).get('/msg/mine').expect(200)).body.data.records;
      expect(mine[0]).toMatchObject({
        title: GROUP_MSG.acceptedTitle,
        content: GROUP_MSG.accepted(gid),
        msgCode: 'groupApplicationAccepted',
      });
      expect((await as(bob).get('/get-group-detail', { gid }).expect(200)).body.data.memberCount).toBe(2);
    });

    it('refuses an application with a message; the refused user may apply again', async () => {
      const gid = await gidOf('Guarded Class');
      await as(carol).post('/group/member', { gid }).expect(200);
      await as(teacher).put('/group/member', { gid, uid: carol.uid, auth: GroupMemberStatus.Refused }).expect(200);
      expect(await level(carol, gid)).toBe(GroupMemberStatus.Refused);
      const mine = (await as(carol).get('/msg/mine').expect(200)).body.data.records;
      expect(mine[0]).toMatchObject({ title: GROUP_MSG.refusedTitle, content: GROUP_MSG.refused(gid), msgCode: 'groupApplicationRefused' });
      expect((await as(carol).get('/get-group-access', { gid }).expect(200)).body.data.access).toBe(false);
      await as(carol).post('/group/member', { gid, reason: 'Second try, please' }).expect(200);
      expect(await level(carol, gid)).toBe(GroupMemberStatus.Applying);
    });

    it('asks a private group for its invitation code', async () => {
      const gid = await gidOf('Secret Class');
      const none = await as(dave).post('/group/member', { gid });
      expect(none.body).toEqual({ status: 400, msg: GROUP_ERR.wrongCode, data: null, msgCode: 'GROUP_ERR.wrongCode' });
      const wrong = await as(dave).post('/group/member', { gid, code: 'ABC123' });
      expect([wrong.status, wrong.body.msg]).toEqual([400, GROUP_ERR.wrongCode]);
      expect(await level(dave, gid)).toBe(0);
      // HOJ's client sends the parameters in the query string.
      await as(dave).post('/group/member', {}, { gid, code: 'XY7890', reason: 'Teacher gave me the code' }).expect(200);
      expect(await level(dave, gid)).toBe(GroupMemberStatus.Applying);
    });

    it('takes nobody into a hidden group but root', async () => {
      const gid = await gidOf('Admin Team C');
      const res = await as(eve).post('/group/member', { gid });
      expect([res.status, res.body.msg]).toEqual([404, GROUP_ERR.notFound]);
      await as(t.users.root).post('/group/member', { gid }).expect(200);
      expect(await level(t.users.root, gid)).toBe(GroupMemberStatus.Member);
    });
  });

  describe('the level matrix in a protected group', () => {
    // owner: teacher (5); admin: alice (4); member: bob (3); applicant: carol (1); non-member: eve; root.
    let gid: number;
    beforeAll(async () => {
      gid = await gidOf('Guarded Class');
      await as(alice).post('/group/member', { gid }).expect(200);
      await as(teacher).put('/group/member', { gid, uid: alice.uid, auth: GroupMemberStatus.Admin }).expect(200);
      expect(await level(alice, gid)).toBe(GroupMemberStatus.Admin);
    });

    it('answers get-group-access, get-member-list and get-apply-list by level', async () => {
      const cases: [TestUser, boolean, number, number][] = [
        [teacher, true, 200, 200],
        [alice, true, 200, 200],
        [bob, true, 200, 403],
        [carol, false, 403, 403],
        [eve, false, 403, 403],
        [t.users.root, true, 200, 200],
      ];
      for (const [u, access, members, applies] of cases) {
        expect([u.username, (await as(u).get('/get-group-access', { gid }).expect(200)).body.data.access]).toEqual([u.username, access]);
        expect([u.username, (await as(u).get('/group/get-member-list', { gid })).status]).toEqual([u.username, members]);
        const a = await as(u).get('/group/get-apply-list', { gid });
        expect([u.username, a.status, a.status === 403 ? a.body.msg : 'ok']).toEqual([
          u.username,
          applies,
          applies === 403 ? ERR.noPermission : 'ok',
        ]);
      }
      const list = (await as(bob).get('/group/get-member-list', { gid }).expect(200)).body.data;
      expect(list.records.map((r: { username: string; auth: number }) => [r.username, r.auth]).sort()).toEqual(
        [
          ['g_alice', 4],
          ['g_bob', 3],
          ['g_teacher', 5],
        ].sort(),
      );
      expect(list.records.every((r: { reason: unknown }) => r.reason === null)).toBe(true);
      const onlyAdmins = (await as(bob).get('/group/get-member-list', { gid, auth: 4 }).expect(200)).body.data;
      expect(onlyAdmins.records.map((r: { username: string }) => r.username)).toEqual(['g_alice']);
      expect((await as(null).get('/group/get-member-list', { gid })).status).toBe(401);
    });

    it('lets the owner and root edit the group; nobody else', async () => {
      const edit = (extra: object) => ({ id: gid, ...body('Guarded Class', 'guard', GroupAuth.Protected), ...extra });
      for (const u of [alice, bob, carol, eve]) {
        const res = await as(u).put('/group', edit({ brief: 'Changed brief' }));
        expect([u.username, res.status, res.body.msg]).toEqual([u.username, 403, ERR.noPermission]);
      }
      await as(teacher)
        .put('/group', edit({ brief: 'Owner brief', code: undefined }))
        .expect(200);
      const detail = (await as(teacher).get('/get-group-detail', { gid }).expect(200)).body.data;
      expect([detail.brief, detail.code]).toEqual(['Owner brief', 'ABC123']);
      const bad = await as(teacher).put('/group', edit({ shortName: 'abc' }));
      expect([bad.status, bad.body.msg]).toEqual([400, GROUP_ERR.shortNameLength]);
      await as(t.users.root)
        .put('/group', edit({ brief: 'Root brief' }))
        .expect(200);
    });

    it('lets admins answer applications and change levels only below their own', async () => {
      // alice (4) accepts carol's application as a member, but cannot make her an admin.
      const tooHigh = await as(alice).put('/group/member', { gid, uid: carol.uid, auth: GroupMemberStatus.Admin });
      expect([tooHigh.status, tooHigh.body.msg]).toEqual([403, ERR.noPermission]);
      await as(alice).put('/group/member', { gid, uid: carol.uid, auth: GroupMemberStatus.Member }).expect(200);
      expect(await level(carol, gid)).toBe(GroupMemberStatus.Member);
      // A member cannot change anyone; a member cannot be set back to applying.
      const byMember = await as(bob).put('/group/member', { gid, uid: carol.uid, auth: GroupMemberStatus.Member });
      expect([byMember.status, byMember.body.msg]).toEqual([403, ERR.noPermission]);
      const demote = await as(teacher).put('/group/member', { gid, uid: carol.uid, auth: GroupMemberStatus.Applying });
      expect([demote.status, demote.body.msg]).toEqual([403, GROUP_ERR.cannotDemoteMember]);
      // The owner's level is never changed here, even by root.
      const owner = await as(t.users.root).put('/group/member', { gid, uid: teacher.uid, auth: GroupMemberStatus.Admin });
      expect([owner.status, owner.body.msg]).toEqual([403, GROUP_ERR.ownerUnchangeable]);
      const outsider = await as(eve).put('/group/member', { gid, uid: carol.uid, auth: GroupMemberStatus.Member });
      expect([outsider.status, outsider.body.msg]).toEqual([403, ERR.noPermission]);
      const unknown = await as(teacher).put('/group/member', { gid, uid: eve.uid, auth: GroupMemberStatus.Member });
      expect([unknown.status, unknown.body.msg]).toEqual([404, GROUP_ERR.notInGroup]);
      const badLevel = await as(teacher).put('/group/member', { gid, uid: carol.uid, auth: 9 });
      expect([badLevel.status, badLevel.body.msg]).toEqual([400, GROUP_ERR.levelInvalid]);
      expect((await as(teacher).get('/get-group-detail', { gid }).expect(200)).body.data.memberCount).toBe(4);
    });

    it('removes members below the remover, never the owner, and counts them', async () => {
      const byMember = await as(bob).del('/group/member', { gid, uid: carol.uid });
      expect([byMember.status, byMember.body.msg]).toEqual([403, ERR.noPermission]);
      const self = await as(alice).del('/group/member', { gid, uid: alice.uid });
      expect([self.status, self.body.msg]).toEqual([400, GROUP_ERR.cannotRemoveSelf]);
      const owner = await as(t.users.root).del('/group/member', { gid, uid: teacher.uid });
      expect([owner.status, owner.body.msg]).toEqual([403, GROUP_ERR.cannotRemoveOwner]);
      await as(alice).del('/group/member', { gid, uid: carol.uid }).expect(200);
      expect(await level(carol, gid)).toBe(0);
      const mine = (await as(carol).get('/msg/mine').expect(200)).body.data.records;
      expect(mine[0]).toMatchObject({ title: GROUP_MSG.removedTitle, content: GROUP_MSG.removed(gid) });
      expect((await as(teacher).get('/get-group-detail', { gid }).expect(200)).body.data.memberCount).toBe(3);
    });

    it('lets members exit but not the owner or an outsider', async () => {
      const owner = await as(teacher).del('/group/member/exit', { gid });
      expect([owner.status, owner.body.msg]).toEqual([403, GROUP_ERR.ownerCannotExit]);
      const outsider = await as(eve).del('/group/exit', { gid });
      expect([outsider.status, outsider.body.msg]).toEqual([403, GROUP_ERR.notMember]);
      await as(bob).del('/group/exit', { gid }).expect(200);
      expect(await level(bob, gid)).toBe(0);
      expect((await as(teacher).get('/get-group-detail', { gid }).expect(200)).body.data.memberCount).toBe(2);
      await as(bob).post('/group/member', { gid, reason: 'Back again please' }).expect(200);
      await as(alice).put('/group/member', { gid, uid: bob.uid, auth: GroupMemberStatus.Member }).expect(200);
    });

    it('transfers the group from its owner to a member; the old owner becomes an admin', async () => {
      const byAdmin = await as(alice).put('/group/member', { gid, uid: bob.uid, auth: GroupMemberStatus.Root });
      expect([byAdmin.status, byAdmin.body.msg]).toEqual([403, ERR.noPermission]);
      const toOutsider = await as(teacher).put('/group/member', { gid, uid: eve.uid, auth: GroupMemberStatus.Root });
      expect([toOutsider.status, toOutsider.body.msg]).toEqual([400, GROUP_ERR.transferTarget]);
      await as(teacher).put('/group/member', { gid, uid: alice.uid, auth: GroupMemberStatus.Root }).expect(200);
      expect([await level(alice, gid), await level(teacher, gid)]).toEqual([GroupMemberStatus.Root, GroupMemberStatus.Admin]);
      const detail = (await as(alice).get('/get-group-detail', { gid }).expect(200)).body.data;
      expect([detail.owner, detail.uid, detail.code]).toEqual(['g_alice', alice.uid, 'ABC123']);
      expect((await as(alice).get('/msg/mine').expect(200)).body.data.records[0]).toMatchObject({
        title: GROUP_MSG.ownerTitle,
        content: GROUP_MSG.owner(gid),
      });
      const oldOwner = await as(teacher).put('/group', { id: gid, ...body('Guarded Class', 'guard', GroupAuth.Protected) });
      expect(oldOwner.status).toBe(403);
      // Transfer back so later checks keep the teacher as owner.
      await as(alice).put('/group/member', { gid, uid: teacher.uid, auth: GroupMemberStatus.Root }).expect(200);
      expect([await level(alice, gid), await level(teacher, gid)]).toEqual([GroupMemberStatus.Admin, GroupMemberStatus.Root]);
    });

    it('lets only the owner and root dissolve a group', async () => {
      const gid2 = await gidOf('Admin Team B');
      await as(bob).post('/group/member', { gid: gid2 }).expect(200);
      await as(t.users.admin).put('/group/member', { gid: gid2, uid: bob.uid, auth: GroupMemberStatus.Admin }).expect(200);
      const byAdmin = await as(bob).del('/group', { gid: gid2 });
      expect([byAdmin.status, byAdmin.body.msg]).toEqual([403, ERR.noPermission]);
      await as(t.users.root).del('/group', { gid: gid2 }).expect(200);
      expect((await as(t.users.admin).get('/get-group-detail', { gid: gid2 })).status).toBe(404);
      expect((await t.dataSource.query('SELECT COUNT(*)::int AS n FROM group_member WHERE gid = $1', [gid2]))[0].n).toBe(0);
    });

    it('hides a banned group from all but root', async () => {
      const gid3 = await gidOf('Admin Team A');
      await as(t.users.root)
        .put('/group', { id: gid3, ...body('Admin Team A', 'admta', GroupAuth.Public), status: 1 })
        .expect(200);
      expect((await as(t.users.admin).get('/get-group-detail', { gid: gid3 })).status).toBe(404);
      expect((await as(t.users.root).get('/get-group-detail', { gid: gid3 })).status).toBe(200);
      const names = (await as(null).get('/get-group-list', { limit: 50 }).expect(200)).body.data.records.map(
        (g: { name: string }) => g.name,
      );
      expect(names).not.toContain('Admin Team A');
    });
  });

  describe("a group's content", () => {
    let gid: number;
    beforeAll(async () => {
      gid = await gidOf('Guarded Class');
    });

    it('makes level-5 members admins of the group contest and hides it from non-members', async () => {
      const now = Date.now();
      const cid = await createContest(t, t.users.root, {
        title: 'Class test',
        auth: ContestAuth.Public,
        startTime: new Date(now - 10 * MIN),
        endTime: new Date(now + 60 * MIN),
      });
      await t.dataSource.query('UPDATE contest SET gid = $2 WHERE id = $1', [cid, gid]);
      const site = await createContest(t, t.users.root, {
        title: 'Site test',
        auth: ContestAuth.Public,
        startTime: new Date(now - 10 * MIN),
        endTime: new Date(now + 60 * MIN),
      });
      await new Promise((r) => setTimeout(r, 1_100)); // the contest row cache of CONTEST_CACHE_MS
      // Members see it; outsiders and anonymous callers get 404 by direct id.
      for (const u of [teacher, alice, bob, t.users.root])
        expect([u.username, (await as(u).get('/get-contest-info', { cid })).status]).toEqual([u.username, 200]);
      for (const u of [eve, carol, t.users.admin, null]) {
        const res = await as(u).get('/get-contest-info', { cid });
        expect([u?.username, res.status]).toEqual([u?.username, 404]);
      }
      // Admin routes of the contest: the group's owner (a plain user) yes, its admins and members no.
      expect((await as(teacher).get('/get-contest-ac-info', { cid })).status).toBe(200);
      for (const u of [alice, bob])
        expect([u.username, (await as(u).get('/get-contest-ac-info', { cid })).status]).toEqual([u.username, 403]);
      expect((await as(teacher).get('/get-contest-ac-info', { cid: site })).status).toBe(403);
      // Not in the public contest list, for members either.
      const listed = (await as(bob).get('/get-contest-list', { limit: 50 }).expect(200)).body.data.records.map((c: { id: number }) => c.id);
      expect(listed).toContain(site);
      expect(listed).not.toContain(cid);
    });

    it("keeps the group owner's tries off the group contest's board, like the author's", async () => {
      const now = Date.now();
      const cid = await createContest(t, t.users.root, {
        title: 'Class board',
        auth: ContestAuth.Public,
        startTime: new Date(now - 10 * MIN),
        endTime: new Date(now + 60 * MIN),
      });
      const p = await createProblem(t, 'Board problem');
      await addProblem(t, t.users.root, cid, p.id, 'A');
      await t.dataSource.query('UPDATE contest SET gid = $2 WHERE id = $1', [cid, gid]);
      await new Promise((r) => setTimeout(r, 1_100)); // the contest row cache
      const names = async () => {
        const res = await rank(t, bob, cid);
        expect(res.status).toBe(200);
        return boardRows<{ uid: string; username: string }>(res.body.data, bob)
          .map((r) => r.username)
          .sort();
      };
      // The board is loaded first, so the results below move it incrementally (the listener's path).
      expect(await names()).toEqual([]);
      await judged(t, teacher, cid, p, 'A', JudgeStatus.Accepted, new Date(now - 5 * MIN));
      await judged(t, bob, cid, p, 'A', JudgeStatus.Accepted, new Date(now - 4 * MIN));
      await judged(t, alice, cid, p, 'A', JudgeStatus.WrongAnswer, new Date(now - 3 * MIN));
      expect(await names()).toEqual(['g_alice', 'g_bob']);
      // A rebuild from the database (every replica after a rejudge or an edit) agrees.
      await t.get<ScoreboardService>(ScoreboardService).invalidate(cid);
      expect(await names()).toEqual(['g_alice', 'g_bob']);
      // Others' submission list during the contest leaves the owner's out too.
      const subs = (await as(bob).get('/contest-submissions', { cid, limit: 50 }).expect(200)).body.data.records.map(
        (r: { username: string }) => r.username,
      );
      expect(subs.sort()).toEqual(['g_alice', 'g_bob']);
    });

    it("keeps the admin area to site contests and problems: no gid from a body, no group's rows in its lists", async () => {
      const now = Date.now();
      const res = await as(t.users.admin)
        .post('/admin/contest', {
          title: 'Sneaky',
          description: 'rules',
          type: 0,
          auth: ContestAuth.Public,
          startTime: new Date(now + MIN).toISOString(),
          endTime: new Date(now + 60 * MIN).toISOString(),
          gid,
        })
        .expect(200);
      const cid = res.body.data.id as number;
      expect((await t.dataSource.query('SELECT gid FROM contest WHERE id = $1', [cid]))[0].gid).toBeNull();
      await as(t.users.admin)
        .put('/admin/contest', { ...res.body.data, gid })
        .expect(200);
      expect((await t.dataSource.query('SELECT gid FROM contest WHERE id = $1', [cid]))[0].gid).toBeNull();
      const groupContests: { id: number }[] = await t.dataSource.query('SELECT id FROM contest WHERE gid = $1', [gid]);
      expect(groupContests.length).toBeGreaterThan(0);
      const adminList = (await as(t.users.root).get('/admin/contest/get-contest-list', { limit: 100 }).expect(200)).body.data.records.map(
        (c: { id: number }) => c.id,
      );
      expect(adminList).toContain(cid);
      for (const c of groupContests) expect(adminList).not.toContain(c.id);
      const p = await bankProblem(t, 'Group bank only');
      await t.dataSource.getRepository(Problem).update({ id: p.id }, { isGroup: true, gid });
      const problems = (
        await as(t.users.root).get('/admin/problem/get-problem-list', { limit: 100, keyword: 'Group bank only' }).expect(200)
      ).body.data.records;
      expect(problems).toEqual([]);
    });

    it('gives the group its announcements: members read the visible ones, admins post, the author and the owner change them', async () => {
      await as(alice).post('/group/announcement', { gid, title: 'Homework', content: 'Read chapter 2', status: 0 }).expect(200);
      await as(teacher).post('/group/announcement', { gid, title: 'Draft', content: 'Not yet', status: 1 }).expect(200);
      const byMember = await as(bob).post('/group/announcement', { gid, title: 'Mine', content: 'No' });
      expect([byMember.status, byMember.body.msg]).toEqual([403, ERR.noPermission]);
      const forMembers = (await as(bob).get('/group/get-announcement-list', { gid }).expect(200)).body.data;
      expect(forMembers.records.map((a: { title: string; gid: number; username: string }) => [a.title, a.gid, a.username])).toEqual([
        ['Homework', gid, 'g_alice'],
      ]);
      for (const u of [eve, carol]) {
        const res = await as(u).get('/group/get-announcement-list', { gid });
        expect([u.username, res.status, res.body.msg]).toEqual([u.username, 403, ERR.noPermission]);
      }
      expect((await as(bob).get('/group/get-admin-announcement-list', { gid })).status).toBe(403);
      const forAdmins = (await as(alice).get('/group/get-admin-announcement-list', { gid }).expect(200)).body.data;
      expect(forAdmins.records.map((a: { title: string }) => a.title)).toEqual(['Draft', 'Homework']);
      const [draft, homework] = forAdmins.records as { id: number }[];
      // Not the site's: its lists leave them out and its admin routes do not find them.
      const site = (await as(null).get('/get-common-announcement', { limit: 50 }).expect(200)).body.data.records.map(
        (a: { id: number }) => a.id,
      );
      expect(site).not.toContain(homework.id);
      const siteAdmin = (await as(t.users.root).get('/admin/announcement', { limit: 50 }).expect(200)).body.data.records.map(
        (a: { id: number }) => a.id,
      );
      expect(siteAdmin).not.toContain(homework.id);
      expect((await as(t.users.root).del('/admin/announcement', { aid: homework.id })).status).toBe(404);
      // The author edits hers; an admin may not edit the owner's; the owner deletes anyone's.
      await as(alice).put('/group/announcement', { id: homework.id, title: 'Homework 2' }).expect(200);
      const notAuthor = await as(alice).put('/group/announcement', { id: draft.id, title: 'Changed' });
      expect([notAuthor.status, notAuthor.body.msg]).toEqual([403, ERR.noPermission]);
      await as(teacher).del('/group/announcement', { aid: homework.id }).expect(200);
      const left = (await as(t.users.root).get('/group/get-admin-announcement-list', { gid }).expect(200)).body.data.records;
      expect(left.map((a: { title: string }) => a.title)).toEqual(['Draft']);
    });

    it("keeps a group's training inside the group and gives its owner the admin's view", async () => {
      const tid = await createTraining(t, t.users.problemAdmin, { title: 'Class drills', status: false });
      await t.dataSource.query('UPDATE training SET is_group = true, gid = $2 WHERE id = $1', [tid, gid]);
      await new Promise((r) => setTimeout(r, 1_100)); // the training row cache
      // Hidden (status false): only its admins, here the group's owner and root (and its author).
      expect((await as(teacher).get('/get-training-detail', { tid })).status).toBe(200);
      expect((await as(bob).get('/get-training-detail', { tid })).status).toBe(404);
      await t.dataSource.query('UPDATE training SET status = true WHERE id = $1', [tid]);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await as(bob).get('/get-training-detail', { tid })).status).toBe(200);
      for (const u of [eve, carol, t.users.admin])
        expect([u.username, (await as(u).get('/get-training-detail', { tid })).status]).toEqual([u.username, 404]);
      const listed = (await as(bob).get('/get-training-list', { limit: 50 }).expect(200)).body.data.records.map(
        (r: { id: number }) => r.id,
      );
      expect(listed).not.toContain(tid);
    });

    it("keeps a group's problem out of the bank's routes for everyone but its members and root", async () => {
      const p = await bankProblem(t, 'Group only');
      await t.dataSource.getRepository(Problem).update({ id: p.id }, { isGroup: true, gid });
      for (const u of [t.users.admin, t.users.problemAdmin, eve, carol, null]) {
        const res = await as(u).get('/get-problem-detail', { problemId: p.problemId });
        expect([u?.username, res.status]).toEqual([u?.username, 404]);
      }
      for (const u of [t.users.root, teacher, bob])
        expect([u.username, (await as(u).get('/get-problem-detail', { problemId: p.problemId })).status]).toEqual([u.username, 200]);
      const listed = (await as(t.users.root).get('/get-problem-list', { limit: 50 }).expect(200)).body.data.records.map(
        (r: { problemId: string }) => r.problemId,
      );
      expect(listed).not.toContain(p.problemId);
    });
  });

  // Last: the groups made here would show in the lists checked above.
  describe('the daily limit under concurrent creations', () => {
    it('keeps the daily limit under 10 concurrent creations (issue 31: 4 were made under a limit of 2)', async () => {
      const racer = await t.createUser('g_racer');
      await solved(racer, AC_NEEDED);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => as(racer).post('/group', body(`Race Group ${i}`, `race${i}`, GroupAuth.Public))),
      );
      expect(answers.filter((r) => r.status === 200).length).toBe(DAILY);
      for (const r of answers.filter((x) => x.status !== 200))
        expect([r.status, r.body.msg]).toEqual([403, GROUP_ERR.createDailyLimit(DAILY)]);
      expect(Number((await t.dataSource.query('SELECT count(*) AS n FROM group_info WHERE uid = $1', [racer.uid]))[0].n)).toBe(DAILY);
      // A refused creation gives its place back: a name clash does not use up the day.
      await forgetDaily(racer);
      const [{ name }] = await t.dataSource.query('SELECT name FROM group_info WHERE uid = $1 LIMIT 1', [racer.uid]);
      expect((await as(racer).post('/group', body(name, 'racex', GroupAuth.Public))).status).toBe(400);
      await create(racer, body('Race Group X', 'racey', GroupAuth.Public));
    });
  });
});
