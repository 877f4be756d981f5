import request from 'supertest';
import { TestApp, createTestApp } from './utils/test-app';

describe('GET /api/get-system-info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('tells a visitor the version, the judge queue and the judge servers', async () => {
    const res = await request(t.url).get('/api/get-system-info').expect(200);
    const d = res.body.data;
    expect(d.version).toBe((require('../package.json') as { version: string }).version);
    expect(d.nodeVersion).toBe(process.version);
    expect(d.queue).toEqual({ waiting: 0, active: 0, delayed: 0 });
    expect(Array.isArray(d.judgeServers)).toBe(true);
    // No worker of this installation runs in the test: no slots, no load.
    expect(d.judgeLoadPercent).toBeNull();
  });
});
