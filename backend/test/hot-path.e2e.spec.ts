/**
 * The hot path (core/http/hot-path.ts) over HTTP against the real database and Redis: get-contest-rank, a
 * discussion's detail and its comment pages answered before the framework give the framework's exact answer
 * (status, headers, bytes, gzip), are timed into the same metric, and every request they cannot answer reaches
 * the controller unchanged, which answers it with the same refusal as before (no token, a bad or malformed body
 * or query, a contest the caller may not see, a closed discussion area, a hidden post).
 */
import { ContestAuth, ERR, JudgeStatus, Role, SWITCH_DENIED_TEXT } from '@oj/contracts';
import request from 'supertest';
import { HotAnswer, HotCall } from '../src/core/http/hot-path';
import { MetricsService } from '../src/core/observability/metrics.service';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { ContestController } from '../src/modules/contest/public/contest.controller';
import { CommentController } from '../src/modules/discussion/public/comment.controller';
import { DiscussionController } from '../src/modules/discussion/public/discussion.controller';
import { MessageController } from '../src/modules/message/public/message.controller';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { addProblem, createContest, createProblem, judged, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

/** Set on every answer by Express's global middleware, which the hot path's answers never reach. */
const SECURITY_HEADERS = ['x-content-type-options', 'x-frame-options'];

describe('hot path: get-contest-rank before the framework', () => {
  let t: TestApp;
  let alice: TestUser;
  let problem: Problem;
  let cid: number;
  let hot: ContestController;
  /** What the hot route answered, call by call: a buffer (sent from the hot path) or undefined (left to the controller). */
  let answers: ('hot' | 'framework' | 'threw')[];

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser('hotalice', Role.User);
    problem = await createProblem(t, 'Hot');
    const now = Date.now();
    cid = await createContest(t, t.users.admin, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
    // Enough participants for a page past the gzip threshold (8 KB).
    for (let i = 0; i < 60; i++) {
      const u = await t.createUser(`hotuser${i}`, Role.User);
      await judged(t, u, cid, problem, 'A', i % 2 ? JudgeStatus.Accepted : JudgeStatus.WrongAnswer, new Date(now - (50 - (i % 40)) * MIN));
    }
    hot = t.app.get(ContestController);
    const answer = hot.rankHot.bind(hot);
    jest.spyOn(hot, 'rankHot').mockImplementation(async (call) => {
      try {
        const data = await answer(call);
        answers.push(data ? 'hot' : 'framework');
        return data;
      } catch (e) {
        answers.push('threw');
        throw e;
      }
    });
  });
  beforeEach(() => (answers = []));
  afterAll(() => t?.close());

  const rankCall = (path: string, token: string | null, body: string | object, headers: Record<string, string> = {}) => {
    const req = request(t.url).post(path).set('Content-Type', 'application/json');
    if (token) req.set('Authorization', token);
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const page = { cid: 0, currentPage: 1, limit: 50 };

  it('answers a signed-in caller with the bytes and headers the controller gives', async () => {
    const body = { ...page, cid };
    // The first call resolves the session (the framework's guard): later ones may take the hot path.
    const viaFramework = await rankCall('/api/get-contest-rank?via=framework', alice.token, body);
    const viaHot = await rankCall('/api/get-contest-rank', alice.token, body);
    expect(answers).toEqual(['hot']);
    expect(viaHot.status).toBe(200);
    expect(viaHot.text).toBe(viaFramework.text);
    for (const name of ['content-type', 'content-length', 'vary', 'content-encoding', ...SECURITY_HEADERS])
      expect([name, viaHot.headers[name]]).toEqual([name, viaFramework.headers[name]]);
    expect(viaHot.headers['x-content-type-options']).toBe('nosniff');
    expect(viaHot.body).toMatchObject({ status: 200, msg: 'success' });
    expect(viaHot.body.data.records).toHaveLength(50);
  });

  it('sends large pages gzipped to clients that accept it, as the controller does', async () => {
    const body = { ...page, cid };
    const raw = async (path: string) => {
      const res = await rankCall(path, alice.token, body, { 'Accept-Encoding': 'gzip' })
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      return res;
    };
    // The compressed copy is made in the background from the second sending on.
    for (let i = 0; i < 5; i++) await raw('/api/get-contest-rank');
    const fromHot = await raw('/api/get-contest-rank');
    const fromFramework = await raw('/api/get-contest-rank?via=framework');
    expect(fromHot.headers['content-encoding']).toBe('gzip');
    expect(fromFramework.headers['content-encoding']).toBe('gzip');
    // The client unzips both (superagent follows Content-Encoding): the same page either way.
    expect((fromHot.body as Buffer).toString()).toBe((fromFramework.body as Buffer).toString());
    expect(JSON.parse((fromHot.body as Buffer).toString()).data.records).toHaveLength(50);
    expect(answers.filter((a) => a === 'hot').length).toBe(6);
  });

  it('times its answers into the same metric as the framework', async () => {
    const metrics = t.app.get(MetricsService);
    const count = async () =>
      (await metrics.httpDuration.get()).values
        .filter((v) => v.metricName?.endsWith('_count') && v.labels.route === '/api/get-contest-rank' && v.labels.status_code === '200')
        .reduce((n, v) => n + v.value, 0);
    const before = await count();
    await rankCall('/api/get-contest-rank', alice.token, { ...page, cid });
    expect(answers).toEqual(['hot']);
    expect((await count()) - before).toBe(1);
    // The controller's answers land in the same series.
    await rankCall('/api/get-contest-rank?via=framework', alice.token, { ...page, cid });
    expect((await count()) - before).toBe(2);
  });

  it('leaves every refusal to the controller, which answers it as before', async () => {
    // No token: the guard's 401, and the hot route is never asked.
    const anonymous = await rankCall('/api/get-contest-rank', null, { ...page, cid });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toBe(ERR.loginFirst);
    // Malformed JSON and a body the validation pipe refuses: 400 from the framework.
    const malformed = await rankCall('/api/get-contest-rank', alice.token, '{"cid": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ status: 400, msg: ERR.badRequest });
    const invalid = await rankCall('/api/get-contest-rank', alice.token, { ...page, cid, limit: 'many' });
    expect(invalid.status).toBe(400);
    // A prototype key: the input guard's 400, before any route code.
    const poisoned = await rankCall('/api/get-contest-rank', alice.token, `{"cid": ${cid}, "__proto__": {"x": 1}}`);
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.msg).toBe(`${ERR.badRequest}: forbidden key "__proto__"`);
    // Only the body the pipe refused reached the hot route (its check threw); the others never got that far.
    expect(answers).toEqual(['threw']);
    answers = [];

    // A private contest alice has not registered for: the access check's refusal, from the controller.
    const now = Date.now();
    const closed = await createContest(t, t.users.admin, {
      auth: ContestAuth.Private,
      startTime: new Date(now - 60 * MIN),
      endTime: new Date(now + 60 * MIN),
    });
    const viaFramework = await rankCall('/api/get-contest-rank?via=framework', alice.token, { ...page, cid: closed });
    const viaHotRoute = await rankCall('/api/get-contest-rank', alice.token, { ...page, cid: closed });
    expect(viaHotRoute.status).toBe(viaFramework.status);
    expect(viaHotRoute.status).toBeGreaterThanOrEqual(400);
    expect(viaHotRoute.body).toEqual(viaFramework.body);
    expect(answers).toEqual(['threw']);
  });

  it('leaves forced refreshes to the controller (they write)', async () => {
    const res = await rankCall('/api/get-contest-rank', t.users.admin.token, { ...page, cid, forceRefresh: true });
    expect(res.status).toBe(200);
    expect(answers).toEqual(['framework']);
  });
});

describe('hot path: a discussion and its comment pages before the framework', () => {
  let t: TestApp;
  let alice: TestUser;
  let did: number;
  let answers: string[];

  /** Records what each hot route answered: 'hot' (sent from the hot path), 'framework' (left) or 'threw'. */
  function watch<C extends object>(controller: C, method: keyof C & string, name: string) {
    const original = (controller[method] as (call: HotCall) => Promise<HotAnswer>).bind(controller);
    jest.spyOn(controller as Record<string, (call: HotCall) => Promise<HotAnswer>>, method).mockImplementation(async (call) => {
      try {
        const data = await original(call);
        answers.push(`${name} ${data ? 'hot' : 'framework'}`);
        return data;
      } catch (e) {
        answers.push(`${name} threw`);
        throw e;
      }
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser('hotposter', Role.User);
    await t.dataSource.query(`INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, 50)`, [alice.uid, alice.username]);
    const posted = await request(t.url)
      .post('/api/discussion')
      .set('Authorization', alice.token)
      .send({ categoryId: 1, title: 'Hot post', description: 'd', content: '# Hello' });
    expect(posted.status).toBe(200);
    did = posted.body.data.id;
    for (const content of ['first', 'second', 'third'])
      expect((await request(t.url).post('/api/comment').set('Authorization', alice.token).send({ did, content })).status).toBe(200);
    watch(t.app.get(DiscussionController), 'detailHot', 'detail');
    watch(t.app.get(CommentController), 'listHot', 'commentPage');
  });
  beforeEach(() => (answers = []));
  afterAll(() => t?.close());

  const get = (path: string, user: TestUser | null = alice) => {
    const req = request(t.url).get(path);
    return user ? req.set('Authorization', user.token) : req;
  };

  it('answers the detail and the first comment page with the bytes and headers the controllers give', async () => {
    for (const path of [
      `/api/get-discussion-detail?did=${did}`,
      `/api/comments?did=${did}`,
      `/api/comments?did=${did}&currentPage=1&limit=2`,
    ]) {
      // An unknown parameter sends the request to the controller (which drops it): the framework's answer.
      const viaFramework = await get(`${path}&via=framework`);
      const viaHot = await get(path);
      expect(viaHot.status).toBe(200);
      expect(viaHot.text).toBe(viaFramework.text);
      for (const name of ['content-type', 'content-length', ...SECURITY_HEADERS])
        expect([name, viaHot.headers[name]]).toEqual([name, viaFramework.headers[name]]);
    }
    expect(answers).toEqual([
      'detail framework',
      'detail hot',
      'commentPage framework',
      'commentPage hot',
      'commentPage framework',
      'commentPage hot',
    ]);
    // The unread counts (the controller's answer is serialised by the envelope adapter, the hot one by parts).
    const unreadHot = jest.spyOn(t.app.get(MessageController), 'unreadHot');
    const viaAdapter = await get('/api/msg/unread?via=framework');
    const before = unreadHot.mock.calls.length;
    const viaHot = await get('/api/msg/unread');
    expect(unreadHot.mock.calls.length).toBe(before + 1);
    expect(viaHot.status).toBe(200);
    expect(viaHot.text).toBe(viaAdapter.text);
    for (const name of ['content-type', ...SECURITY_HEADERS])
      expect([name, viaHot.headers[name]]).toEqual([name, viaAdapter.headers[name]]);
    expect(viaHot.body.data).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    const page = (await get(`/api/comments?did=${did}&currentPage=1&limit=2`)).body.data.commentList;
    expect(page.records.map((c: { content: string }) => c.content)).toEqual(['third', 'second']);
    expect(page.total).toBe(3);
  });

  it('leaves bad queries, a closed area and a hidden post to the controllers, which refuse them as before', async () => {
    for (const path of ['/api/get-discussion-detail?did=abc', '/api/get-discussion-detail?did=0', '/api/comments?did=1&limit=1000']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 400]);
    }
    expect(answers).toEqual(['detail framework', 'detail framework', 'commentPage framework']);
    answers = [];

    const switches = t.app.get(SiteConfigService);
    await switches.set('switch', { openPublicDiscussion: false });
    try {
      for (const path of [`/api/get-discussion-detail?did=${did}`, `/api/comments?did=${did}`]) {
        const closed = await get(path);
        expect(closed.status).toBe(403);
        expect(closed.body.msg).toBe(SWITCH_DENIED_TEXT.openPublicDiscussion);
        // Root passes a closed switch, on the hot path as through the guard.
        expect((await get(path, t.users.root)).status).toBe(200);
      }
    } finally {
      await switches.set('switch', { openPublicDiscussion: true });
    }
    // The area's switch is the detail handler's class decorator: the hot path's gate (access-policy, as the switch
    // guard) keeps alice's detail call from its answer, and the guard refuses it. The comment page's switch is its
    // service's to check: that answer throws, and the controller refuses.
    expect(answers.filter((a) => a.endsWith('threw'))).toEqual(['commentPage threw']);
    answers = [];

    const hide = await request(t.url).put('/api/admin/discussion').set('Authorization', t.users.root.token).send({ id: did, status: 1 });
    expect(hide.status).toBe(200);
    const other = await t.createUser('hotreader', Role.User);
    for (const path of [`/api/get-discussion-detail?did=${did}`, `/api/comments?did=${did}`]) {
      // The reader's first call resolves the session through the guard; the second may take the hot path.
      await get(path, other);
      const hidden = await get(path, other);
      expect([path, hidden.status]).toEqual([path, 403]);
      // Its author still reads it.
      expect((await get(path)).status).toBe(200);
    }
    expect(answers.filter((a) => a.endsWith('threw')).length).toBeGreaterThanOrEqual(2);
    // A refused reader counts no view, through either path (the view is counted after the visibility check).
    expect(await t.redis.exists(`discussion:view:${did}:u:${other.uid}`)).toBe(0);
    expect(await t.redis.exists(`discussion:view:${did}:u:${alice.uid}`)).toBe(1);
  });
});
