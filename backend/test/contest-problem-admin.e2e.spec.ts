/**
 * Problems created and edited from inside a contest (/api/admin/contest/problem, HOJ's names): the bank
 * editor's rules, contest visibility, the contest-admin permission matrix and HOJ's two delete cases.
 */
import { CONTEST_ERR, ERR, JUDGING_ERR, ProblemAuth, Role } from '@oj/contracts';
import request from 'supertest';
import { addProblem, createContest, createProblem, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(120_000);

const URL = '/api/admin/contest/problem';

function body(cid: number, problemId: string, extra: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) {
  return {
    cid,
    displayId: 'A',
    color: '#00aa00',
    problem: {
      problemId,
      title: `Title ${problemId}`,
      description: 'statement',
      timeLimit: 1000,
      memoryLimit: 128,
      stackLimit: 64,
      auth: ProblemAuth.Public,
      type: 0,
      ...problem,
    },
    samples: [
      { input: '1 2\n', output: '3\n' },
      { input: '5 5\n', output: '10\n' },
    ],
    isUploadTestCase: false,
    languages: ['C++'],
    tags: [{ name: 'contest-only' }],
    codeTemplates: [],
    ...extra,
  };
}

describe('contest-only problems (admin)', () => {
  let t: TestApp;
  let author: TestUser;
  let otherAdmin: TestUser;
  let cid: number;
  const now = Date.now();
  const running = { startTime: new Date(now - 10 * MIN), endTime: new Date(now + 120 * MIN) };
  const count = async (sql: string, params: unknown[] = []) => Number((await t.dataSource.query(sql, params))[0].n);
  const problemCount = () => count('SELECT count(*) AS n FROM problem');
  const linkCount = () => count('SELECT count(*) AS n FROM contest_problem WHERE cid = $1', [cid]);
  const send = (method: 'get' | 'post' | 'put' | 'delete', user: TestUser | null, payload?: Record<string, unknown>) => {
    const req = request(t.url)[method](URL);
    if (user) req.set('Authorization', user.token);
    return method === 'get' || method === 'delete' ? req.query(payload ?? {}) : req.send(payload ?? {});
  };
  const refused = (res: request.Response, status: number, msg: string) => expect([res.status, res.body.msg]).toEqual([status, msg]);

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    otherAdmin = await t.createUser('cp_other_admin', Role.Admin);
    cid = await createContest(t, author, running);
  });
  afterAll(() => t?.close());

  describe('create', () => {
    let pid: number;

    it('creates the problem with contest visibility and links it under its display id and colour', async () => {
      const res = await send('post', author, body(cid, 'CP-1', { displayTitle: 'Shown title' })).expect(200);
      pid = res.body.data.id;
      expect(res.body.data).toMatchObject({
        problemId: 'CP-1',
        title: 'Title CP-1',
        auth: ProblemAuth.Contest,
        author: author.username,
        languages: ['C++'],
        contestProblem: { cid, pid, displayId: 'A', displayTitle: 'Shown title', color: '#00aa00' },
      });
      expect(res.body.data.problemCases.map((c: { caseId: number }) => c.caseId)).toEqual([1, 2]);
      expect(res.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['contest-only']);
      const [row] = await t.dataSource.query('SELECT auth FROM problem WHERE id = $1', [pid]);
      expect(row.auth).toBe(ProblemAuth.Contest);
    });

    it('keeps it out of the public problem bank but shows it inside the contest', async () => {
      const list = await request(t.url).get('/api/get-problem-list').query({ limit: 100 }).expect(200);
      expect(list.body.data.records.map((r: { problemId: string }) => r.problemId)).not.toContain('CP-1');
      refused(
        await request(t.url).get('/api/get-problem-detail').query({ problemId: 'CP-1' }).set('Authorization', t.users.user.token),
        404,
        ERR.notFound,
      );
      const problems = await request(t.url).get('/api/get-contest-problem').query({ cid }).set('Authorization', t.users.user.token);
      expect(problems.status).toBe(200);
      expect(problems.body.data.map((p: { displayId: string }) => p.displayId)).toEqual(['A']);
      const details = await request(t.url)
        .get('/api/get-contest-problem-details')
        .query({ cid, displayId: 'A' })
        .set('Authorization', t.users.user.token)
        .expect(200);
      expect(details.body.data.problem).toMatchObject({ problemId: 'A', title: 'Shown title', description: 'statement' });
    });

    it('defaults the display title to the problem title', async () => {
      const res = await send('post', author, body(cid, 'CP-2', { displayId: 'B', color: undefined })).expect(200);
      expect(res.body.data.contestProblem).toMatchObject({ displayId: 'B', displayTitle: 'Title CP-2', color: null });
    });

    it('refuses the §5 rules with their texts and stores nothing', async () => {
      const problems = await problemCount();
      const links = await linkCount();
      refused(await send('post', author, { ...body(cid, 'CP-X'), displayId: undefined }), 400, CONTEST_ERR.displayIdRequired);
      refused(await send('post', author, body(cid, 'CP-X', { displayId: '' })), 400, CONTEST_ERR.displayIdRequired);
      refused(await send('post', author, body(cid, 'CP-X', { displayId: '   ' })), 400, CONTEST_ERR.displayIdRequired);
      refused(await send('post', author, body(cid, 'CP-X', { displayId: 'A' })), 400, CONTEST_ERR.displayIdExists);
      refused(await send('post', author, body(cid, 'CP-1', { displayId: 'C' })), 400, JUDGING_ERR.problemIdExists);
      refused(await send('post', author, body(cid, 'CP-X', { displayId: 'C' }, { problemId: '' })), 400, JUDGING_ERR.problemIdRequired);
      refused(await send('post', author, body(cid, 'CP-X', { displayId: 'C' }, { title: '' })), 400, JUDGING_ERR.titleRequired);
      refused(
        await send('post', author, body(cid, 'CP-X', { displayId: 'C', tags: [{ name: 'dp' }, { name: 'DP' }] })),
        400,
        JUDGING_ERR.duplicateTags,
      );
      refused(await send('post', author, body(cid, 'CP-X', { displayId: 'C' }, { isFileIO: true })), 400, JUDGING_ERR.fileIONameRequired);
      refused(await send('post', author, body(cid, 'CP-X', { displayId: 'C', samples: [] })), 400, JUDGING_ERR.testcaseRequired);
      refused(
        await send('post', author, body(cid, 'CP-X', { displayId: 'C', samples: [{ input: '1', output: '1', score: -1 }] })),
        400,
        JUDGING_ERR.scoreInvalid,
      );
      expect(await problemCount()).toBe(problems);
      expect(await linkCount()).toBe(links);
    });

    it('reads the problem with its cases, by contest or by the caller’s contests', async () => {
      const byContest = await send('get', author, { pid, cid }).expect(200);
      expect(byContest.body.data).toMatchObject({ id: pid, problemId: 'CP-1', contestProblem: { cid, displayId: 'A' } });
      expect(byContest.body.data.problemCases).toHaveLength(2);
      const anyContest = await send('get', t.users.root, { pid }).expect(200);
      expect(anyContest.body.data.contestProblem.cid).toBe(cid);
      const elsewhere = await createContest(t, author, running);
      refused(await send('get', author, { pid, cid: elsewhere }), 404, CONTEST_ERR.problemNotInContest);
      refused(await send('get', author, { pid: 987654 }), 404, ERR.notFound);
    });
  });

  describe('edit', () => {
    it('applies the bank editor rules, keeps the cases and the contest visibility, moves the display id', async () => {
      const created = await send('post', author, body(cid, 'CP-E', { displayId: 'E' })).expect(200);
      const pid = created.body.data.id;
      const edit = (extra: Record<string, unknown>, problem: Record<string, unknown> = {}) => {
        const b = body(cid, 'CP-E', extra, { id: pid, title: 'Edited', timeLimit: 2500, auth: ProblemAuth.Public, ...problem });
        delete (b as { samples?: unknown }).samples;
        return b;
      };
      const res = await send('put', author, edit({ displayId: 'F', color: '#123456' })).expect(200);
      expect(res.body.data).toMatchObject({
        title: 'Edited',
        timeLimit: 2500,
        auth: ProblemAuth.Contest,
        modifiedUser: author.username,
        contestProblem: { displayId: 'F', color: '#123456' },
      });
      expect(res.body.data.problemCases).toHaveLength(2);
      refused(await send('put', author, edit({ displayId: 'A' })), 400, CONTEST_ERR.displayIdExists);
      refused(await send('put', author, edit({ displayId: 'F' }, { isFileIO: true })), 400, JUDGING_ERR.fileIONameRequired);
      refused(await send('put', author, edit({ displayId: 'F' }, { problemId: 'CP-1' })), 400, JUDGING_ERR.problemIdExists);
      // Without cid the link is found through the caller's contests.
      const noCid = edit({ displayId: undefined, color: undefined, cid: undefined }, { title: 'Again' });
      const again = await send('put', author, noCid).expect(200);
      expect(again.body.data).toMatchObject({ title: 'Again', contestProblem: { displayId: 'F', color: '#123456' } });
    });

    it('edits a bank problem of the contest without making it contest-only', async () => {
      const bank = await createProblem(t, 'Bank');
      await addProblem(t, author, cid, bank.id, 'K');
      const b = body(cid, bank.problemId, { displayId: undefined }, { id: bank.id, title: 'Bank edited' });
      const res = await send('put', author, b).expect(200);
      expect(res.body.data).toMatchObject({ title: 'Bank edited', auth: ProblemAuth.Public, contestProblem: { displayId: 'K' } });
    });
  });

  describe('permissions (product §6: the contest author and root)', () => {
    let pid: number;
    beforeAll(async () => {
      pid = (await send('post', author, body(cid, 'CP-P', { displayId: 'P' })).expect(200)).body.data.id;
    });
    const calls = (): [string, 'get' | 'post' | 'put' | 'delete', () => Record<string, unknown>][] => [
      ['GET', 'get', () => ({ pid, cid })],
      ['POST', 'post', () => body(cid, 'CP-Q', { displayId: 'Q' })],
      ['PUT', 'put', () => body(cid, 'CP-P', { displayId: 'P' }, { id: pid })],
      ['DELETE with cid', 'delete', () => ({ pid, cid })],
      ['DELETE', 'delete', () => ({ pid })],
    ];

    it.each([0, 1, 2, 3, 4])('call %#: 401 anonymous, 403 user, other admin and problem admin', async (i) => {
      const [, method, payload] = calls()[i];
      refused(await send(method, null, payload()), 401, ERR.loginFirst);
      refused(await send(method, t.users.user, payload()), 403, ERR.noPermission);
      refused(await send(method, otherAdmin, payload()), 403, ERR.noPermission);
      refused(await send(method, t.users.problemAdmin, payload()), 403, ERR.noPermission);
      expect(await count('SELECT count(*) AS n FROM problem WHERE id = $1', [pid])).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM problem WHERE problem_id = 'CP-Q'`)).toBe(0);
    });

    it('lets the author and root read and edit; another admin only once it is their contest', async () => {
      await send('get', author, { pid, cid }).expect(200);
      await send('get', t.users.root, { pid, cid }).expect(200);
      const rootEdit = await send('put', t.users.root, body(cid, 'CP-P', { displayId: 'P' }, { id: pid, title: 'By root' })).expect(200);
      expect(rootEdit.body.data.title).toBe('By root');
      const rootCreate = await send('post', t.users.root, body(cid, 'CP-R', { displayId: 'R' })).expect(200);
      expect(rootCreate.body.data.contestProblem.cid).toBe(cid);
      const own = await createContest(t, otherAdmin, running);
      await send('post', otherAdmin, body(own, 'CP-O', { displayId: 'A' })).expect(200);
    });
  });

  describe('delete (HOJ: with cid the problem leaves the contest, without it a contest-only problem is deleted)', () => {
    it('removes the problem from the contest and keeps it', async () => {
      const pid = (await send('post', author, body(cid, 'CP-D1', { displayId: 'D1' })).expect(200)).body.data.id;
      await send('delete', author, { pid, cid }).expect(200);
      expect(await count('SELECT count(*) AS n FROM contest_problem WHERE pid = $1', [pid])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM problem WHERE id = $1', [pid])).toBe(1);
      refused(await send('delete', author, { pid, cid }), 404, CONTEST_ERR.problemNotInContest);
    });

    it('deletes a contest-only problem with its links and cases', async () => {
      const pid = (await send('post', author, body(cid, 'CP-D2', { displayId: 'D2' })).expect(200)).body.data.id;
      const second = await createContest(t, author, running);
      await addProblem(t, author, second, pid, 'A');
      await send('delete', author, { pid }).expect(200);
      expect(await count('SELECT count(*) AS n FROM problem WHERE id = $1', [pid])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM contest_problem WHERE pid = $1', [pid])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM problem_case WHERE pid = $1', [pid])).toBe(0);
    });

    it('refuses to delete a bank problem or one also in a contest of another admin', async () => {
      const bank = await createProblem(t, 'Bank kept');
      await addProblem(t, author, cid, bank.id, 'D3');
      refused(await send('delete', author, { pid: bank.id }), 403, ERR.noPermission);
      expect(await count('SELECT count(*) AS n FROM problem WHERE id = $1', [bank.id])).toBe(1);

      const pid = (await send('post', author, body(cid, 'CP-D4', { displayId: 'D4' })).expect(200)).body.data.id;
      const theirs = await createContest(t, otherAdmin, running);
      await addProblem(t, otherAdmin, theirs, pid, 'A');
      refused(await send('delete', author, { pid }), 403, ERR.noPermission);
      await send('delete', t.users.root, { pid }).expect(200);
      expect(await count('SELECT count(*) AS n FROM problem WHERE id = $1', [pid])).toBe(0);
    });
  });
});
