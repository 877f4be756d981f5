import { ERR, JUDGING_ERR, SITE_TEXT, withReason } from '@oj/contracts';
import request from 'supertest';
import { databaseInputError } from '../src/core/http/api-exception.filter';
import { aPlusBCases, hojZip, importHoj } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

/** Inputs that used to answer 500 (product §8: bad input gets a clear error and changes nothing). */
describe('input safety on every route', () => {
  let t: TestApp;
  const bad = (res: request.Response) =>
    expect([res.status, res.body.msg]).toEqual([400, expect.stringMatching(/^Invalid request parameters\.(: .+)?$/)]);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('bounds integers to their column types, whatever the route', async () => {
    bad(await request(t.url).get('/api/get-submission-detail').query({ submitId: '99999999999' }));
    // Page numbers are clamped in pageRequest, for every list (issue 31): a page far past the end is an empty page.
    const far = await request(t.url).get('/api/get-problem-list').query({ currentPage: '1e30', limit: 10 });
    expect([far.status, far.body.data?.records]).toEqual([200, []]);
    bad(await request(t.url).get('/api/get-contest-info').query({ cid: '-99999999999' }));
    // A known numeric body field past its column (unknown fields are dropped before, as HOJ's binding does).
    bad(await request(t.url).post('/api/get-contest-outside-scoreboard').send({ cid: 99999999999 }));
    // In range still works.
    const ok = await request(t.url).get('/api/get-submission-detail').query({ submitId: '2147483647' });
    expect(ok.status).toBeLessThan(500);
  });

  it('answers deep JSON with 400, not a RangeError', async () => {
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    const res = await request(t.url).post('/api/login').set('Content-Type', 'application/json').send(`{"username":${deep}}`);
    bad(res);
    const deepQuery = await request(t.url).get('/api/get-problem-list?' + 'a' + '[b]'.repeat(40) + '=1');
    expect(deepQuery.status).toBeLessThan(500);
  });

  it('refuses NUL characters and prototype keys with 400, saying which field holds the NUL byte', async () => {
    const nul = (res: request.Response, where: string) =>
      expect([res.status, res.body.msg]).toEqual([400, withReason(ERR.badRequest, `a NUL byte (\\0) in ${where}, which text cannot hold`)]);
    nul(await request(t.url).get('/api/get-problem-detail?problemId=a%00b'), 'problemId');
    bad(await request(t.url).get('/api/get-problem-detail/a%00b'));
    nul(await request(t.url).post('/api/login').send({ username: 'ro\u0000ot', password: 'secret123' }), 'username');
    bad(await request(t.url).post('/api/login').set('Content-Type', 'application/json').send('{"__proto__":{"isRoot":true}}'));
    nul(await request(t.url).post('/api/login').type('form').send('username=a%00b&password=secret123'), 'username');
    // A source with a NUL byte (DOMjudge's test-binary-content.c) is refused before it is stored or compiled.
    const source = '#include <stdio.h>\nint main(){ puts("a\u0000b"); }\n';
    const submit = await request(t.url)
      .post('/api/submit-problem-judge')
      .set('Authorization', t.users.user.token)
      .send({ pid: 1, language: 'C', code: source, isRemote: false });
    nul(submit, 'code');
    const nested = await request(t.url)
      .post('/api/admin/problem')
      .set('Authorization', t.users.admin.token)
      .send({ problem: { title: 'x' }, samples: [{ input: '1', output: 'a\u0000' }] });
    nul(nested, 'samples[0].output');
  });

  it('answers concurrent creates of one problem ID with the §8 text, never 500', async () => {
    const body = {
      problem: { problemId: 'RACE1', title: 'Race', description: 'd', timeLimit: 1000, memoryLimit: 128, stackLimit: 64, auth: 1, type: 0 },
      samples: [{ input: '1 2\n', output: '3\n' }],
      isUploadTestCase: false,
      languages: ['C++'],
      tags: [],
      codeTemplates: [],
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request(t.url).post('/api/admin/problem').set('Authorization', t.users.admin.token).send(body)),
    );
    const statuses = answers.map((r) => [r.status, r.status === 200 ? 'ok' : r.body.msg]);
    expect(statuses.filter(([s]) => s === 200)).toHaveLength(1);
    expect(statuses.filter(([s]) => s !== 200)).toEqual(Array(5).fill([400, JUDGING_ERR.problemIdExists]));
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM problem WHERE problem_id = 'RACE1'`);
    expect(rows[0].n).toBe(1);
  });

  it('answers a unique violation of a username or e-mail with its §8 text', async () => {
    const insert = (username: string, email: string) =>
      t.dataSource.query(`INSERT INTO user_info (uid, username, password, email) VALUES (md5(random()::text), $1, 'x', $2)`, [
        username,
        email,
      ]);
    const error = async (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => databaseInputError(e)?.message,
      );
    expect(await error(insert(t.users.user.username, 'fresh@example.com'))).toBe(ERR.usernameExists);
    expect(await error(insert('fresh_name', `${t.users.user.username}@example.com`))).toBe(ERR.emailExists);
  });

  it('checks lengths on imports: a HOJ zip with a 300-character title is a failed upload that stores nothing', async () => {
    const zip = await hojZip([{ problemId: 'LONG1', title: 'T'.repeat(300), cases: aPlusBCases(1) }]);
    const res = await importHoj(t, t.users.admin.token, zip);
    expect([res.status, res.body.msg]).toEqual([400, withReason(ERR.uploadProblemFailed, 'title too long')]);
    const long = await importHoj(
      t,
      t.users.admin.token,
      await hojZip([{ problemId: 'L'.repeat(101), title: 'ok', cases: aPlusBCases(1) }]),
    );
    expect([long.status, long.body.msg]).toEqual([400, withReason(ERR.uploadProblemFailed, 'problemId too long')]);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM problem WHERE problem_id IN ('LONG1', $1)`, ['L'.repeat(101)]);
    expect(rows[0].n).toBe(0);
  });

  it('answers "SMTP not configured" as a clear 400, on the public register-code call too', async () => {
    const res = await request(t.url).get('/api/get-register-code').query({ email: 'nobody@example.com' });
    expect([res.status, res.body.msg]).toEqual([400, SITE_TEXT.smtpNotConfigured]);
  });
});
