import { JUDGE_TOKEN_HEADER, JudgeStatus } from '@oj/contracts';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'fs';
import * as path from 'path';
import request from 'supertest';
import { writeZip } from '../src/core/archive/safe-zip';
import { TestdataCleanupService } from '../src/modules/file/testdata-cleanup.service';
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import { CODE, dataDirOf, setSubmitInterval, submit } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(120_000);

const HOUR = 3600_000;

describe('cleanup of old test data versions', () => {
  let t: TestApp;
  let cleanup: TestdataCleanupService;
  const admin = () => t.users.admin.token;

  const body = (problemId: string, samples: { input: string; output: string }[], id?: number) => ({
    problem: {
      ...(id ? { id } : {}),
      problemId,
      title: problemId,
      description: 'd',
      timeLimit: 1000,
      memoryLimit: 128,
      stackLimit: 64,
      auth: 1,
      type: 0,
    },
    samples,
    isUploadTestCase: false,
    languages: ['C++'],
    tags: [],
    codeTemplates: [],
  });
  const cases = (n: number) => [
    { input: `${n} 1\n`, output: `${n + 1}\n` },
    { input: `${n} 2\n`, output: `${n + 2}\n` },
  ];
  const create = async (problemId: string, n: number): Promise<number> => {
    const res = await request(t.url)
      .post('/api/admin/problem')
      .set('Authorization', admin())
      .send(body(problemId, cases(n)));
    expect(res.body.status).toBe(200);
    return res.body.data.id;
  };
  const replaceCases = async (pid: number, problemId: string, n: number) => {
    const res = await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send(body(problemId, cases(n), pid));
    expect(res.body.status).toBe(200);
  };
  /** The current package version and case set, from the admin API. */
  const current = async (pid: number): Promise<{ version: string; set: string }> => {
    const p = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    const c = await request(t.url).get('/api/admin/problem/get-problem-cases').query({ pid }).set('Authorization', admin()).expect(200);
    return { version: p.body.data.caseVersion, set: c.body.data[0].input.split('/')[0] };
  };
  const onDisk = (pid: number) => {
    const list = (sub: string) => {
      const dir = path.join(dataDirOf(t), sub, String(pid));
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    };
    return { packages: list('package').map((n) => n.replace(/\.zip$/, '')), sets: list('testcase') };
  };
  const packageStatus = async (pid: number, version: string) =>
    (await request(t.url).get('/api/judge/package').query({ pid, version }).set(JUDGE_TOKEN_HEADER, t.config.judge.token)).status;

  beforeAll(async () => {
    t = await createTestApp();
    cleanup = t.get(TestdataCleanupService);
    await setSubmitInterval(t, 0);
  });
  afterAll(() => t?.close());

  it('keeps a replaced version through the grace period, then removes it and keeps the current one', async () => {
    const pid = await create('CL1', 1);
    const v1 = await current(pid);
    // Written long ago: the grace period counts from the replacement, not from the writing.
    const longAgo = new Date(Date.now() - 3 * HOUR);
    utimesSync(path.join(dataDirOf(t), 'package', String(pid), `${v1.version}.zip`), longAgo, longAgo);
    utimesSync(path.join(dataDirOf(t), 'testcase', String(pid), v1.set), longAgo, longAgo);
    await replaceCases(pid, 'CL1', 2);
    const v2 = await current(pid);
    expect(v2.version).not.toBe(v1.version);
    expect(v2.set).not.toBe(v1.set);
    expect(onDisk(pid)).toEqual({ packages: [v1.version, v2.version].sort(), sets: [v1.set, v2.set].sort() });

    // Within the hour after the replacement nothing goes.
    expect((await cleanup.sweep(Date.now() + 0.9 * HOUR)).removed.filter((r) => r.pid === pid)).toEqual([]);
    expect(onDisk(pid)).toEqual({ packages: [v1.version, v2.version].sort(), sets: [v1.set, v2.set].sort() });

    const report = await cleanup.sweep(Date.now() + 2 * HOUR);
    expect(report.removed.filter((r) => r.pid === pid).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { pid, name: v1.set, kind: 'cases' },
      { pid, name: `${v1.version}.zip`, kind: 'package' },
    ]);
    expect(onDisk(pid)).toEqual({ packages: [v2.version], sets: [v2.set] });
    expect(await packageStatus(pid, v1.version)).toBe(404);
    expect(await packageStatus(pid, v2.version)).toBe(200);

    // The current version stays however old it is.
    await cleanup.sweep(Date.now() + 1000 * HOUR);
    expect(onDisk(pid)).toEqual({ packages: [v2.version], sets: [v2.set] });
    const zip = await request(t.url).get('/api/file/download-testcase').query({ pid }).set('Authorization', t.users.root.token);
    expect(zip.status).toBe(200);
  });

  it('keeps the package an unfinished submission was enqueued with until it is judged', async () => {
    const pid = await create('CL2', 3);
    const v1 = await current(pid);
    const sub = await submit(t, t.users.user.token, 'CL2', 'C++', CODE.cppAc);
    expect(sub.body.status).toBe(200);
    const submitId = sub.body.data.submitId;
    const job = await t.get<JudgeQueueService>(JudgeQueueService).queue.getJob(String(submitId));
    expect(job?.data.packageVersion).toBe(v1.version);
    await replaceCases(pid, 'CL2', 4);
    const v2 = await current(pid);

    for (const status of [JudgeStatus.Pending, JudgeStatus.Compiling, JudgeStatus.Judging]) {
      await t.dataSource.query(`UPDATE judge SET status = $2 WHERE submit_id = $1`, [submitId, status]);
      await cleanup.sweep(Date.now() + 2 * HOUR);
      // The package is self-contained: the old case set is not needed by the judge.
      expect([status, onDisk(pid)]).toEqual([status, { packages: [v1.version, v2.version].sort(), sets: [v2.set] }]);
      expect(await packageStatus(pid, v1.version)).toBe(200);
    }

    await t.dataSource.query(`UPDATE judge SET status = $2 WHERE submit_id = $1`, [submitId, JudgeStatus.Accepted]);
    await cleanup.sweep(Date.now() + 2 * HOUR);
    expect(onDisk(pid)).toEqual({ packages: [v2.version], sets: [v2.set] });
  });

  it('does not take a version reused by a later save for an old one', async () => {
    const pid = await create('CL3', 5);
    const v1 = await current(pid);
    await replaceCases(pid, 'CL3', 6);
    await replaceCases(pid, 'CL3', 5);
    // Same content again: the same version is current, the middle one is the replaced one.
    const back = await current(pid);
    expect(back).toEqual(v1);
    await cleanup.sweep(Date.now() + 2 * HOUR);
    expect(onDisk(pid)).toEqual({ packages: [v1.version], sets: [v1.set] });
  });

  it('removes the folders of a deleted problem, and leftovers of unknown problems after the grace period', async () => {
    const pid = await create('CL4', 7);
    expect(onDisk(pid).packages).toHaveLength(1);
    await request(t.url).delete('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(onDisk(pid)).toEqual({ packages: [], sets: [] });

    // What a failed creation can leave behind: files of a problem id that has no row.
    const ghost = 987_654;
    mkdirSync(path.join(dataDirOf(t), 'testcase', String(ghost), 'abc'), { recursive: true });
    writeFileSync(path.join(dataDirOf(t), 'testcase', String(ghost), 'abc', '1.in'), '1');
    await cleanup.sweep(Date.now() + 0.5 * HOUR);
    expect(onDisk(ghost).sets).toEqual(['abc']);
    await cleanup.sweep(Date.now() + 2 * HOUR);
    expect(onDisk(ghost).sets).toEqual([]);
  });

  it('removes staged test data uploads that were never saved after a day', async () => {
    const zip = await writeZip([
      ['1.in', '1'],
      ['1.out', '1'],
    ]);
    const up = await request(t.url).post('/api/file/upload-testcase-zip').set('Authorization', admin()).attach('file', zip, 'cases.zip');
    const staged = path.join(dataDirOf(t), 'testcase-upload', up.body.data.fileListDir);
    expect(existsSync(staged)).toBe(true);
    expect((await cleanup.sweep(Date.now() + 2 * HOUR)).stagedUploads).toBe(0);
    expect(existsSync(staged)).toBe(true);
    expect((await cleanup.sweep(Date.now() + 25 * HOUR)).stagedUploads).toBe(1);
    expect(existsSync(staged)).toBe(false);
  });
});
