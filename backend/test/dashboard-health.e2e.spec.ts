import request from 'supertest';
import { TestApp, createTestApp } from './utils/test-app';

describe('dashboard server health: replicas, registry and HTTPS status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const info = async (token = t.users.admin.token) =>
    (await request(t.url).get('/api/admin/config/get-service-info').set('Authorization', token).expect(200)).body.data;

  it('lists this replica from its heartbeat, with the registry up and plain HTTP', async () => {
    const data = await info();
    expect(data.registryStatus).toBe('UP');
    expect(data.https).toBe(false);
    const own = data.replicas.find((r: { pid: number }) => r.pid === process.pid);
    expect(own).toMatchObject({ cpuCores: expect.any(Number), memoryPercent: expect.any(Number), port: t.config.port });
    expect(data.backupService.map((s: { instanceId: string }) => s.instanceId)).toContain(own.instanceId);
  });

  it("lists every live replica of the installation, not another installation's", async () => {
    const other = {
      instanceId: 'replica-b:3001:42',
      hostname: 'replica-b',
      pid: 42,
      port: 3001,
      cpuCores: 8,
      cpuPercent: 12,
      memoryPercent: 40,
      processRssBytes: 1,
      uptimeSec: 5,
      lastHeartbeat: new Date().toISOString(),
    };
    await t.redis.set(`backend-replica:${other.instanceId}`, JSON.stringify(other), 'EX', 30);
    // A key of another installation (other prefix) on the same Redis is not ours.
    const raw = t.redis.duplicate({ keyPrefix: 'someone-else:' });
    await raw.set('backend-replica:foreign:1:1', JSON.stringify({ ...other, instanceId: 'foreign:1:1' }), 'EX', 30);
    const data = await info(t.users.root.token);
    expect(data.replicas.map((r: { instanceId: string }) => r.instanceId)).toContain(other.instanceId);
    expect(data.replicas.map((r: { instanceId: string }) => r.instanceId)).not.toContain('foreign:1:1');
    expect(data.backupService).toContainEqual(expect.objectContaining({ instanceId: other.instanceId, host: 'replica-b', port: 3001 }));
    await t.redis.del(`backend-replica:${other.instanceId}`);
    await raw.del('backend-replica:foreign:1:1');
    raw.disconnect();
    expect((await info()).replicas.map((r: { instanceId: string }) => r.instanceId)).not.toContain(other.instanceId);
  });

  it('says HTTPS when the site is configured on an https base URL', async () => {
    await request(t.url)
      .put('/api/admin/config/set-web-config')
      .set('Authorization', t.users.root.token)
      .send({ baseUrl: 'https://oj.example.com' })
      .expect(200);
    expect((await info()).https).toBe(true);
  });
});
