/**
 * Backups that restore (issue 36): content made through the API, one archive, restored into a new database and a
 * new data folder; every table's rows, every sequence and every file must come back equal; a non-empty target and
 * a damaged archive are refused; the app started on the restored installation lets a user log in with their
 * password and judges the restored problem with its restored test data.
 */
import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { BACKUP_TEXT, ContestAuth, ContestStatus, isFinalJudgeStatus, JudgeStatus } from '@oj/contracts';
import { randomBytes } from 'crypto';
import { promises as fs, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { Client } from 'pg';
import request from 'supertest';
import * as tar from 'tar';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { APP_CONFIG, AppConfig, loadConfig } from '../src/core/config/app-config';
import { EnvelopeExpressAdapter } from '../src/core/http/envelope.adapter';
import { createBackup, listFiles } from '../src/modules/backup/archive/create-backup';
import { DATA_DIR_EXCLUDED, sha256File } from '../src/modules/backup/archive/manifest';
import { BackupService } from '../src/modules/backup/backup.service';
import {
  BackupVerifyError,
  flushInstallationCache,
  restoreBackup,
  RestoreRefusedError,
} from '../src/modules/backup/archive/restore-backup';
import { addProblem, createContest, MIN } from './contest-fixtures';
import { eventually } from './utils/eventually';
import {
  aPlusBCases,
  CODE,
  hojZip,
  importHoj,
  pidOf,
  removeJudgeCache,
  RunningWorker,
  setSubmitInterval,
  startInProcessWorker,
  submit,
  waitVerdict,
} from './fixtures/pipeline-helpers';
import { adminQuery, createTestApp, deleteKeys, TEST_PASSWORD, TEST_PG_URL, TEST_REDIS_URL, TestApp, withDatabase } from './utils/test-app';

jest.setTimeout(240_000);

/** Each table's row count and a hash of its rows in a fixed order, and each sequence's state. */
async function databaseState(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    const tables = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
    );
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string; h: string }>(
        `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM "${name}" t`,
      );
      out[`table ${name}`] = `${rows[0].n}:${rows[0].h}`;
    }
    const seqs = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`,
    );
    for (const { name } of seqs.rows) {
      const { rows } = await client.query<{ v: string; c: boolean }>(`SELECT last_value::text AS v, is_called AS c FROM "${name}"`);
      out[`sequence ${name}`] = `${rows[0].v}:${rows[0].c}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** supertest's parser for a binary answer: the body as one Buffer. */
function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  // supertest hands the parser the raw answer stream (typed as its Response)
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}

async function fileState(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await listFiles(dir, (name) => DATA_DIR_EXCLUDED.has(name))) out[f] = await sha256File(path.join(dir, f));
  return out;
}

describe('backup and restore', () => {
  let t: TestApp;
  let worker: RunningWorker | undefined;
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const restoredDb = `oj_test_restore_${id}`;
  const restoredUrl = withDatabase(TEST_PG_URL, restoredDb);
  const work = mkdtempSync(path.join(tmpdir(), 'oj-backup-test-'));
  const restoredDir = path.join(work, 'restored-data');
  let archive: string;
  let sourceDb: Record<string, string>;
  let sourceFiles: Record<string, string>;
  let student: { username: string; uid: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `backup-${process.pid}`, 2);
    const zip = await hojZip([{ problemId: 'BKP', title: 'A+B kept', cases: aPlusBCases(3) }]);
    expect((await importHoj(t, t.users.admin.token, zip)).body).toMatchObject({ status: 200 });
    student = await t.createUser('bk_student');
    await request(t.url)
      .post('/api/register')
      .send({ username: 'bk_register', password: 'reg-pass-1', email: 'bk_register@example.com' })
      .catch(() => undefined);

    // a practice submission judged by the real worker
    const practice = await submit(t, student.token, 'BKP', 'C++', CODE.cppAc);
    expect((await waitVerdict(t, student.token, practice.body.data.submitId)).status).toBe(JudgeStatus.Accepted);
    // a running contest with the problem, and a judged contest submission
    const cid = await createContest(t, t.users.admin, {
      title: 'Kept contest',
      auth: ContestAuth.Public,
      startTime: new Date(Date.now() - 10 * MIN),
      endTime: new Date(Date.now() + 120 * MIN),
    });
    await addProblem(t, t.users.admin, cid, await pidOf(t, 'BKP'), 'A');
    const inContest = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', student.token)
      .send({ pid: 'A', cid, language: 'C++', code: CODE.cppWa, isRemote: false });
    expect(inContest.body).toMatchObject({ status: 200 });
    expect((await waitVerdict(t, student.token, inContest.body.data.submitId)).status).toBe(JudgeStatus.WrongAnswer);
    // a discussion post with a comment
    const post = await request(t.url)
      .post('/api/discussion')
      .set('Authorization', t.users.admin.token)
      .send({ categoryId: 1, title: 'Kept post', description: 'd', content: '# kept' });
    expect(post.body).toMatchObject({ status: 200 });
    await request(t.url).post('/api/comment').set('Authorization', t.users.admin.token).send({ did: post.body.data.id, content: 'kept' });
    await worker.close();
    worker = undefined;
    // The contest clock stores a new contest's status within its 5-second tick: the source must be still when read.
    await eventually('the contest stored as running', async () => {
      const [row] = await t.dataSource.query('SELECT status FROM contest WHERE id = $1', [cid]);
      return row.status === ContestStatus.Running ? true : undefined;
    });

    sourceDb = await databaseState(t.config.database.url);
    sourceFiles = await fileState(t.config.paths.dataDir);
    const result = await createBackup({
      databaseUrl: t.config.database.url,
      dataDir: t.config.paths.dataDir,
      filesDir: t.config.paths.filesDir,
      outDir: path.join(work, 'archives'),
      appVersion: 'test',
    });
    archive = result.file;
    // the source did not move while it was dumped: what the restore must give back is exactly this
    expect(await databaseState(t.config.database.url)).toEqual(sourceDb);
    await adminQuery(`CREATE DATABASE "${restoredDb}"`);
  });

  afterAll(async () => {
    await worker?.close().catch(() => undefined);
    await t?.close();
    await adminQuery(`DROP DATABASE IF EXISTS "${restoredDb}" WITH (FORCE)`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    removeJudgeCache();
  });

  it('archives every table, the test data and a manifest of checksums', async () => {
    const listed: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => listed.push(e.path) });
    expect(listed[0]).toBe('manifest.json');
    expect(listed.some((p) => p.startsWith('data/testcase/'))).toBe(true);
    expect(listed.some((p) => p.startsWith('db/') && p.endsWith('-judge.copy'))).toBe(true);
    expect(Object.keys(sourceFiles).some((f) => f.startsWith('testcase/'))).toBe(true);
  });

  it('refuses a damaged archive and changes nothing', async () => {
    const bytes = await fs.readFile(archive);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    const bad = path.join(work, 'flipped.tar.gz');
    await fs.writeFile(bad, flipped);
    await expect(restoreBackup({ archive: bad, databaseUrl: restoredUrl, dataDir: restoredDir })).rejects.toBeInstanceOf(BackupVerifyError);

    // a file changed inside a well-formed archive: its checksum no longer matches the manifest
    const unpacked = path.join(work, 'unpacked');
    await fs.mkdir(unpacked);
    await tar.x({ file: archive, cwd: unpacked });
    const testFile = (await listFiles(path.join(unpacked, 'data/testcase')))[0];
    await fs.appendFile(path.join(unpacked, 'data/testcase', testFile), '1');
    const tampered = path.join(work, 'tampered.tar.gz');
    await tar.c({ gzip: true, file: tampered, cwd: unpacked }, await fs.readdir(unpacked));
    await expect(restoreBackup({ archive: tampered, databaseUrl: restoredUrl, dataDir: restoredDir })).rejects.toThrow(
      /does not match its checksum/,
    );
    expect(Object.keys(await databaseState(restoredUrl))).toEqual([]);
    expect(await listFiles(restoredDir)).toEqual([]);
  });

  it('restores every row, sequence and file into a new database and data folder', async () => {
    const result = await restoreBackup({ archive, databaseUrl: restoredUrl, dataDir: restoredDir });
    expect(result.pendingMigrationsRun).toEqual([]);
    expect(await databaseState(restoredUrl)).toEqual(sourceDb);
    expect(await fileState(restoredDir)).toEqual(sourceFiles);
  });

  it('refuses a non-empty database unless forced', async () => {
    await expect(restoreBackup({ archive, databaseUrl: restoredUrl, dataDir: restoredDir })).rejects.toBeInstanceOf(RestoreRefusedError);
    const other = path.join(work, 'other-data');
    await expect(restoreBackup({ archive, databaseUrl: restoredUrl, dataDir: other })).rejects.toThrow(/database is not empty/);
    // forced: replaced by the archive again, still equal
    await restoreBackup({ archive, databaseUrl: restoredUrl, dataDir: restoredDir, force: true });
    expect(await databaseState(restoredUrl)).toEqual(sourceDb);
  });

  it('starts on the restored installation: the password logs in and the problem judges AC', async () => {
    const prefix = `t:${id}:r:`;
    const bull = `tbull_${id}_r`;
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: restoredDir,
      DATABASE_URL: restoredUrl,
      DB_POOL_SIZE: '4',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      BULL_PREFIX: bull,
      JUDGE_TOKEN: randomBytes(16).toString('hex'),
      FRONTENDS_DIR: path.join(restoredDir, 'frontends'),
    };
    const config: AppConfig = loadConfig(env);
    let app: INestApplication | undefined;
    let restoredWorker: RunningWorker | undefined;
    try {
      // a stale board key under the prefix is gone after the flush
      const bare = t.redis.duplicate({ keyPrefix: '' });
      await bare.set(`${prefix}contest:board:1:epoch`, '9');
      bare.disconnect();
      expect(await flushInstallationCache(TEST_REDIS_URL, prefix)).toBeGreaterThanOrEqual(1);
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
        .overrideProvider(APP_CONFIG)
        .useValue(config)
        .compile();
      app = moduleRef.createNestApplication(new EnvelopeExpressAdapter(), { bufferLogs: true });
      configureApp(app);
      await app.listen(0, '127.0.0.1');
      const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

      const login = await request(url).post('/api/login').send({ username: student.username, password: TEST_PASSWORD });
      expect(login.body).toMatchObject({ status: 200 });
      const token = login.headers.authorization as string;
      expect(token).toBeTruthy();
      const wrong = await request(url).post('/api/login').send({ username: student.username, password: 'not-the-password' });
      expect(wrong.body.status).not.toBe(200);

      // the judge's package of the problem, made from the restored test data, is the source's byte for byte
      const [problem] = await t.dataSource.query(`SELECT id, case_version FROM problem WHERE problem_id = 'BKP'`);
      const pkg = async (base: string, judgeToken: string) =>
        (
          await request(base)
            .get('/api/judge/package')
            .query({ pid: problem.id, version: problem.case_version })
            .set('X-Judge-Token', judgeToken)
            .buffer(true)
            .parse(binary)
        ).body as Buffer;
      const restoredPackage = await pkg(url, config.judge.token);
      expect(restoredPackage.length).toBeGreaterThan(100);
      expect(restoredPackage.equals(await pkg(t.url, t.config.judge.token))).toBe(true);

      // the worker needs only the installation's Redis, Bull prefix and judge token
      const restored = { url, config } as unknown as TestApp;
      restoredWorker = await startInProcessWorker(restored, `backup-restored-${process.pid}`, 1);
      const res = await request(url)
        .post('/api/submit-problem-judge')
        .set('Authorization', token)
        .send({ pid: 'BKP', language: 'C++', code: CODE.cppAc, cid: 0 });
      expect(res.body).toMatchObject({ status: 200 });
      const submitId = res.body.data.submitId as number;
      const deadline = Date.now() + 90_000;
      let status = -100;
      while (Date.now() < deadline) {
        const d = await request(url).get('/api/get-submission-detail').query({ submitId }).set('Authorization', token);
        status = d.body.data?.submission?.status ?? status;
        if (isFinalJudgeStatus(status)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(JudgeStatus.Accepted);
    } finally {
      await restoredWorker?.close().catch(() => undefined);
      await app?.close().catch(() => undefined);
      await deleteKeys([prefix, `${bull}:`]).catch(() => undefined);
    }
  });
});

describe('admin backup routes and the daily schedule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const as = (token: string, method: 'get' | 'put' | 'post' | 'delete', route: string) =>
    request(t.url)[method](`/api/admin/backup/${route}`).set('Authorization', token);
  const auditCount = async (action: string) =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = $1`, [action]))[0].n);

  it('is for root only', async () => {
    for (const who of ['admin', 'problemAdmin', 'user'] as const) {
      expect((await as(t.users[who].token, 'get', 'settings')).status).toBe(403);
      expect((await as(t.users[who].token, 'post', 'run')).status).toBe(403);
      expect((await as(t.users[who].token, 'get', 'list')).status).toBe(403);
    }
  });

  it('keeps valid settings, refuses others with their text, and records the change', async () => {
    expect((await as(t.users.root.token, 'get', 'settings')).body.data).toEqual({ enabled: false, hour: 3, retention: 7 });
    const bad = await as(t.users.root.token, 'put', 'settings').send({ enabled: true, hour: 24, retention: 3 });
    expect(bad.body).toMatchObject({ status: 400, msg: BACKUP_TEXT.badHour });
    const bad2 = await as(t.users.root.token, 'put', 'settings').send({ enabled: true, hour: 2, retention: 0 });
    expect(bad2.body).toMatchObject({ status: 400, msg: BACKUP_TEXT.badRetention });
    expect(await auditCount('backup.settings.update')).toBe(0);
    const ok = await as(t.users.root.token, 'put', 'settings').send({ enabled: true, hour: 2, retention: 2 });
    expect(ok.body).toMatchObject({ status: 200, data: { enabled: true, hour: 2, retention: 2 } });
    expect((await as(t.users.root.token, 'get', 'settings')).body.data).toEqual({ enabled: true, hour: 2, retention: 2 });
    expect(await auditCount('backup.settings.update')).toBe(1);
    const [row] = await t.dataSource.query(`SELECT before, after FROM audit_log WHERE action = 'backup.settings.update'`);
    expect(row).toEqual({ before: { enabled: false, hour: 3, retention: 7 }, after: { enabled: true, hour: 2, retention: 2 } });
  });

  it('backs up now, lists, streams the archive and deletes it', async () => {
    // another replica's backup holds the lock: refused
    await t.redis.set('backup:lock', 'other', 'PX', 10_000);
    expect((await as(t.users.root.token, 'post', 'run')).body).toMatchObject({ status: 400, msg: BACKUP_TEXT.running });
    await t.redis.del('backup:lock');

    const started = await as(t.users.root.token, 'post', 'run');
    expect(started.body.data).toMatchObject({ state: 'running', trigger: 'manual' });
    let status = started.body.data;
    for (let i = 0; i < 200 && status.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await as(t.users.root.token, 'get', 'status')).body.data;
    }
    expect(status).toMatchObject({ state: 'done', progress: 100 });
    const list = (await as(t.users.root.token, 'get', 'list')).body.data;
    expect(list).toEqual([expect.objectContaining({ name: status.name, size: status.size })]);

    const file = path.join(t.config.paths.dataDir, 'backups', status.name);
    const download = await as(t.users.root.token, 'get', 'download').query({ name: status.name }).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain(status.name);
    expect((download.body as Buffer).equals(await fs.readFile(file))).toBe(true);
    expect(await auditCount('backup.run')).toBe(1);
    expect(await auditCount('backup.download')).toBe(1);

    for (const name of ['../jwt-secret', 'oj-backup-x.tar.gz']) {
      expect((await as(t.users.root.token, 'get', 'download').query({ name })).body.msg).toBe(BACKUP_TEXT.notFound);
    }
    expect((await as(t.users.root.token, 'delete', 'archive').query({ name: status.name })).body).toMatchObject({ status: 200 });
    expect((await as(t.users.root.token, 'get', 'list')).body.data).toEqual([]);
    expect((await as(t.users.root.token, 'delete', 'archive').query({ name: status.name })).body).toMatchObject({
      status: 404,
      msg: BACKUP_TEXT.notFound,
    });
    expect(await auditCount('backup.delete')).toBe(1);
  });

  it('runs the daily backup once a day at its hour, on one replica, and keeps the newest archives', async () => {
    const service = t.get<BackupService>(BackupService);
    const at = (day: number, hour: number) => new Date(2030, 0, day, hour, 0, 5);
    expect(await service.runScheduledIfDue(at(1, 5))).toBe(false); // not its hour
    expect(await service.runScheduledIfDue(at(1, 2))).toBe(true);
    expect(await service.runScheduledIfDue(at(1, 2))).toBe(false); // that day's run was taken
    const first = (await service.list()).map((a) => a.name);
    expect(first).toHaveLength(1);
    expect(await service.runScheduledIfDue(at(2, 2))).toBe(true);
    expect(await service.runScheduledIfDue(at(3, 2))).toBe(true);
    const kept = (await service.list()).map((a) => a.name);
    expect(kept).toHaveLength(2); // retention 2
    expect(kept).not.toContain(first[0]);
    await t.redis.del(...['2030-1-1', '2030-1-2', '2030-1-3'].map((d) => `backup:scheduled:${d}`));
  });
});
