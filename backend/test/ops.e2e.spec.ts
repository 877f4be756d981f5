/**
 * Running it: Prometheus /metrics (token or separate port), health probes (readiness follows Redis), and the
 * Bull dashboard for root only.
 */
import { get as httpGet } from 'http';
import { connect, createServer, Socket } from 'net';
import request from 'supertest';
import { OpsMetricsService } from '../src/modules/ops/ops-metrics.service';
import { createTestApp, TEST_REDIS_URL, TestApp } from './utils/test-app';
import { eventually } from './utils/eventually';

jest.setTimeout(120_000);

describe('ops: metrics, health, queue dashboard', () => {
  let t: TestApp;
  const bearer = () => `Bearer ${t.config.metrics.token}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses /metrics without the token or with a wrong one', async () => {
    const none = await request(t.url).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.text).not.toContain('oj_http_request_duration_seconds');
    const wrong = await request(t.url).get('/metrics').set('Authorization', 'Bearer nope');
    expect(wrong.status).toBe(401);
    // The session token of root is not the metrics token.
    const root = await request(t.url).get('/metrics').set('Authorization', t.users.root.token);
    expect(root.status).toBe(401);
  });

  it('exposes latency by route pattern, queue, judge, event-loop and pool series with the token', async () => {
    await request(t.url).get('/api/get-problem-list').expect(200);
    await request(t.url).get('/api/get-problem-detail').query({ problemId: 'nope-42' });
    await request(t.url).get('/api/health/live').expect(200);
    const res = await request(t.url).get('/metrics').set('Authorization', bearer()).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    expect(text).toMatch(/oj_http_request_duration_seconds_bucket\{[^}]*route="\/api\/get-problem-list"[^}]*status_code="200"/);
    // The pattern, never the query: no series carries the problem id.
    expect(text).toMatch(/route="\/api\/get-problem-detail"/);
    expect(text).not.toContain('nope-42');
    expect(text).toMatch(/oj_judge_queue_jobs\{state="waiting"\} 0/);
    expect(text).toMatch(/oj_judge_queue_oldest_waiting_seconds 0/);
    expect(text).toContain('# TYPE oj_judge_queue_wait_seconds histogram');
    expect(text).toContain('# TYPE oj_judge_duration_seconds histogram');
    expect(text).toContain('# TYPE oj_judge_verdicts_total counter');
    expect(text).toMatch(/oj_nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/oj_pg_pool_connections\{state="max"\} 4/);
    expect(text).toMatch(/oj_pg_pool_connections\{state="total"\} [1-4]/);
  });

  it('answers liveness and readiness with every check up', async () => {
    const live = await request(t.url).get('/api/health/live').expect(200);
    expect(live.body).toEqual({ status: 200, msg: 'success', data: { status: 'up' } });
    const ready = await request(t.url).get('/api/health/ready').expect(200);
    expect(ready.body.data).toEqual({ ready: true, checks: { postgres: 'up', migrations: 'done', redis: 'up' } });
  });

  it('reports migrations as running while another replica holds the migration lock', async () => {
    const { MIGRATION_LOCK_KEY } = await import('../src/core/database/database.module');
    const fresh = await createTestApp();
    try {
      const lock = fresh.dataSource.createQueryRunner();
      await lock.connect();
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        const res = await request(fresh.url).get('/api/health/ready');
        expect(res.status).toBe(503);
        expect(res.body.data.checks).toEqual({ postgres: 'up', migrations: 'running', redis: 'up' });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        await lock.release();
      }
      await request(fresh.url).get('/api/health/ready').expect(200);
    } finally {
      await fresh.close();
    }
  });

  it('refuses the queue dashboard to anonymous callers and to every role but root', async () => {
    await request(t.url).get('/api/admin/queues/board/').expect(401);
    for (const who of ['admin', 'problemAdmin', 'user'] as const) {
      const res = await request(t.url).get('/api/admin/queues/board/').set('Authorization', t.users[who].token);
      expect({ who, status: res.status }).toEqual({ who, status: 403 });
      const api = await request(t.url).get('/api/admin/queues/board/api/queues').set('Authorization', t.users[who].token);
      expect({ who, status: api.status }).toEqual({ who, status: 403 });
      const session = await request(t.url).post('/api/admin/queues/session').set('Authorization', t.users[who].token);
      expect(session.body.status).toBe(403);
    }
    await request(t.url).get('/api/admin/queues/board/').set('Cookie', 'oj_queue_board=forged').expect(401);
  });

  it('opens the dashboard for root through the session cookie and lists the judge queue', async () => {
    const session = await request(t.url).post('/api/admin/queues/session').set('Authorization', t.users.root.token).expect(200);
    expect(session.body.data).toEqual({ path: '/api/admin/queues/board/' });
    const setCookie = String(session.headers['set-cookie']);
    expect(setCookie).toMatch(/^oj_queue_board=[^;]+; Path=\/api\/admin\/queues; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0];
    const page = await request(t.url).get('/api/admin/queues/board/').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('OJ judge queue');
    const api = await request(t.url).get('/api/admin/queues/board/api/queues').set('Cookie', cookie).expect(200);
    expect(api.body.queues.map((q: { name: string }) => q.name)).toEqual(['judge']);
  });
});

describe('ops: readiness without Redis, metrics on their own port', () => {
  /**
   * The app's Redis port is a TCP relay to the real Redis: the app boots through it (its start needs Redis), then
   * the relay closes and its port answers nothing, as a Redis that went away; then it comes back.
   */
  it('fails readiness while its Redis port is dead, liveness still answers, and recovers when Redis is back', async () => {
    const target = new URL(TEST_REDIS_URL);
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    const listen = (port: number) => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', () => resolve()));
    await listen(0);
    const port = (relay.address() as { port: number }).port;
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      await request(t.url).get('/api/health/ready').expect(200);
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      const res = await request(t.url).get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 503, msg: 'Service not ready' });
      expect(res.body.data.checks).toEqual({ postgres: 'up', migrations: 'done', redis: 'down' });
      await request(t.url).get('/api/health/live').expect(200);
      await listen(port);
      await eventually('ready again once Redis is back', async () => (await request(t.url).get('/api/health/ready')).status === 200, {
        intervalMs: 250,
      });
    } finally {
      await t.close();
      relay.close();
      for (const s of sockets) s.destroy();
    }
  });

  it('serves /metrics on METRICS_PORT without a token and not on the main port', async () => {
    const t = await createTestApp({ env: { METRICS_PORT: '0' } });
    try {
      // METRICS_PORT=0 keeps the main port; a real port moves them.
      await request(t.url).get('/metrics').expect(401);
    } finally {
      await t.close();
    }
    const port = 40_000 + (process.pid % 20_000);
    const u = await createTestApp({ env: { METRICS_PORT: String(port) } });
    try {
      expect(u.get<OpsMetricsService>(OpsMetricsService).port()).toBe(port);
      await request(u.url).get('/metrics').set('Authorization', `Bearer ${u.config.metrics.token}`).expect(404);
      const body = await new Promise<string>((resolve, reject) =>
        httpGet(`http://127.0.0.1:${port}/metrics`, (res) => {
          let data = '';
          res.on('data', (d: Buffer) => (data += d.toString()));
          res.on('end', () => (res.statusCode === 200 ? resolve(data) : reject(new Error(`status ${res.statusCode}`))));
        }).on('error', reject),
      );
      expect(body).toContain('oj_judge_queue_jobs');
    } finally {
      await u.close();
    }
  });
});
