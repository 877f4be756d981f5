import { ERR, JUDGING_ERR } from '@oj/contracts';
import { rmSync } from 'fs';
import * as path from 'path';
import request from 'supertest';
import { readZip } from '../src/core/archive/safe-zip';
import { localDay, TESTCASE_DOWNLOAD_CLOCK, TestcaseDownloadLimitService } from '../src/modules/file/testcase-download-limit.service';
import { aPlusBCases, dataDirOf, hojZip, importHoj, pidOf } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp, TestRoleName } from './utils/test-app';

jest.setTimeout(120_000);

describe('daily test data download limit', () => {
  let t: TestApp;
  let limits: TestcaseDownloadLimitService;
  /** The server's clock for the quota; tests move it to other days. */
  let now = new Date(2030, 4, 17, 10, 0, 0);
  let pid: number;

  const token = (role: TestRoleName) => t.users[role].token;
  const download = (role: TestRoleName, p: number = pid) =>
    request(t.url)
      .get('/api/file/download-testcase')
      .query({ pid: p })
      .set('Authorization', token(role))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          cb(null, res.headers['content-type']?.startsWith('application/json') ? JSON.parse(body.toString()) : body);
        });
      });
  const setLimit = (n: number) =>
    request(t.url).put('/api/admin/switch/update').set('Authorization', token('root')).send({ maxDailyTestcaseDownloads: n }).expect(200);
  const used = async (role: TestRoleName, at: Date = now) => Number((await t.redis.get(limits.key(t.users[role].uid, at))) ?? 0);
  const expectRefused = async (role: TestRoleName, max: number) => {
    const res = await download(role);
    expect([res.status, res.body.status, res.body.msg]).toEqual([403, 403, JUDGING_ERR.testcaseDownloadLimit(max)]);
  };
  const expectZip = async (role: TestRoleName, p: number = pid) => {
    const res = await download(role, p);
    expect(res.status).toBe(200);
    const files = await readZip(res.body as Buffer);
    expect([...files.keys()].sort()).toEqual(['1.in', '1.out', '2.in', '2.out']);
  };

  beforeAll(async () => {
    t = await createTestApp({ override: (b) => b.overrideProvider(TESTCASE_DOWNLOAD_CLOCK).useValue(() => now) });
    limits = t.get(TestcaseDownloadLimitService);
    const zip = await hojZip([
      { problemId: 'DL1', cases: aPlusBCases(2) },
      { problemId: 'DL2', cases: aPlusBCases(2) },
      { problemId: 'DL3', cases: aPlusBCases(2) },
    ]);
    expect((await importHoj(t, token('admin'), zip)).body.status).toBe(200);
    pid = await pidOf(t, 'DL1');
  });
  afterAll(() => t?.close());

  it('shows the limit in the switch config with its default of 30', async () => {
    const info = await request(t.url).get('/api/admin/switch/info').set('Authorization', token('root')).expect(200);
    expect(info.body.data.maxDailyTestcaseDownloads).toBe(30);
    const bad = await request(t.url)
      .put('/api/admin/switch/update')
      .set('Authorization', token('root'))
      .send({ maxDailyTestcaseDownloads: -1 });
    expect([bad.status, bad.body.msg]).toEqual([400, ERR.badRequest]);
    const denied = await request(t.url)
      .put('/api/admin/switch/update')
      .set('Authorization', token('admin'))
      .send({ maxDailyTestcaseDownloads: 1000 });
    expect(denied.status).toBe(403);
    expect(
      (await request(t.url).get('/api/admin/switch/info').set('Authorization', token('root'))).body.data.maxDailyTestcaseDownloads,
    ).toBe(30);
  });

  it('counts the downloads of an admin and refuses the one past the limit with 403', async () => {
    await setLimit(3);
    for (let i = 0; i < 3; i++) await expectZip('admin');
    expect(await used('admin')).toBe(3);
    await expectRefused('admin', 3);
    await expectRefused('admin', 3);
    // Refusals are not counted.
    expect(await used('admin')).toBe(3);
  });

  it('keys the count by user and by day in the server timezone, expiring when the day ends', async () => {
    const key = limits.key(t.users.admin.uid, now);
    expect(key).toBe(`testcase-download:${t.users.admin.uid}:20300517`);
    const ttl = await t.redis.ttl(key);
    const endOfDay = Math.ceil(localDay(now).endsAt.getTime() / 1000);
    expect(Math.abs(Date.now() / 1000 + ttl - endOfDay)).toBeLessThanOrEqual(2);
    // Another user has their own count.
    expect(await used('problemAdmin')).toBe(0);
    await expectZip('problemAdmin');
    expect(await used('problemAdmin')).toBe(1);
    expect(await used('admin')).toBe(3);
  });

  it('starts a fresh count on the next day', async () => {
    const yesterday = now;
    now = new Date(2030, 4, 18, 0, 0, 5);
    expect(await used('admin')).toBe(0);
    for (let i = 0; i < 3; i++) await expectZip('admin');
    await expectRefused('admin', 3);
    expect(await used('admin', yesterday)).toBe(3);
    expect(await used('admin')).toBe(3);
  });

  it('does not limit root', async () => {
    for (let i = 0; i < 5; i++) await expectZip('root');
    expect(await used('root')).toBe(0);
  });

  it('does not count a failed download: missing problem, no test data, unreadable files', async () => {
    const before = await used('problemAdmin');
    const missing = await download('problemAdmin', 987654);
    expect([missing.status, missing.body.msg]).toEqual([404, ERR.notFound]);
    const empty = await pidOf(t, 'DL2');
    await t.dataSource.query(`DELETE FROM problem_case WHERE pid = $1`, [empty]);
    const noData = await download('problemAdmin', empty);
    expect([noData.status, noData.body.msg]).toEqual([400, JUDGING_ERR.testcaseEmpty]);
    const broken = await pidOf(t, 'DL3');
    rmSync(path.join(dataDirOf(t), 'testcase', String(broken)), { recursive: true, force: true });
    const unreadable = await download('problemAdmin', broken);
    expect([unreadable.status, unreadable.body.msg]).toEqual([500, ERR.serverError]);
    expect(await used('problemAdmin')).toBe(before);
    // The failures left the whole quota: exactly 3 more downloads pass.
    for (let i = 0; i < 3 - before; i++) await expectZip('problemAdmin');
    await expectRefused('problemAdmin', 3);
  });

  it('applies a changed limit at once, and 0 refuses every download', async () => {
    await expectRefused('admin', 3);
    await setLimit(5);
    await expectZip('admin');
    await expectZip('admin');
    await expectRefused('admin', 5);
    await setLimit(0);
    now = new Date(2030, 4, 19, 12, 0, 0);
    await expectRefused('problemAdmin', 0);
    await expectZip('root');
  });

  it('lets concurrent downloads through only up to the limit', async () => {
    await setLimit(3);
    now = new Date(2030, 4, 20, 9, 0, 0);
    const results = await Promise.all(Array.from({ length: 8 }, () => download('admin')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    expect(await used('admin')).toBe(3);
  });
});
