import { installationPrefixes, JudgeStatus } from '@oj/contracts';
import type { ChildProcess } from 'child_process';
import request from 'supertest';
import { resolveInstallationId } from '../src/core/config/installation';
import {
  aPlusBCases,
  CODE,
  hojZip,
  importHoj,
  setSubmitInterval,
  startChildWorker,
  submit,
  waitVerdict,
} from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(180_000);

/**
 * Two installations on one Redis, both with the README's default prefixes, each with its own judge worker started
 * the way npm start does (only BACKEND_URL and JUDGE_TOKEN). Their databases are fresh, so their submission ids
 * collide: each must still get the verdicts of its own code.
 */
describe('installation isolation on a shared Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ defaultPrefixes: true }), createTestApp({ defaultPrefixes: true })]);
    const zip = await hojZip([{ problemId: 'APB', title: 'A+B', cases: aPlusBCases(2) }]);
    for (const t of [a, b]) {
      await setSubmitInterval(t, 0);
      expect((await importHoj(t, t.users.admin.token, zip)).body.status).toBe(200);
    }
    const base = 100_000 + (process.pid % 400) * 100;
    workers.push(await startChildWorker(a, `iso-a-${process.pid}`, base, { BULL_PREFIX: '', BACKEND_URL: a.url }));
    workers.push(await startChildWorker(b, `iso-b-${process.pid}`, base + 50, { BULL_PREFIX: '', BACKEND_URL: b.url }));
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    await a?.close();
    await b?.close();
  });

  it('gives each installation its own id, kept in its database, and prefixes derived from it', async () => {
    expect(a.config.installationId).toMatch(/^[0-9a-f]{12}$/);
    expect(a.config.installationId).not.toBe(b.config.installationId);
    expect(a.config.bull.prefix).toBe(installationPrefixes(a.config.installationId).bull);
    expect(a.config.redis.keyPrefix).toBe(installationPrefixes(a.config.installationId).redis);
    expect(await resolveInstallationId(a.config.database.url)).toBe(a.config.installationId);
  });

  it('lists only its own workers and languages', async () => {
    for (const t of [a, b]) {
      const res = await request(t.url).get('/api/admin/config/get-judge-service-info').set('Authorization', t.users.root.token).expect(200);
      const names = JSON.stringify(res.body.data);
      expect(names).toContain(t === a ? `iso-a-${process.pid}` : `iso-b-${process.pid}`);
      expect(names).not.toContain(t === a ? `iso-b-${process.pid}` : `iso-a-${process.pid}`);
    }
  });

  it('tells a judge holding the token which installation it serves, and nobody else', async () => {
    await request(a.url).get('/api/judge/installation').expect(403);
    const res = await request(a.url).get('/api/judge/installation').set('X-Judge-Token', a.config.judge.token).expect(200);
    expect(res.body.data).toEqual({ installationId: a.config.installationId, bullPrefix: a.config.bull.prefix });
    await request(a.url).get('/api/judge/installation').set('X-Judge-Token', b.config.judge.token).expect(403);
  });

  it('judges the same submission ids submitted at once on both with each installation own code', async () => {
    const planA = [CODE.cppAc, CODE.cppWa, CODE.cppCe, CODE.cppAc];
    const planB = [CODE.cppWa, CODE.cppCe, CODE.cppAc, CODE.cppWa];
    const expected = new Map([
      [CODE.cppAc, JudgeStatus.Accepted],
      [CODE.cppWa, JudgeStatus.WrongAnswer],
      [CODE.cppCe, JudgeStatus.CompileError],
    ]);
    const ids: Record<'a' | 'b', number[]> = { a: [], b: [] };
    for (let i = 0; i < planA.length; i++) {
      const [ra, rb] = await Promise.all([
        submit(a, a.users.user.token, 'APB', 'C++', planA[i]),
        submit(b, b.users.user.token, 'APB', 'C++', planB[i]),
      ]);
      ids.a.push(ra.body.data.submitId);
      ids.b.push(rb.body.data.submitId);
    }
    expect(ids.a).toEqual(ids.b); // the collision that used to cross the verdicts
    for (let i = 0; i < planA.length; i++) {
      const [va, vb] = await Promise.all([waitVerdict(a, a.users.user.token, ids.a[i]), waitVerdict(b, b.users.user.token, ids.b[i])]);
      expect([i, va.status]).toEqual([i, expected.get(planA[i])]);
      expect([i, vb.status]).toEqual([i, expected.get(planB[i])]);
    }
  });
});
