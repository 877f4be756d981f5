import { ERR, JUDGE_PRIORITY, JUDGE_TOKEN_HEADER, JUDGING_ERR, JudgeStatus, LIMITS, Role } from '@oj/contracts';
import request from 'supertest';
import { readZip } from '../src/core/archive/safe-zip';
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import { JudgeSweeperService } from '../src/modules/judge/judge-sweeper.service';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { aPlusBCases, CODE, hojZip, importHoj, pidOf, setSubmitInterval, submit } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

jest.setTimeout(120_000);

/** Submission rules of product §5/§6 without a judge worker: every refusal answers its text and stores nothing. */
describe('submissions without a worker', () => {
  let t: TestApp;
  let other: TestUser;
  let submitId: number;
  const judgeRows = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM judge`))[0].n);
  const queue = () => t.get<JudgeQueueService>(JudgeQueueService).queue;

  beforeAll(async () => {
    t = await createTestApp();
    other = await t.createUser('t_other');
    await setSubmitInterval(t, 0);
    const zip = await hojZip([
      { problemId: 'S1', cases: aPlusBCases(2), languages: ['C++', 'Python3'] },
      { problemId: 'S2', cases: aPlusBCases(1), auth: 2, languages: ['C++'] },
    ]);
    expect((await importHoj(t, t.users.admin.token, zip)).body.status).toBe(200);
  });
  afterAll(() => t?.close());

  describe('permissions of the user calls', () => {
    const loginRoutes: [string, string][] = [
      ['post', '/api/submit-problem-judge'],
      ['post', '/api/get-user-problem-status'],
      ['put', '/api/submission'],
      ['get', '/api/resubmit?submitId=1'],
      ['post', '/api/submit-problem-test-judge'],
      ['get', '/api/get-test-judge-result?testJudgeKey=x'],
    ];
    it.each(loginRoutes)('%s %s needs a login', async (method, url) => {
      const res = await (request(t.url) as unknown as Record<string, (u: string) => request.Test>)[method](url);
      expect([res.status, res.body.msg]).toEqual([401, ERR.loginFirst]);
    });
    const publicRoutes = [
      '/api/get-all-problem-tags',
      '/api/get-problem-list',
      '/api/get-random-problem',
      '/api/get-problem-detail?problemId=S1',
      '/api/languages',
      '/api/get-submission-list',
      '/api/get-rank-list',
      '/api/get-recent-seven-ac-rank',
    ];
    it.each(publicRoutes)('GET %s answers anonymous callers', async (url) => {
      const res = await request(t.url).get(url);
      expect([res.status, res.body.status]).toEqual([200, 200]);
    });
  });

  describe('refused submissions store nothing', () => {
    it('answers each rule with its text', async () => {
      const noSubmitNoDiscuss = await t.createUser('t_nsnd', Role.UserNoSubmitNoDiscussion);
      const noSubmitMuted = await t.createUser('t_nsm', Role.UserNoSubmitMuted);
      const cases: [string, string | undefined, Record<string, unknown>, number, string][] = [
        ['anonymous', undefined, { pid: 'S1', language: 'C++', code: CODE.cppAc }, 401, ERR.loginFirst],
        ['no submit 1003', t.users.noSubmit.token, { pid: 'S1', language: 'C++', code: CODE.cppAc }, 403, JUDGING_ERR.submitForbidden],
        ['no submit 1006', noSubmitNoDiscuss.token, { pid: 'S1', language: 'C++', code: CODE.cppAc }, 403, JUDGING_ERR.submitForbidden],
        ['no submit 1007', noSubmitMuted.token, { pid: 'S1', language: 'C++', code: CODE.cppAc }, 403, JUDGING_ERR.submitForbidden],
        ['empty code', t.users.user.token, { pid: 'S1', language: 'C++', code: '' }, 400, ERR.codeEmpty],
        [
          'code too long',
          t.users.user.token,
          { pid: 'S1', language: 'C++', code: 'x'.repeat(LIMITS.codeMaxChars + 1) },
          400,
          ERR.codeTooLong,
        ],
        [
          'language not allowed',
          t.users.user.token,
          { pid: 'S1', language: 'Java', code: CODE.javaAc },
          400,
          JUDGING_ERR.languageNotAllowed,
        ],
        ['private problem', t.users.user.token, { pid: 'S2', language: 'C++', code: CODE.cppAc }, 404, ERR.notFound],
        ['unknown problem', t.users.user.token, { pid: 'NOPE', language: 'C++', code: CODE.cppAc }, 404, ERR.notFound],
      ];
      for (const [name, token, body, status, msg] of cases) {
        const req = request(t.url)
          .post('/api/submit-problem-judge')
          .send({ cid: 0, ...body });
        const res = await (token ? req.set('Authorization', token) : req);
        expect([name, res.status, res.body.msg]).toEqual([name, status, msg]);
      }
      expect(await judgeRows()).toBe(0);
      expect(await queue().getJobCounts()).toMatchObject({ waiting: 0, active: 0 });
    });

    it('accepts code of exactly 65535 characters', async () => {
      const code = CODE.pyAc + '#'.repeat(LIMITS.codeMaxChars - CODE.pyAc.length);
      const res = await submit(t, other.token, 'S1', 'Python3', code);
      expect(res.body.data).toMatchObject({ status: JudgeStatus.Pending, length: LIMITS.codeMaxChars });
    });

    it('enforces the admin non-contest submission interval for users, not for admins', async () => {
      await setSubmitInterval(t, 30);
      const first = await submit(t, t.users.user.token, 'S1', 'C++', CODE.cppAc);
      expect(first.body.status).toBe(200);
      submitId = first.body.data.submitId;
      const before = await judgeRows();
      const second = await submit(t, t.users.user.token, 'S1', 'C++', CODE.cppAc);
      expect(second.status).toBe(429);
      expect(second.body.msg).toMatch(/^Sorry, your submission is too frequent, please try again in (30|29|28) seconds!$/);
      expect(await judgeRows()).toBe(before);
      expect((await submit(t, t.users.admin.token, 'S1', 'C++', CODE.cppAc)).body.status).toBe(200);
      expect((await submit(t, t.users.admin.token, 'S1', 'C++', CODE.cppAc)).body.status).toBe(200);
      await setSubmitInterval(t, 0);
    });

    it('stores the submission as Pending with a Bull job whose id is the submission id', async () => {
      const job = await queue().getJob(String(submitId));
      expect(job?.data).toMatchObject({ submissionId: submitId, language: 'C++', problemId: await pidOf(t, 'S1'), judgeVersion: 0 });
      expect(job?.data.packageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/judge\/package\?pid=\d+&version=[a-f0-9]{64}$/);
    });
  });

  describe('reading submissions', () => {
    it('shows code and messages to the author and admins only, until shared', async () => {
      const mine = await request(t.url).get('/api/get-submission-detail').query({ submitId }).set('Authorization', t.users.user.token);
      expect(mine.body.data.submission.code).toBe(CODE.cppAc);
      const theirs = await request(t.url).get('/api/get-submission-detail').query({ submitId }).set('Authorization', other.token);
      expect(theirs.body.data.submission).toMatchObject({ submitId, code: null, status: JudgeStatus.Pending });
      const admin = await request(t.url).get('/api/get-submission-detail').query({ submitId }).set('Authorization', t.users.admin.token);
      expect(admin.body.data.submission.code).toBe(CODE.cppAc);
      const denied = await request(t.url).put('/api/submission').set('Authorization', other.token).send({ submitId, share: true });
      expect([denied.status, denied.body.msg]).toEqual([403, ERR.noPermission]);
      await request(t.url)
        .put('/api/submission')
        .set('Authorization', t.users.user.token)
        .send({ submitId, share: true, username: 'ignored' })
        .expect(200);
      const shared = await request(t.url).get('/api/get-submission-detail').query({ submitId }).set('Authorization', other.token);
      expect(shared.body.data.submission.code).toBe(CODE.cppAc);
    });

    it('lists submissions with filters, and hides the list when public judging is off (root excepted)', async () => {
      const all = await request(t.url).get('/api/get-submission-list').query({ limit: 50 });
      expect(all.body.data.total).toBe(4);
      expect(all.body.data.records[0].code).toBeUndefined();
      const mine = await request(t.url).get('/api/get-submission-list').query({ onlyMine: true }).set('Authorization', other.token);
      expect(mine.body.data.records.map((r: { username: string }) => r.username)).toEqual(['t_other']);
      const byUser = await request(t.url).get('/api/get-submission-list').query({ username: t.users.admin.username });
      expect(byUser.body.data.total).toBe(2);
      const byStatus = await request(t.url).get('/api/get-submission-list').query({ status: JudgeStatus.Accepted });
      expect(byStatus.body.data.total).toBe(0);
      const byProblem = await request(t.url).get('/api/get-submission-list').query({ problemID: 'S1' });
      expect(byProblem.body.data.total).toBe(4);
      await t.get<SiteConfigService>(SiteConfigService).set('switch', { openPublicJudge: false });
      const off = await request(t.url).get('/api/get-submission-list').set('Authorization', t.users.user.token);
      expect([off.status, off.body.msg]).toEqual([403, ERR.noAccessPublicJudge]);
      const root = await request(t.url).get('/api/get-submission-list').set('Authorization', t.users.root.token);
      expect(root.body.data.total).toBe(4);
      await t.get<SiteConfigService>(SiteConfigService).set('switch', { openPublicJudge: true });
    });

    it('answers batch status checks', async () => {
      const res = await request(t.url)
        .post('/api/check-submissions-status')
        .send({ submitIds: [submitId, 99999] });
      expect(res.body.data).toEqual({ [submitId]: { submitId, status: JudgeStatus.Pending, time: null, memory: null, score: null } });
    });
  });

  describe('resubmit and the sweeper', () => {
    it('resubmits only a Submitted Failed submission', async () => {
      const pending = await request(t.url).get('/api/resubmit').query({ submitId }).set('Authorization', t.users.user.token);
      expect([pending.status, pending.body.msg]).toEqual([400, JUDGING_ERR.resubmitOnlyFailed]);
      await (await queue().getJob(String(submitId)))!.remove();
      await t.dataSource.query(`UPDATE judge SET status = $2 WHERE submit_id = $1`, [submitId, JudgeStatus.SubmittedFailed]);
      const other403 = await request(t.url).get('/api/resubmit').query({ submitId }).set('Authorization', other.token);
      expect(other403.status).toBe(403);
      const ok = await request(t.url).get('/api/resubmit').query({ submitId }).set('Authorization', t.users.user.token);
      expect(ok.body.data.status).toBe(JudgeStatus.Pending);
      expect(await queue().getJob(String(submitId))).not.toBeNull();
    });

    it('re-enqueues a Pending submission whose job was lost', async () => {
      await (await queue().getJob(String(submitId)))!.remove();
      await t.dataSource.query(`UPDATE judge SET gmt_modified = now() - interval '1 hour' WHERE submit_id = $1`, [submitId]);
      expect(await t.get<JudgeSweeperService>(JudgeSweeperService).sweep()).toBeGreaterThanOrEqual(1);
      const job = await queue().getJob(String(submitId));
      expect(job?.data.submissionId).toBe(submitId);
      expect(job?.opts.priority).toBe(JUDGE_PRIORITY.normal);
    });

    it('re-enqueues a lost exam submission at the contest priority it was first queued with', async () => {
      await (await queue().getJob(String(submitId)))!.remove();
      await t.dataSource.query(`UPDATE judge SET eid = 7, gmt_modified = now() - interval '1 hour' WHERE submit_id = $1`, [submitId]);
      try {
        expect(await t.get<JudgeSweeperService>(JudgeSweeperService).sweep()).toBeGreaterThanOrEqual(1);
        expect((await queue().getJob(String(submitId)))?.opts.priority).toBe(JUDGE_PRIORITY.contest);
      } finally {
        await t.dataSource.query(`UPDATE judge SET eid = 0 WHERE submit_id = $1`, [submitId]);
      }
    });
  });

  describe('judge package endpoint', () => {
    it('serves the package zip only with the judge token', async () => {
      const job = await queue().getJob(String(submitId));
      const url = new URL(job!.data.packageUrl);
      const path = url.pathname + url.search;
      const anon = await request(t.url).get(path);
      expect([anon.status, anon.body.msg]).toEqual([403, ERR.noPermission]);
      const wrong = await request(t.url).get(path).set(JUDGE_TOKEN_HEADER, 'nope');
      expect(wrong.status).toBe(403);
      const ok = await request(t.url)
        .get(path)
        .set(JUDGE_TOKEN_HEADER, t.config.judge.token)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(ok.status).toBe(200);
      const files = await readZip(ok.body as Buffer);
      expect([...files.keys()].sort()).toEqual(['1.in', '1.out', '2.in', '2.out', 'problem.json']);
      const missing = await request(t.url)
        .get(path.replace(/version=[a-f0-9]+/, `version=${'0'.repeat(64)}`))
        .set(JUDGE_TOKEN_HEADER, t.config.judge.token);
      expect(missing.status).toBe(404);
    });
  });

  describe('test judge', () => {
    it('queues a run on custom input, readable only by its owner while it lasts', async () => {
      const res = await request(t.url)
        .post('/api/submit-problem-test-judge')
        .set('Authorization', t.users.user.token)
        .send({ pid: 'S1', language: 'C++', code: CODE.cppAc, userInput: '1 2\n', expectedOutput: '3\n', type: 'public' });
      const key = res.body.data as string;
      expect(key).toMatch(/^[a-f0-9]{32}$/);
      const mine = await request(t.url)
        .get('/api/get-test-judge-result')
        .query({ testJudgeKey: key })
        .set('Authorization', t.users.user.token);
      expect(mine.body.data).toEqual({ status: JudgeStatus.Pending });
      const theirs = await request(t.url).get('/api/get-test-judge-result').query({ testJudgeKey: key }).set('Authorization', other.token);
      expect([theirs.status, theirs.body.msg]).toEqual([404, JUDGING_ERR.testJudgeNotFound]);
      const denied = await request(t.url)
        .post('/api/submit-problem-test-judge')
        .set('Authorization', t.users.noSubmit.token)
        .send({ pid: 'S1', language: 'C++', code: CODE.cppAc, userInput: '' });
      expect([denied.status, denied.body.msg]).toEqual([403, JUDGING_ERR.submitForbidden]);
      expect(await judgeRows()).toBe(4);
    });
  });
});
