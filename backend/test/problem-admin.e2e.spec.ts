import { ERR, JUDGING_ERR, ProblemAuth, TESTCASE_ZIP_REASONS, TestcaseZipRefusal } from '@oj/contracts';
import { existsSync, readdirSync } from 'fs';
import * as path from 'path';
import request from 'supertest';
import { readZip, writeZip } from '../src/core/archive/safe-zip';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { aPlusBCases, dataDirOf, hojZip, importHoj, pidOf } from './fixtures/pipeline-helpers';
import { manyEntryBomb, zipWithRawName } from './fixtures/zip-fixtures';
import { createTestApp, TestApp, TestRoleName } from './utils/test-app';

jest.setTimeout(120_000);

function problemBody(problemId: string, extra: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) {
  return {
    problem: {
      problemId,
      title: `Title ${problemId}`,
      description: 'd',
      timeLimit: 1000,
      memoryLimit: 128,
      stackLimit: 64,
      auth: 1,
      type: 0,
      ...problem,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 5\n', output: '10\n' },
    ],
    isUploadTestCase: false,
    languages: ['C++', 'Python3'],
    tags: [{ name: 'math' }, { name: 'easy', color: '#00ff00' }],
    codeTemplates: [{ language: 'C++', code: '// template' }],
    ...extra,
  };
}

describe('problem bank administration', () => {
  let t: TestApp;
  const as = (role: TestRoleName) => t.users[role].token;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists only the remote judges that hold public problems (get-remote-oj-list)', async () => {
    const list = async () => (await request(t.url).get('/api/get-remote-oj-list').expect(200)).body.data as string[];
    expect(await list()).toEqual([]);
    const repo = t.dataSource.getRepository(Problem);
    const saved = await repo.save([
      { problemId: 'CF-1A', title: 'Theatre Square', author: 'root', isRemote: true, remoteOj: 'CF', auth: ProblemAuth.Public },
      { problemId: 'HDU-1000', title: 'A+B', author: 'root', isRemote: true, remoteOj: 'HDU', auth: ProblemAuth.Private },
    ]);
    // HDU's only problem is private: not offered
    expect(await list()).toEqual(['CF']);
    await repo.delete(saved.map((p) => p.id));
  });

  describe('permissions of every admin route', () => {
    const routes: [string, string][] = [
      ['get', '/api/admin/problem/get-problem-list'],
      ['get', '/api/admin/problem?pid=1'],
      ['post', '/api/admin/problem'],
      ['put', '/api/admin/problem'],
      ['delete', '/api/admin/problem?pid=1'],
      ['get', '/api/admin/problem/get-problem-cases?pid=1'],
      ['post', '/api/admin/problem/compile-spj'],
      ['post', '/api/admin/problem/compile-interactive'],
      ['put', '/api/admin/problem/change-problem-auth'],
      ['post', '/api/admin/tag'],
      ['put', '/api/admin/tag'],
      ['delete', '/api/admin/tag?tid=1'],
      ['post', '/api/file/import-problem'],
      ['post', '/api/file/import-fps-problem'],
      ['post', '/api/file/import-qdoj-problem'],
      ['post', '/api/file/import-hydro-problem'],
      ['post', '/api/file/import-kattis-problem'],
      ['post', '/api/file/import-polygon-problem'],
      ['get', '/api/file/export-problem?pid=1'],
      ['post', '/api/file/upload-testcase-zip'],
      ['get', '/api/file/download-testcase?pid=1'],
      ['get', '/api/admin/judge/rejudge?submitId=1'],
    ];
    it.each(routes)('%s %s: 401 anonymous, 403 user, muted and no-submit', async (method, url) => {
      const anon = await (request(t.url) as unknown as Record<string, (u: string) => request.Test>)[method](url);
      expect([anon.status, anon.body.msg]).toEqual([401, ERR.loginFirst]);
      for (const role of ['user', 'muted', 'noSubmit'] as const) {
        const res = await (request(t.url) as unknown as Record<string, (u: string) => request.Test>)
          [method](url)
          .set('Authorization', as(role));
        expect([role, res.status, res.body.msg]).toEqual([role, 403, ERR.noPermission]);
      }
    });
    it.each(['problemAdmin', 'admin', 'root'] as const)('%s may list problems in the admin area', async (role) => {
      const res = await request(t.url).get('/api/admin/problem/get-problem-list').set('Authorization', as(role));
      expect(res.body).toMatchObject({ status: 200, data: { current: 1 } });
    });
  });

  describe('create, edit, visibility, delete', () => {
    let pid: number;

    it('creates a problem with manual cases, tags, languages and templates', async () => {
      const res = await request(t.url).post('/api/admin/problem').set('Authorization', as('problemAdmin')).send(problemBody('P100'));
      expect(res.body.status).toBe(200);
      pid = res.body.data.id;
      expect(res.body.data).toMatchObject({
        problemId: 'P100',
        title: 'Title P100',
        languages: ['C++', 'Python3'],
        codeTemplates: [{ language: 'C++', code: '// template' }],
      });
      expect(res.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['easy', 'math']);
      expect(res.body.data.caseVersion).toMatch(/^[a-f0-9]{64}$/);
      const cases = await request(t.url)
        .get('/api/admin/problem/get-problem-cases')
        .query({ pid })
        .set('Authorization', as('admin'))
        .expect(200);
      expect(cases.body.data.map((c: { caseId: number; score: number }) => c.caseId)).toEqual([1, 2]);
    });

    it('refuses a second problem with the same ID and stores nothing', async () => {
      const before = await count('problem');
      const res = await request(t.url).post('/api/admin/problem').set('Authorization', as('admin')).send(problemBody('P100'));
      expect([res.status, res.body.msg]).toEqual([400, JUDGING_ERR.problemIdExists]);
      expect(await count('problem')).toBe(before);
    });

    it('refuses duplicated tags, file IO without names, negative scores and no cases', async () => {
      const before = await count('problem');
      const dup = await request(t.url)
        .post('/api/admin/problem')
        .set('Authorization', as('admin'))
        .send(problemBody('P101', { tags: [{ name: 'dp' }, { name: 'DP' }] }));
      expect([dup.status, dup.body.msg]).toEqual([400, JUDGING_ERR.duplicateTags]);
      const io = await request(t.url)
        .post('/api/admin/problem')
        .set('Authorization', as('admin'))
        .send(problemBody('P101', {}, { isFileIO: true }));
      expect([io.status, io.body.msg]).toEqual([400, JUDGING_ERR.fileIONameRequired]);
      const score = await request(t.url)
        .post('/api/admin/problem')
        .set('Authorization', as('admin'))
        .send(problemBody('P101', { samples: [{ input: '1', output: '1', score: -5 }] }));
      expect([score.status, score.body.msg]).toEqual([400, JUDGING_ERR.scoreInvalid]);
      const none = await request(t.url)
        .post('/api/admin/problem')
        .set('Authorization', as('admin'))
        .send(problemBody('P101', { samples: [] }));
      expect([none.status, none.body.msg]).toEqual([400, JUDGING_ERR.testcaseRequired]);
      expect(await count('problem')).toBe(before);
    });

    it('edits a problem: new limits give a new package version, cases are kept', async () => {
      const before = (await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', as('admin'))).body.data;
      const body = problemBody('P100', { samples: undefined, tags: [{ name: 'math' }] }, { id: pid, timeLimit: 3000, title: 'Renamed' });
      delete (body as { samples?: unknown }).samples;
      const res = await request(t.url).put('/api/admin/problem').set('Authorization', as('admin')).send(body);
      expect(res.body.data).toMatchObject({ title: 'Renamed', timeLimit: 3000 });
      expect(res.body.data.caseVersion).not.toBe(before.caseVersion);
      expect(res.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['math']);
      const cases = await request(t.url).get('/api/admin/problem/get-problem-cases').query({ pid }).set('Authorization', as('admin'));
      expect(cases.body.data).toHaveLength(2);
    });

    it('hides a private problem from users and shows it again when public', async () => {
      await request(t.url)
        .put('/api/admin/problem/change-problem-auth')
        .set('Authorization', as('admin'))
        .send({ id: pid, auth: ProblemAuth.Private })
        .expect(200);
      const hidden = await request(t.url).get('/api/get-problem-detail').query({ problemId: 'P100' }).set('Authorization', as('user'));
      expect([hidden.status, hidden.body.msg]).toEqual([404, ERR.notFound]);
      const list = await request(t.url).get('/api/get-problem-list');
      expect(list.body.data.records.map((r: { problemId: string }) => r.problemId)).not.toContain('P100');
      const admin = await request(t.url).get('/api/get-problem-detail').query({ problemId: 'P100' }).set('Authorization', as('admin'));
      expect(admin.body.data.problem.problemId).toBe('P100');
      await request(t.url)
        .put('/api/admin/problem/change-problem-auth')
        .set('Authorization', as('admin'))
        .send({ id: pid, auth: ProblemAuth.Public })
        .expect(200);
      const shown = await request(t.url).get('/api/get-problem-detail').query({ problemId: 'P100' });
      expect(shown.body.data).toMatchObject({
        problem: { problemId: 'P100', title: 'Renamed', timeLimit: 3000, examples: '' },
        languages: ['C++', 'Python3'],
        codeTemplate: { 'C++': '// template' },
        problemCount: { total: 0, ac: 0 },
        myStatus: null,
      });
      expect(shown.body.data.problem.spjCode).toBeUndefined();
    });

    it('serves the public calls: tags, list filters, random, templates, languages', async () => {
      const tags = await request(t.url).get('/api/get-all-problem-tags').expect(200);
      const math = tags.body.data.find((x: { name: string }) => x.name === 'math');
      const byTag = await request(t.url).get('/api/get-problem-list').query({ tagId: math.id });
      expect(byTag.body.data.records.map((r: { problemId: string }) => r.problemId)).toEqual(['P100']);
      const byKeyword = await request(t.url).get('/api/get-problem-list').query({ keyword: 'renam' });
      expect(byKeyword.body.data.total).toBe(1);
      const none = await request(t.url).get('/api/get-problem-list').query({ keyword: 'zzz' });
      expect(none.body.data).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
      const random = await request(t.url).get('/api/get-random-problem').expect(200);
      expect(random.body.data).toEqual({ problemId: 'P100' });
      const tpl = await request(t.url).get('/api/get-problem-code-template').query({ pid }).set('Authorization', as('user'));
      expect(tpl.body.data).toEqual([{ language: 'C++', code: '// template' }]);
      const langs = await request(t.url).get('/api/get-problem-languages').query({ pid }).set('Authorization', as('user'));
      expect(langs.body.data.map((l: { name: string }) => l.name)).toEqual(['C++', 'Python3']);
    });

    it('tag CRUD refuses duplicates', async () => {
      const created = await request(t.url)
        .post('/api/admin/tag')
        .set('Authorization', as('admin'))
        .send({ name: 'graphs', color: '#123456' });
      expect(created.body.data).toMatchObject({ name: 'graphs', color: '#123456', oj: 'ME' });
      const dup = await request(t.url).post('/api/admin/tag').set('Authorization', as('admin')).send({ name: 'graphs' });
      expect([dup.status, dup.body.msg]).toEqual([400, JUDGING_ERR.tagExists]);
      const renamed = await request(t.url)
        .put('/api/admin/tag')
        .set('Authorization', as('admin'))
        .send({ id: created.body.data.id, name: 'graph' });
      expect(renamed.body.data.name).toBe('graph');
      await request(t.url).delete('/api/admin/tag').query({ tid: created.body.data.id }).set('Authorization', as('admin')).expect(200);
      const tags = await request(t.url).get('/api/get-all-problem-tags');
      expect(tags.body.data.map((x: { name: string }) => x.name)).not.toContain('graph');
    });

    it('deletes a problem with its test data', async () => {
      await request(t.url).delete('/api/admin/problem').query({ pid }).set('Authorization', as('admin')).expect(200);
      const res = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', as('admin'));
      expect(res.status).toBe(404);
      expect(existsSync(path.join(dataDirOf(t), 'testcase', String(pid)))).toBe(false);
      expect(await count('problem_case')).toBe(0);
    });
  });

  describe('test data upload and download', () => {
    it('stages a zip of N.in/N.ans pairs and saves it into a new OI problem with scores', async () => {
      const zip = await writeZip([
        ['1.in', '1 1\n'],
        ['1.ans', '2\n'],
        ['2.in', '2 2\n'],
        ['2.ans', '4\n'],
      ]);
      const up = await request(t.url)
        .post('/api/file/upload-testcase-zip')
        .set('Authorization', as('admin'))
        .attach('file', zip, 'cases.zip');
      expect(up.body.data.fileList).toEqual([
        { input: '1.in', output: '1.ans' },
        { input: '2.in', output: '2.ans' },
      ]);
      const body = problemBody(
        'OI1',
        {
          isUploadTestCase: true,
          uploadTestcaseDir: up.body.data.fileListDir,
          samples: up.body.data.fileList.map((f: object, i: number) => ({ ...f, score: i === 0 ? 30 : 70 })),
        },
        { type: 1 },
      );
      const res = await request(t.url).post('/api/admin/problem').set('Authorization', as('admin')).send(body);
      expect(res.body.data).toMatchObject({ problemId: 'OI1', type: 1, ioScore: 100 });
      const download = await request(t.url)
        .get('/api/file/download-testcase')
        .query({ pid: res.body.data.id })
        .set('Authorization', as('admin'))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      const files = await readZip(download.body as Buffer);
      expect(Object.fromEntries([...files].map(([k, v]) => [k, v.toString()]))).toEqual({
        '1.in': '1 1\n',
        '1.out': '2\n',
        '2.in': '2 2\n',
        '2.out': '4\n',
      });
    });

    it('refuses unpaired cases, traversal entries, zip bombs and non-zips with Upload Testcase Failed and the reason', async () => {
      const unpaired = await writeZip([
        ['1.in', '1'],
        ['2.in', '2'],
        ['2.out', '2'],
      ]);
      const noCases = await writeZip([['readme.md', 'cases are elsewhere']]);
      const duplicate = await writeZip([
        ['1.in', '1'],
        ['1.out', '1'],
        ['1.ans', '1'],
      ]);
      const bomb = manyEntryBomb(80, 8 * 1024 * 1024);
      const cases: [Buffer, TestcaseZipRefusal][] = [
        [unpaired, { reason: 'unpaired', file: '1.in' }],
        [noCases, { reason: 'noCases' }],
        [duplicate, { reason: 'duplicate', file: '1.ans' }],
        [await zipWithRawName('aa/1.in', '../1.in'), { reason: 'unsafe', file: '../1.in' }],
        [bomb, { reason: 'tooLarge' }],
        [Buffer.from('not a zip'), { reason: 'notZip' }],
      ];
      for (const [zip, refusal] of cases) {
        const res = await request(t.url)
          .post('/api/file/upload-testcase-zip')
          .set('Authorization', as('admin'))
          .attach('file', zip, 'cases.zip');
        expect(res.status).toBe(400);
        // The catalogue text first (product §8), then why, in the text and as data the admin screen translates.
        expect(res.body.msg).toMatch(new RegExp(`^${ERR.uploadTestcaseFailed}: `));
        expect(res.body.msg).toContain(TESTCASE_ZIP_REASONS[refusal.reason].replace(/\.$/, ''));
        expect(res.body.data).toMatchObject(refusal);
      }
      const staged = path.join(dataDirOf(t), 'testcase-upload');
      expect(existsSync(staged) ? readdirSync(staged) : []).toHaveLength(1);
    });
  });

  describe('import and export', () => {
    it('imports an HOJ zip, exports it and imports the export again under a new ID', async () => {
      const res = await importHoj(
        t,
        as('admin'),
        await hojZip([{ problemId: 'H1', cases: aPlusBCases(2), tags: ['imported'], languages: ['C++'] }]),
      );
      expect(res.body.data).toEqual([{ problemId: 'H1', id: expect.any(Number) }]);
      const pid = await pidOf(t, 'H1');
      const empty = await request(t.url).get('/api/file/export-problem').set('Authorization', as('admin'));
      expect([empty.status, empty.body.msg]).toEqual([400, JUDGING_ERR.exportSelectionEmpty]);
      const exported = await request(t.url)
        .get('/api/file/export-problem')
        .query({ pid })
        .set('Authorization', as('admin'))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      const files = await readZip(exported.body as Buffer);
      expect([...files.keys()].sort()).toEqual(['H1.json', 'H1/1.in', 'H1/1.out', 'H1/2.in', 'H1/2.out']);
      const json = JSON.parse(files.get('H1.json')!.toString());
      expect(json).toMatchObject({ problem: { problemId: 'H1' }, tags: ['imported'], languages: ['C++'] });
      json.problem.problemId = 'H1-copy';
      files.delete('H1.json');
      const again = await writeZip([
        ['H1-copy.json', JSON.stringify(json)],
        ...[...files].map(([k, v]) => [k.replace('H1/', 'H1-copy/'), v] as [string, Buffer]),
      ]);
      const re = await importHoj(t, as('admin'), again);
      expect(re.body.data[0].problemId).toBe('H1-copy');
    });

    it('imports FPS xml, QDOJ zip and Hydro zip made in the test', async () => {
      const fps = `<?xml version="1.0"?><fps><item><title>FPS sum</title><time_limit unit="s">1</time_limit><memory_limit unit="mb">64</memory_limit>
<description>d</description><sample_input>1 2</sample_input><sample_output>3</sample_output>
<test_input>4 5</test_input><test_output>9</test_output></item></fps>`;
      const f = await request(t.url)
        .post('/api/file/import-fps-problem')
        .set('Authorization', as('admin'))
        .attach('file', Buffer.from(fps), 'p.xml');
      expect(f.body.data).toHaveLength(1);
      const qdoj = await writeZip([
        [
          '1/problem.json',
          JSON.stringify({
            display_id: 'QD1',
            title: 'QDOJ sum',
            time_limit: 1000,
            memory_limit: 128,
            rule_type: 'OI',
            test_case_score: [{ input_name: '1.in', output_name: '1.out', score: 100 }],
            samples: [],
          }),
        ],
        ['1/testcase/1.in', '1 1'],
        ['1/testcase/1.out', '2'],
      ]);
      const q = await request(t.url).post('/api/file/import-qdoj-problem').set('Authorization', as('admin')).attach('file', qdoj, 'q.zip');
      expect(q.body.data).toEqual([{ problemId: 'QD1', id: expect.any(Number) }]);
      const hydro = await writeZip([
        ['P9/problem.yaml', 'title: Hydro sum\npid: HY1\ntag: [basic]\n'],
        ['P9/problem.md', 'Sum.\n```input1\n1 1\n```\n```output1\n2\n```\n'],
        ['P9/testdata/config.yaml', 'time: 1s\nmemory: 128m\n'],
        ['P9/testdata/1.in', '1 1'],
        ['P9/testdata/1.out', '2'],
      ]);
      const h = await request(t.url)
        .post('/api/file/import-hydro-problem')
        .set('Authorization', as('admin'))
        .attach('file', hydro, 'h.zip');
      expect(h.body.data).toEqual([{ problemId: 'HY1', id: expect.any(Number) }]);
      const detail = await request(t.url).get('/api/get-problem-detail').query({ problemId: 'HY1' });
      expect(detail.body.data).toMatchObject({
        problem: { title: 'Hydro sum', timeLimit: 1000, memoryLimit: 128 },
        tags: [expect.objectContaining({ name: 'basic' })],
      });
    });

    it('refuses malformed archives, traversal entries and zip bombs with Upload Problem Failed, storing nothing', async () => {
      const before = await count('problem');
      const tagsBefore = await count('tag');
      const missingCase = await writeZip([
        ['X.json', JSON.stringify({ problem: { problemId: 'X', title: 'x' }, samples: [{ input: '1.in', output: '1.out' }] })],
      ]);
      const bad: [string, Buffer][] = [
        ['/api/file/import-problem', missingCase],
        ['/api/file/import-problem', Buffer.from('garbage')],
        ['/api/file/import-problem', await zipWithRawName('aa/evil.json', '../evil.json', '{}')],
        ['/api/file/import-problem', manyEntryBomb(80, 8 * 1024 * 1024)],
        ['/api/file/import-fps-problem', Buffer.from('<fps><item><title>t</title></item></fps>')],
        ['/api/file/import-qdoj-problem', await writeZip([['1/problem.json', '{not json']])],
        ['/api/file/import-hydro-problem', await writeZip([['problem.yaml', 'title: [unclosed']])],
      ];
      for (const [url, file] of bad) {
        const res = await request(t.url).post(url).set('Authorization', as('admin')).attach('file', file, 'x.zip');
        // The catalogue text with the importer's reason appended.
        expect([url, res.status, res.body.msg]).toEqual([url, 400, expect.stringMatching(/^Upload Problem Failed: \S/)]);
      }
      // A valid archive whose second problem clashes stores neither problem.
      const clash = await importHoj(
        t,
        as('admin'),
        await hojZip([
          { problemId: 'NEW1', cases: aPlusBCases(1), tags: ['fresh'] },
          { problemId: 'H1', cases: aPlusBCases(1) },
        ]),
      );
      expect([clash.status, clash.body.msg]).toEqual([400, JUDGING_ERR.problemIdExists]);
      expect(await count('problem')).toBe(before);
      expect(await count('tag')).toBe(tagsBefore);
    });
  });
});
