/**
 * The plagiarism check over HTTP (issue 35): who may start and read a check, a contest's copy found among its
 * submissions (renamed identifiers, moved blank lines) while an independent solution and another language are not
 * paired with it, the pair's programs and regions, and a confirmed pair taking the copier out of the official rank.
 * A problem's practice submissions are checked the same way.
 */
import {
  ERR,
  JudgeStatus,
  PLAGIARISM_ERR,
  PlagiarismCheckStatus,
  PlagiarismCheckView,
  PlagiarismPairDetail,
  PlagiarismPairView,
  STAR_USER_RANK,
} from '@oj/contracts';
import request from 'supertest';
import { ContestJudgeBridge } from '../src/modules/contest/submissions/contest-judge.bridge';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { disguisedCopy, randomProgram } from '../src/bench/plagiarism-corpus';
import { MIN, addProblem, boardRows, createContest, createProblem, rank } from './contest-fixtures';
import { createExam } from './exam-fixtures';
import { eventually } from './utils/eventually';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

type RankRow = { uid: string; username: string; rank: number };

const SIEVE_PY = `n = int(input())
mark = [True] * (n + 1)
for i in range(2, n + 1):
    if mark[i]:
        for j in range(i * i, n + 1, i):
            mark[j] = False
print(sum(1 for i in range(2, n + 1) if mark[i]))
`;

describe('plagiarism check', () => {
  let t: TestApp;
  let problem: Problem;
  let cid: number;
  let original: TestUser;
  let copier: TestUser;
  let independent: TestUser;
  let pythonUser: TestUser;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    original = await t.createUser('plag_original');
    copier = await t.createUser('plag_copier');
    independent = await t.createUser('plag_independent');
    pythonUser = await t.createUser('plag_python');
    cid = await createContest(t, t.users.admin, { startTime: new Date(now - 120 * MIN), endTime: new Date(now - MIN) });
    problem = await createProblem(t, 'Sum');
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
  });
  afterAll(() => t?.close());

  async function submit(user: TestUser, code: string, language: string, at: Date, where: { cid: number; eid?: number } = { cid }) {
    const row = await t.dataSource.getRepository(Submission).save({
      pid: problem.id,
      displayPid: where.cid ? 'A' : problem.problemId,
      uid: user.uid,
      username: user.username,
      submitTime: at,
      status: JudgeStatus.Accepted,
      time: 10,
      memory: 1024,
      score: 100,
      length: code.length,
      code,
      language,
      cid: where.cid,
      ...(where.eid ? { eid: where.eid } : {}),
    });
    if (where.cid) await t.get<ContestJudgeBridge>(ContestJudgeBridge).onSubmissionResult(row.submitId);
    return row.submitId;
  }

  const api = (user: TestUser) => ({
    start: (body: object) => request(t.url).post('/api/admin/plagiarism/check').set('Authorization', user.token).send(body),
    check: (id: number) => request(t.url).get('/api/admin/plagiarism/check').query({ id }).set('Authorization', user.token),
    checks: (scope: string, id: number) =>
      request(t.url).get('/api/admin/plagiarism/checks').query({ scope, id }).set('Authorization', user.token),
    pairs: (checkId: number, extra: object = {}) =>
      request(t.url)
        .get('/api/admin/plagiarism/pairs')
        .query({ checkId, ...extra })
        .set('Authorization', user.token),
    pair: (id: number) => request(t.url).get('/api/admin/plagiarism/pair').query({ id }).set('Authorization', user.token),
    review: (body: object) => request(t.url).put('/api/admin/plagiarism/pair').set('Authorization', user.token).send(body),
  });

  const finished = (user: TestUser, id: number) =>
    eventually(`check ${id} finished`, async () => {
      const c = (await api(user).check(id).expect(200)).body.data as PlagiarismCheckView;
      return c.status === PlagiarismCheckStatus.Done || c.status === PlagiarismCheckStatus.Failed ? c : undefined;
    });

  it("finds a contest's disguised copy, and only that pair", async () => {
    const program = randomProgram(4242);
    const aSubmit = await submit(original, program, 'C++ 17', new Date(now - 100 * MIN));
    // a copy under another C++ standard is still compared with it
    const bSubmit = await submit(copier, disguisedCopy(program, 5), 'C++ 11 With O2', new Date(now - 90 * MIN));
    await submit(independent, randomProgram(777), 'C++ 17', new Date(now - 80 * MIN));
    await submit(pythonUser, SIEVE_PY, 'Python3', new Date(now - 70 * MIN));

    const started = (await api(t.users.admin).start({ scope: 'contest', id: cid }).expect(200)).body.data as PlagiarismCheckView;
    expect(started).toMatchObject({ scope: 'contest', scopeId: cid, onlyAccepted: true, threshold: 60, createdBy: t.users.admin.username });
    const done = await finished(t.users.admin, started.id);
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      submissions: 4,
      comparedPairs: 3,
      pairs: 1,
      confirmedPairs: 0,
      error: null,
    });
    expect((await api(t.users.admin).checks('contest', cid).expect(200)).body.data.map((c: PlagiarismCheckView) => c.id)).toEqual([
      started.id,
    ]);

    const page = (await api(t.users.admin).pairs(started.id).expect(200)).body.data;
    expect(page.total).toBe(1);
    const listed = page.records[0] as PlagiarismPairView;
    expect(listed).toMatchObject({
      pid: problem.id,
      displayId: 'A',
      language: 'C/C++',
      method: 'tokens',
      aSubmitId: aSubmit,
      aUsername: original.username,
      bSubmitId: bSubmit,
      bUsername: copier.username,
      status: 'open',
    });
    expect(listed.similarity).toBeGreaterThanOrEqual(95);

    const detail = (await api(t.users.admin).pair(listed.id).expect(200)).body.data as PlagiarismPairDetail;
    expect(detail.aCode).toBe(program);
    expect(detail.bCode).toContain('renamed');
    expect(detail.unofficial).toEqual([]);
    // one long region covering most of both programs
    const longest = detail.regions.reduce((m, r) => Math.max(m, r.aTo - r.aFrom), 0);
    expect(longest).toBeGreaterThan(program.split('\n').length / 2);
  });

  it('is refused to those who do not manage the contest, and to roles without the permission', async () => {
    const [check] = (await api(t.users.admin).checks('contest', cid).expect(200)).body.data as PlagiarismCheckView[];
    expect((await api(t.users.user).start({ scope: 'contest', id: cid }).expect(403)).body.msg).toBe(ERR.noPermission);
    // an admin-type role, but not this contest's author
    expect((await api(t.users.problemAdmin).start({ scope: 'contest', id: cid })).status).toBe(403);
    expect((await api(t.users.problemAdmin).check(check.id)).status).toBe(403);
    expect((await api(t.users.problemAdmin).pairs(check.id)).status).toBe(403);
    // bad input changes nothing
    expect((await api(t.users.admin).start({ scope: 'contest', id: cid, threshold: 5 }).expect(400)).body.msg).toBeTruthy();
    expect((await api(t.users.admin).start({ scope: 'everything', id: cid }).expect(400)).body.msg).toBeTruthy();
    expect((await api(t.users.admin).check(999_999).expect(404)).body.msg).toBe(ERR.notFound);
    expect((await api(t.users.admin).checks('contest', cid).expect(200)).body.data).toHaveLength(1);
  });

  it('a confirmed pair takes the chosen user out of the official rank', async () => {
    const [check] = (await api(t.users.admin).checks('contest', cid).expect(200)).body.data as PlagiarismCheckView[];
    const [pair] = (await api(t.users.admin).pairs(check.id).expect(200)).body.data.records as PlagiarismPairView[];
    const before = boardRows<RankRow>((await rank(t, t.users.admin, cid)).body.data, t.users.admin);
    expect(before.find((r) => r.username === copier.username)!.rank).toBeGreaterThan(0);

    // only the pair's two users, and only when confirming
    expect(
      (
        await api(t.users.admin)
          .review({ id: pair.id, status: 'confirmed', excludeFromRank: [independent.username] })
          .expect(400)
      ).body.msg,
    ).toBe(PLAGIARISM_ERR.notInPair);
    expect(
      (
        await api(t.users.admin)
          .review({ id: pair.id, status: 'dismissed', excludeFromRank: [copier.username] })
          .expect(400)
      ).body.msg,
    ).toBe(PLAGIARISM_ERR.rankOnlyInContests);
    expect((await api(t.users.admin).pairs(check.id, { status: 'open' }).expect(200)).body.data.total).toBe(1);

    const reviewed = (
      await api(t.users.admin)
        .review({ id: pair.id, status: 'confirmed', excludeFromRank: [copier.username] })
        .expect(200)
    ).body.data as PlagiarismPairView;
    expect(reviewed).toMatchObject({ status: 'confirmed', reviewedBy: t.users.admin.username });
    expect((await api(t.users.admin).check(check.id).expect(200)).body.data.confirmedPairs).toBe(1);
    expect((await api(t.users.admin).pairs(check.id, { status: 'open' }).expect(200)).body.data.total).toBe(0);
    expect((await api(t.users.admin).pair(pair.id).expect(200)).body.data.unofficial).toEqual([copier.username]);

    const after = await eventually('the copier unranked', async () => {
      const rows = boardRows<RankRow>((await rank(t, t.users.admin, cid)).body.data, t.users.admin);
      return rows.find((r) => r.username === copier.username)?.rank === STAR_USER_RANK ? rows : undefined;
    });
    // the original author keeps first place
    expect(after.find((r) => r.username === original.username)!.rank).toBe(1);
  });

  it("checks a problem's practice submissions, each user's latest one per language", async () => {
    const program = randomProgram(99);
    await submit(original, randomProgram(98), 'C++', new Date(now - 50 * MIN), { cid: 0 });
    await submit(original, program, 'C++', new Date(now - 40 * MIN), { cid: 0 });
    await submit(copier, disguisedCopy(program, 3), 'C', new Date(now - 30 * MIN), { cid: 0 });
    const started = (await api(t.users.problemAdmin).start({ scope: 'problem', id: problem.id, threshold: 80 }).expect(200)).body
      .data as PlagiarismCheckView;
    const done = await finished(t.users.problemAdmin, started.id);
    // the contest's submissions are not practice ones; original's older try is not compared
    expect(done).toMatchObject({ status: 'done', submissions: 2, comparedPairs: 1, pairs: 1 });
    const [pair] = (await api(t.users.problemAdmin).pairs(started.id).expect(200)).body.data.records as PlagiarismPairView[];
    expect(pair).toMatchObject({ aUsername: original.username, bUsername: copier.username, displayId: problem.problemId });
    // taking a user out of a rank is for contest checks only
    expect(
      (
        await api(t.users.problemAdmin)
          .review({ id: pair.id, status: 'confirmed', excludeFromRank: [copier.username] })
          .expect(400)
      ).body.msg,
    ).toBe(PLAGIARISM_ERR.rankOnlyInContests);
    // a plain user reaches none of it
    expect((await api(t.users.user).pair(pair.id)).status).toBe(403);
  });

  it("checks an exam's programs for those who manage the exam, and for nobody else", async () => {
    const eid = await createExam(t, t.users.admin, { startTime: new Date(now - 60 * MIN), endTime: new Date(now - MIN) });
    const program = randomProgram(55);
    await submit(original, program, 'C++ 17', new Date(now - 50 * MIN), { cid: 0, eid });
    await submit(copier, disguisedCopy(program, 4), 'C++ 17', new Date(now - 45 * MIN), { cid: 0, eid });
    await submit(independent, randomProgram(56), 'C++ 17', new Date(now - 40 * MIN), { cid: 0, eid });
    // practice submissions of the same problem are not the exam's
    await submit(pythonUser, disguisedCopy(program, 6), 'C++ 17', new Date(now - 35 * MIN), { cid: 0 });
    for (const outsider of [t.users.user, t.users.problemAdmin]) {
      expect((await api(outsider).start({ scope: 'exam', id: eid })).status).toBe(403);
      expect((await api(outsider).checks('exam', eid)).status).toBe(403);
    }
    expect(await t.dataSource.query('SELECT 1 FROM plagiarism_check WHERE scope = $1 AND scope_id = $2', ['exam', eid])).toEqual([]);
    const started = (await api(t.users.admin).start({ scope: 'exam', id: eid }).expect(200)).body.data as PlagiarismCheckView;
    const done = await finished(t.users.admin, started.id);
    expect(done).toMatchObject({ scope: 'exam', scopeId: eid, status: 'done', submissions: 3, comparedPairs: 3, pairs: 1 });
    const [pair] = (await api(t.users.admin).pairs(started.id).expect(200)).body.data.records as PlagiarismPairView[];
    expect([pair.aUsername, pair.bUsername].sort()).toEqual([original.username, copier.username].sort());
    expect((await api(t.users.admin).checks('exam', eid).expect(200)).body.data.map((c: PlagiarismCheckView) => c.id)).toEqual([
      started.id,
    ]);
    // an exam has no board: taking a user out of a rank is refused there too
    expect(
      (
        await api(t.users.admin)
          .review({ id: pair.id, status: 'confirmed', excludeFromRank: [copier.username] })
          .expect(400)
      ).body.msg,
    ).toBe(PLAGIARISM_ERR.rankOnlyInContests);
  });
});
