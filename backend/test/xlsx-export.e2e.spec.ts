import { ADMIN_USER_TEXT, ERR, GENERATED_USERS_KEEP_SEC, JudgeStatus } from '@oj/contracts';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { MIN, addProblem, createContest, createProblem, judged } from './contest-fixtures';
import { TestApp, createTestApp } from './utils/test-app';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** supertest keeps binary answers as a Buffer with this parser. */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('.xlsx downloads (exceljs): generated users and contest ranks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes the generated accounts as a spreadsheet by the key generate-user answered, for root only', async () => {
    const { key, users: made } = (
      await request(t.url)
        .post('/api/admin/user/generate-user')
        .set('Authorization', t.users.root.token)
        .send({ prefix: 'xl', suffix: '', numberFrom: 1, numberTo: 3, passwordLength: 8 })
        .expect(200)
    ).body.data as { key: string; users: { username: string; password: string }[] };
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const res = await request(t.url)
      .get('/api/file/generate-user-excel')
      .query({ key })
      .set('Authorization', t.users.root.token)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toContain(XLSX);
    // Bare, as HOJ writes it: HOJ's client saves under whatever follows `filename=`.
    expect(res.headers['content-disposition']).toBe('attachment; filename=generated-users.xlsx');
    expect(await sheetRows(res.body as Buffer)).toEqual([['Username', 'Password'], ...made.map((u) => [u.username, u.password])]);
    const refused = await request(t.url).get('/api/file/generate-user-excel').query({ key }).set('Authorization', t.users.admin.token);
    expect([refused.status, refused.body.msg]).toEqual([403, ERR.noPermission]);
    const gone = await request(t.url)
      .get('/api/file/generate-user-excel')
      .query({ key: '0'.repeat(32) })
      .set('Authorization', t.users.root.token);
    expect([gone.status, gone.body.msg]).toEqual([404, ADMIN_USER_TEXT.generatedGone]);
    const bad = await request(t.url).get('/api/file/generate-user-excel').query({ key: '../x' }).set('Authorization', t.users.root.token);
    expect([bad.status, bad.body.msg]).toEqual([400, ADMIN_USER_TEXT.generatedGone]);
    // Kept for GENERATED_USERS_KEEP_SEC only.
    const ttl = await t.redis.ttl(`generated-users:${key}`);
    expect(ttl).toBeGreaterThan(GENERATED_USERS_KEEP_SEC - 60);
    expect(ttl).toBeLessThanOrEqual(GENERATED_USERS_KEEP_SEC);
  });

  it("writes a contest's whole board for its admins", async () => {
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - 30 * MIN), endTime: new Date(now + 60 * MIN) });
    const pa = await createProblem(t, 'Sheet A');
    const pb = await createProblem(t, 'Sheet B');
    await addProblem(t, t.users.admin, cid, pa.id, 'A');
    await addProblem(t, t.users.admin, cid, pb.id, 'B');
    const alice = await t.createUser('xl_alice');
    const bob = await t.createUser('xl_bob');
    await judged(t, alice, cid, pa, 'A', JudgeStatus.WrongAnswer, new Date(now - 20 * MIN));
    await judged(t, alice, cid, pa, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN));
    await judged(t, bob, cid, pb, 'B', JudgeStatus.WrongAnswer, new Date(now - 5 * MIN));

    const download = (token: string) =>
      request(t.url)
        .get(`/api/file/download-contest-rank?cid=${cid}&forceRefresh=true`)
        .set('Authorization', token)
        .buffer(true)
        .parse(binary);
    const res = await download(t.users.admin.token).expect(200);
    expect(res.headers['content-type']).toContain(XLSX);
    const rows = await sheetRows(res.body as Buffer);
    expect(rows[0]).toEqual(['Rank', 'Username', 'Nickname', 'Real name', 'School', 'AC', 'Total', 'Penalty (min)', 'A', 'B']);
    const aliceRow = rows.find((r) => r[1] === 'xl_alice')!;
    const bobRow = rows.find((r) => r[1] === 'xl_bob')!;
    // Alice: A solved at 20 minutes after one rejected try (penalty 20 + 20).
    expect([aliceRow[0], aliceRow[5], aliceRow[6], aliceRow[7], aliceRow[8]]).toEqual([1, 1, 2, 40, '+1 (20)']);
    expect([bobRow[0], bobRow[5], bobRow[9]]).toEqual([2, 0, '-1']);

    const refused = await request(t.url).get(`/api/file/download-contest-rank?cid=${cid}`).set('Authorization', t.users.user.token);
    expect(refused.status).toBe(403);
  });
});
