/** Who may speak for a client (trusted proxies, CORS origins) and who may rejudge a contest's submissions. */
import { ERR, JudgeStatus, Role } from '@oj/contracts';
import request from 'supertest';
import { addProblem, createContest, createProblem, judged, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TEST_PASSWORD } from './utils/test-app';

const login = (t: TestApp, ip: string) =>
  request(t.url).post('/api/login').set('X-Forwarded-For', ip).send({ username: 'nobody_here', password: TEST_PASSWORD });

describe('defaults: no trusted proxy, same origin only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LOGIN_PER_IP_PER_MIN: '3' } });
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For: rotating it does not pass the per-IP login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('sends no CORS permission to another origin', async () => {
    const res = await request(t.url).get('/api/get-website-config').set('Origin', 'http://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await request(t.url)
      .options('/api/login')
      .set('Origin', 'http://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets only the contest admins rejudge a contest submission', async () => {
    const author = t.users.admin;
    const alice = await t.createUser('rj_alice', Role.User);
    const problem = await createProblem(t, 'Rejudge me');
    const cid = await createContest(t, author, { startTime: new Date(Date.now() - 60 * MIN), endTime: new Date(Date.now() + 60 * MIN) });
    await addProblem(t, author, cid, problem.id, 'A');
    const submitId = await judged(t, alice, cid, problem, 'A', JudgeStatus.WrongAnswer, new Date());
    for (const user of [t.users.problemAdmin, await t.createUser('rj_admin2', Role.Admin)]) {
      const res = await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', user.token);
      expect([res.status, res.body.msg]).toEqual([403, ERR.noPermission]);
    }
    const stored = await t.dataSource.query('SELECT status FROM judge WHERE submit_id = $1', [submitId]);
    expect(stored[0].status).toBe(JudgeStatus.WrongAnswer);
    const ok = await request(t.url).get('/api/admin/judge/rejudge').query({ submitId }).set('Authorization', author.token);
    expect([ok.status, ok.body.data?.status]).toEqual([200, JudgeStatus.Pending]);
  });
});

describe('configured proxies and origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LOGIN_PER_IP_PER_MIN: '3', TRUSTED_PROXIES: '127.0.0.1', CORS_ORIGINS: 'http://good.example/' },
    });
  });
  afterAll(() => t?.close());

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, `203.0.113.${i + 1}`)).status);
    expect(statuses).not.toContain(429);
  });

  it('allows the configured origin with credentials, and no other', async () => {
    const good = await request(t.url).get('/api/get-website-config').set('Origin', 'http://good.example');
    expect(good.headers['access-control-allow-origin']).toBe('http://good.example');
    expect(good.headers['access-control-allow-credentials']).toBe('true');
    expect(good.headers['access-control-expose-headers']).toContain('Authorization');
    const evil = await request(t.url).get('/api/get-website-config').set('Origin', 'http://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});
