/**
 * Locked-down contests and exams (issue 36) over HTTP against the real database and Redis: allowed address ranges
 * for entering and submitting (the client address from X-Forwarded-For, trusted from loopback as a proxy in front
 * would be), lock mode (a held participant's token reaches only their exam or contest, on the framework's routes
 * and on the hot path's rank route alike, until the end), one session per participant, and HOJ-style admin edits
 * that do not name the new fields.
 */
import { ContestAuth, LOCKDOWN_ERR } from '@oj/contracts';
import request from 'supertest';
import { HotAnswer, HotCall } from '../src/core/http/hot-path';
import { ContestController } from '../src/modules/contest/public/contest.controller';
import { addProblem, contestBody, createContest, createProblem, MIN, PASSWORD } from './contest-fixtures';
import { EXAM_PASSWORD, examBody } from './exam-fixtures';
import { TEST_PASSWORD, TestApp, TestUser, createTestApp } from './utils/test-app';

const INSIDE_V4 = '10.1.2.3';
const INSIDE_V6 = '2001:db8::5';
const INSIDE_MAPPED = '::ffff:10.1.9.9';
const OUTSIDE = '10.2.3.4';
const RANGES = ['10.1.0.0/16', '2001:db8::/32'];

describe('locked-down contests and exams', () => {
  let t: TestApp;
  let root: TestUser;
  /** What the hot rank route answered per call ('hot': sent before the framework). */
  let rankAnswers: ('hot' | 'framework')[];

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  const get = (path: string, user: TestUser | null, query: Record<string, unknown> = {}, ip = INSIDE_V4) => {
    const req = request(t.url).get(path).query(query).set(from(ip));
    return user ? req.set('Authorization', user.token) : req;
  };
  const post = (path: string, user: TestUser | null, body: Record<string, unknown>, ip = INSIDE_V4) => {
    const req = request(t.url).post(path).send(body).set(from(ip));
    return user ? req.set('Authorization', user.token) : req;
  };
  const running = () => ({ startTime: new Date(Date.now() - 10 * MIN), endTime: new Date(Date.now() + 60 * MIN) });

  /** A private contest with the given lockdown settings, made by root through the admin API; answers its id. */
  async function lockedContest(settings: { ipRanges?: string[]; lockMode?: boolean }): Promise<number> {
    const res = await post('/api/admin/contest', root, { ...contestBody({ auth: ContestAuth.Private, ...running() }), ...settings });
    expect(res.body.status).toBe(200);
    return res.body.data.id as number;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUSTED_PROXIES: 'loopback' } });
    root = t.users.root;
    const controller = t.app.get(ContestController);
    const answer = controller.rankHot.bind(controller);
    jest.spyOn(controller, 'rankHot').mockImplementation(async (call: HotCall): Promise<HotAnswer> => {
      const data = await answer(call);
      rankAnswers.push(data ? 'hot' : 'framework');
      return data;
    });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    rankAnswers = [];
  });

  describe('allowed address ranges', () => {
    let cid: number;
    let carol: TestUser;

    beforeAll(async () => {
      carol = await t.createUser('lk_carol');
      cid = await lockedContest({ ipRanges: RANGES });
      const problem = await createProblem(t);
      await addProblem(t, root, cid, problem.id, 'A');
    });

    it('refuses registering from outside the ranges and takes it from inside', async () => {
      const outside = await post('/api/register-contest', carol, { cid, password: PASSWORD }, OUTSIDE).expect(403);
      expect(outside.body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
      expect(outside.body.msgCode).toBe('LOCKDOWN_ERR.ipNotAllowed');
      expect((await get('/api/get-contest-access', carol, { cid }, INSIDE_V4).expect(200)).body.data.access).toBe(false);
      await post('/api/register-contest', carol, { cid, password: PASSWORD }, INSIDE_V4).expect(200);
    });

    it('refuses the problem views and the board outside, IPv4, IPv6 and IPv4-mapped addresses inside pass', async () => {
      expect((await get('/api/get-contest-problem', carol, { cid }, OUTSIDE).expect(403)).body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
      await get('/api/get-contest-problem', carol, { cid }, INSIDE_V4).expect(200);
      await get('/api/get-contest-problem', carol, { cid }, INSIDE_V6).expect(200);
      await get('/api/get-contest-problem-details', carol, { cid, displayId: 'A' }, INSIDE_MAPPED).expect(200);
      expect((await get('/api/get-contest-problem', carol, { cid }, '2001:db9::1').expect(403)).body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
      // The hot rank route applies the same rule: the outside call never reaches its answer.
      await post('/api/get-contest-rank', carol, { cid }, INSIDE_V4).expect(200);
      await post('/api/get-contest-rank', carol, { cid }, INSIDE_V4).expect(200);
      expect(rankAnswers).toContain('hot');
      rankAnswers = [];
      expect((await post('/api/get-contest-rank', carol, { cid }, OUTSIDE).expect(403)).body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
      expect(rankAnswers).toEqual([]);
    });

    it('refuses submitting from outside and takes it from inside', async () => {
      const body = { pid: 'A', cid, language: 'C++', code: 'int main(){}', isRemote: false };
      expect((await post('/api/submit-problem-judge', carol, body, OUTSIDE).expect(403)).body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
      // From inside the submission gets past the address rule to the contest's own submit rules, which answer
      // with the problem's languages (no judge server runs in this suite, so none is allowed: the rule after ours).
      const inside = await post('/api/submit-problem-judge', carol, body, INSIDE_V4).expect(400);
      expect(inside.body.msgCode).toBe('JUDGING_ERR.languageNotAllowed');
    });

    it("lets the contest's admins in from anywhere", async () => {
      await get('/api/get-contest-problem', root, { cid }, OUTSIDE).expect(200);
    });

    it("applies an exam's ranges to its calls and submissions", async () => {
      const res = await post('/api/admin/exam', root, {
        ...examBody({ auth: ContestAuth.Private, ...running() }),
        ipRanges: ['192.0.2.0/24'],
      });
      const eid = res.body.data.id as number;
      expect((await post('/api/register-exam', carol, { eid, password: EXAM_PASSWORD }, OUTSIDE).expect(403)).body.msg).toBe(
        LOCKDOWN_ERR.ipNotAllowed,
      );
      await post('/api/register-exam', carol, { eid, password: EXAM_PASSWORD }, '192.0.2.7').expect(200);
      await get('/api/get-exam-question-list', carol, { eid }, '192.0.2.7').expect(200);
      expect((await get('/api/get-exam-question-list', carol, { eid }, OUTSIDE).expect(403)).body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
      const submit = { pid: 'P1', eid, language: 'C++', code: 'int main(){}', isRemote: false };
      expect((await post('/api/submit-problem-judge', carol, submit, OUTSIDE).expect(403)).body.msg).toBe(LOCKDOWN_ERR.ipNotAllowed);
    });

    it('refuses ranges that are not CIDRs on create and edit, and changes nothing', async () => {
      const bad = await post('/api/admin/contest', root, { ...contestBody(running()), ipRanges: ['10.0.0.0/33'] }).expect(400);
      expect(bad.body.msg).toBe(LOCKDOWN_ERR.badIpRange);
      const edit = await request(t.url)
        .put('/api/admin/contest')
        .set('Authorization', root.token)
        .send({ ...contestBody({ auth: ContestAuth.Private, ...running() }), id: cid, ipRanges: ['not-an-address'] })
        .expect(400);
      expect(edit.body.msg).toBe(LOCKDOWN_ERR.badIpRange);
      const stored = await get('/api/admin/contest', root, { cid }).expect(200);
      expect(stored.body.data.ipRanges).toEqual(RANGES);
    });
  });

  describe('lock mode', () => {
    let alice: TestUser;
    let bob: TestUser;
    let dave: TestUser;
    let eid: number;
    let lockedCid: number;
    let otherCid: number;

    beforeAll(async () => {
      alice = await t.createUser('lk_alice');
      bob = await t.createUser('lk_bob');
      dave = await t.createUser('lk_dave');
      const res = await post('/api/admin/exam', root, { ...examBody({ auth: ContestAuth.Private, ...running() }), lockMode: true });
      eid = res.body.data.id as number;
      await post('/api/register-exam', alice, { eid, password: EXAM_PASSWORD }).expect(200);
      lockedCid = await lockedContest({ lockMode: true });
      await post('/api/register-contest', dave, { cid: lockedCid, password: PASSWORD }).expect(200);
      otherCid = await createContest(t, root, running());
    });

    it("refuses the problem bank, discussion, other contests and messages to a held candidate's token", async () => {
      for (const call of [
        get('/api/get-problem-list', alice),
        get('/api/get-discussion-list', alice),
        get('/api/get-contest-info', alice, { cid: otherCid }),
        get('/api/get-contest-list', alice),
        get('/api/msg/unread', alice),
        // A route that takes a cid is no way out: only the exam's own id counts.
        get('/api/get-contest-info', alice, { cid: otherCid, eid }),
      ]) {
        const res = await call.expect(403);
        expect(res.body.msg).toBe(LOCKDOWN_ERR.examLocked);
        expect(res.body.msgCode).toBe('LOCKDOWN_ERR.examLocked');
        expect(res.body.data).toEqual({ lockedTo: { kind: 'exam', id: eid } });
      }
      // A practice submission is outside the exam too.
      const practice = await post('/api/submit-problem-judge', alice, { pid: 1, language: 'C++', code: 'x', isRemote: false }).expect(403);
      expect(practice.body.msg).toBe(LOCKDOWN_ERR.examLocked);
    });

    it('keeps the exam, the account calls and the site basics working for the held candidate', async () => {
      await get('/api/get-exam-info', alice, { eid }).expect(200);
      await get('/api/get-exam-question-list', alice, { eid }).expect(200);
      await get('/api/get-exam-access', alice, { eid }).expect(200);
      await get('/api/get-user-auth-info', alice).expect(200);
      await get('/api/get-website-config', alice).expect(200);
    });

    it('leaves a non-participant unaffected', async () => {
      await get('/api/get-problem-list', bob).expect(200);
      await get('/api/get-discussion-list', bob).expect(200);
      await get('/api/get-contest-info', bob, { cid: otherCid }).expect(200);
    });

    it("holds a locked contest's participant to it, on the hot rank route too", async () => {
      await post('/api/get-contest-rank', dave, { cid: lockedCid }).expect(200);
      await post('/api/get-contest-rank', dave, { cid: lockedCid }).expect(200);
      expect(rankAnswers).toContain('hot');
      rankAnswers = [];
      const other = await post('/api/get-contest-rank', dave, { cid: otherCid }).expect(403);
      expect(other.body.msg).toBe(LOCKDOWN_ERR.contestLocked);
      expect(other.body.data).toEqual({ lockedTo: { kind: 'contest', id: lockedCid } });
      // Refused before the hot answer was asked: the framework's guard gave the refusal.
      expect(rankAnswers).toEqual([]);
      await get('/api/get-problem-list', dave).expect(403);
      await get('/api/get-contest-problem', dave, { cid: lockedCid }).expect(200);
      // The same rank route answers a non-participant as before.
      await post('/api/get-contest-rank', bob, { cid: otherCid }).expect(200);
    });

    it('opens everything again after the end, and an HOJ-style edit without the new fields keeps them', async () => {
      // The exam is moved to have ended (an edit through the admin API, HOJ's body: no ipRanges, no lockMode).
      const ended = examBody({
        auth: ContestAuth.Private,
        startTime: new Date(Date.now() - 60 * MIN),
        endTime: new Date(Date.now() - MIN),
      });
      await request(t.url)
        .put('/api/admin/exam')
        .set('Authorization', root.token)
        .send({ ...ended, id: eid })
        .expect(200);
      await get('/api/get-problem-list', alice).expect(200);
      await get('/api/get-discussion-list', alice).expect(200);
      await get('/api/get-contest-info', alice, { cid: otherCid }).expect(200);
      const exam = await get('/api/admin/exam', root, { eid }).expect(200);
      expect(exam.body.data.lockMode).toBe(true);

      const contestEdit = {
        ...contestBody({ auth: ContestAuth.Private, startTime: new Date(Date.now() - 60 * MIN), endTime: new Date(Date.now() - MIN) }),
        id: lockedCid,
      };
      await request(t.url).put('/api/admin/contest').set('Authorization', root.token).send(contestEdit).expect(200);
      const contest = await get('/api/admin/contest', root, { cid: lockedCid }).expect(200);
      expect(contest.body.data.lockMode).toBe(true);
      expect(contest.body.data.ipRanges).toEqual([]);
      await get('/api/get-problem-list', dave).expect(200);
      await post('/api/get-contest-rank', dave, { cid: otherCid }).expect(200);
    });

    it('keeps allowed ranges through an HOJ-style edit that omits them, and clears them when told', async () => {
      const cid = await lockedContest({ ipRanges: ['10.9.0.0/16'] });
      const body = { ...contestBody({ auth: ContestAuth.Private, ...running(), title: 'Edited' }), id: cid };
      await request(t.url).put('/api/admin/contest').set('Authorization', root.token).send(body).expect(200);
      let stored = (await get('/api/admin/contest', root, { cid }).expect(200)).body.data;
      expect(stored.title).toBe('Edited');
      expect(stored.ipRanges).toEqual(['10.9.0.0/16']);
      expect(stored.lockMode).toBe(false);
      await request(t.url)
        .put('/api/admin/contest')
        .set('Authorization', root.token)
        .send({ ...body, ipRanges: [] })
        .expect(200);
      stored = (await get('/api/admin/contest', root, { cid }).expect(200)).body.data;
      expect(stored.ipRanges).toEqual([]);
      // The public view never shows the ranges.
      expect((await get('/api/get-contest-info', root, { cid }).expect(200)).body.data.ipRanges).toBeUndefined();
    });
  });

  describe('one session per participant', () => {
    const login = async (username: string) => {
      const res = await post('/api/login', null, { username, password: TEST_PASSWORD }).expect(200);
      return res.headers.authorization as string;
    };

    it('ends the first session at a second login during a locked contest, and records it', async () => {
      const erin = await t.createUser('lk_erin');
      const cid = await lockedContest({ lockMode: true });
      await post('/api/register-contest', erin, { cid, password: PASSWORD }).expect(200);
      const first = await login(erin.username);
      await request(t.url).get('/api/get-user-auth-info').set('Authorization', first).expect(200);
      const second = await login(erin.username);
      const refused = await request(t.url).get('/api/get-user-auth-info').set('Authorization', first).expect(401);
      expect(refused.body.msg).toBe(LOCKDOWN_ERR.sessionReplaced);
      expect(refused.body.msgCode).toBe('LOCKDOWN_ERR.sessionReplaced');
      await request(t.url).get('/api/get-user-auth-info').set('Authorization', second).expect(200);
      await request(t.url).get('/api/get-contest-info').query({ cid }).set('Authorization', second).expect(200);
      const records = (await t.dataSource.query(
        `SELECT actor_uid AS "actorUid", target_type AS "targetType", target_id AS "targetId" FROM audit_log WHERE action = 'session.replaced'`,
      )) as { actorUid: string; targetType: string; targetId: string }[];
      expect(records).toEqual([{ actorUid: erin.uid, targetType: 'contest', targetId: String(cid) }]);
    });

    it('ends a session made before the participant entered the exam', async () => {
      const gina = await t.createUser('lk_gina');
      const early = await login(gina.username);
      const res = await post('/api/admin/exam', root, { ...examBody({ auth: ContestAuth.Private, ...running() }), lockMode: true });
      const eid = res.body.data.id as number;
      await request(t.url).post('/api/register-exam').set('Authorization', early).send({ eid, password: EXAM_PASSWORD }).expect(200);
      await request(t.url).get('/api/get-exam-question-list').query({ eid }).set('Authorization', early).expect(200);
      const later = await login(gina.username);
      const refused = await request(t.url).get('/api/get-exam-question-list').query({ eid }).set('Authorization', early).expect(401);
      expect(refused.body.msg).toBe(LOCKDOWN_ERR.sessionReplaced);
      await request(t.url).get('/api/get-exam-question-list').query({ eid }).set('Authorization', later).expect(200);
    });

    it('keeps several sessions of a user held nowhere', async () => {
      const frank = await t.createUser('lk_frank');
      const first = await login(frank.username);
      await login(frank.username);
      await request(t.url).get('/api/get-user-auth-info').set('Authorization', first).expect(200);
    });
  });
});
