/**
 * What an OI contest shows of scores (issue 37 item 7): the problem page's latest try of the caller with its score
 * and its id to open it (get-contest-problem-details' `myLatestSubmission`), per-case points of a failed OI try
 * (0, not none), and no score of others' tries the seal hides, for every caller who may not see them.
 */
import { ContestType, JudgeStatus, ProblemAuth, ProblemType, Role, SealMode } from '@oj/contracts';
import request from 'supertest';
import { JudgeResultService } from '../src/modules/judge/judge-result.service';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { addProblem, createContest, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('scores in OI contest views', () => {
  let t: TestApp;
  let author: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
    alice = await t.createUser('oiv_alice', Role.User);
    bob = await t.createUser('oiv_bob', Role.User);
    carol = await t.createUser('oiv_carol', Role.User);
  });
  afterAll(() => t?.close());

  const get = (user: TestUser, path: string, query: Record<string, unknown>) =>
    request(t.url).get(path).query(query).set('Authorization', user.token);

  async function problem(type: number): Promise<Problem> {
    seq++;
    return t.dataSource.getRepository(Problem).save({
      problemId: `OIV-${process.pid}-${seq}`,
      title: `Scored ${seq}`,
      author: 'root',
      auth: ProblemAuth.Public,
      type,
      openCaseResult: true,
    });
  }

  /** A contest with problem A of the given problem type (an OI contest's problems are OI ones). */
  async function contest(type: number, extra: { sealRank?: boolean; sealMode?: string } = {}) {
    const now = Date.now();
    const cid = await createContest(t, author, { type, startTime: new Date(now - 30 * MIN), endTime: new Date(now + 30 * MIN), ...extra });
    const p = await problem(type === ContestType.OI ? ProblemType.OI : ProblemType.ACM);
    await addProblem(t, author, cid, p.id, 'A');
    return { cid, p };
  }

  /** A contest try judged through the real result writer, two cases of 50 points each as the judge reports them. */
  async function judged(user: TestUser, cid: number, p: Problem, cases: number[]): Promise<number> {
    const row = await t.dataSource.getRepository(Submission).save({
      pid: p.id,
      displayPid: 'A',
      uid: user.uid,
      username: user.username,
      status: JudgeStatus.Pending,
      length: 10,
      code: '// try',
      language: 'C++',
      cid,
    });
    const passed = cases.filter((s) => s > 0).length;
    const status = passed === cases.length ? JudgeStatus.Accepted : passed ? JudgeStatus.PartialAccepted : JudgeStatus.WrongAnswer;
    const wrote = await t.get<JudgeResultService>(JudgeResultService).apply(row.submitId, 0, {
      status,
      time: 5,
      memory: 100,
      score: cases.reduce((a, b) => a + b, 0),
      // The judge gives a failed case no points of its own: the writer stores 0 for it on a scored problem.
      cases: cases.map((s, i) =>
        s > 0
          ? { caseId: i + 1, status: JudgeStatus.Accepted, time: 5, memory: 100, score: s }
          : { caseId: i + 1, status: JudgeStatus.WrongAnswer, time: 5, memory: 100 },
      ),
    } as never);
    expect(wrote).toBe(true);
    return row.submitId;
  }

  const latest = async (user: TestUser, cid: number) =>
    (await get(user, '/api/get-contest-problem-details', { cid, displayId: 'A' }).expect(200)).body.data.myLatestSubmission;

  it("answers the caller's latest try of the problem with its score, and only theirs", async () => {
    const { cid, p } = await contest(ContestType.OI);
    expect(await latest(alice, cid)).toBeNull();
    await judged(alice, cid, p, [50, 50]);
    const partial = await judged(alice, cid, p, [50, 0]);
    await judged(bob, cid, p, [0, 0]);
    expect(await latest(alice, cid)).toMatchObject({ submitId: partial, status: JudgeStatus.PartialAccepted, score: 50 });
    expect(typeof (await latest(alice, cid)).submitTime).toBe('string');
    expect(await latest(carol, cid)).toBeNull();
    // the page links to it: its author opens it, with its score
    const detail = await get(alice, '/api/get-submission-detail', { submitId: partial }).expect(200);
    expect(detail.body.data.submission).toMatchObject({ submitId: partial, score: 50 });
  });

  it('gives no score under the ACM rule', async () => {
    const { cid, p } = await contest(ContestType.ACM);
    const tried = await judged(alice, cid, p, [0, 0]);
    expect(await latest(alice, cid)).toEqual(expect.objectContaining({ submitId: tried, status: JudgeStatus.WrongAnswer, score: null }));
  });

  it("gives every case of a failed OI try its points, 0 where it failed (the detail's score column)", async () => {
    const { cid, p } = await contest(ContestType.OI);
    const wrong = await judged(alice, cid, p, [0, 0]);
    const partial = await judged(alice, cid, p, [50, 0]);
    const cases = async (submitId: number) =>
      (await get(alice, '/api/get-all-case-result', { submitId }).expect(200)).body.data.judgeCaseList.map(
        (c: { status: number; score: number | null }) => [c.status, c.score],
      );
    expect(await cases(wrong)).toEqual([
      [JudgeStatus.WrongAnswer, 0],
      [JudgeStatus.WrongAnswer, 0],
    ]);
    expect(await cases(partial)).toEqual([
      [JudgeStatus.Accepted, 50],
      [JudgeStatus.WrongAnswer, 0],
    ]);
    const detail = await get(alice, '/api/get-submission-detail', { submitId: wrong }).expect(200);
    expect(detail.body.data.submission.score).toBe(0);
  });

  it("hides the score of others' sealed tries from every caller who may not see them, not from the author or admins", async () => {
    const { cid, p } = await contest(ContestType.OI, { sealRank: true, sealMode: SealMode.Whole });
    const sealed = await judged(alice, cid, p, [50, 0]);
    const row = async (user: TestUser) =>
      ((await get(user, '/api/contest-submissions', { cid }).expect(200)).body.data.records as { submitId: number }[]).find(
        (r) => r.submitId === sealed,
      );
    // a contestant, a user who never took part: Submitted Unknown Result and no score
    for (const other of [bob, carol]) expect(await row(other)).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult, score: null });
    expect(await row(alice)).toMatchObject({ status: JudgeStatus.PartialAccepted, score: 50 });
    expect(await row(author)).toMatchObject({ status: JudgeStatus.PartialAccepted, score: 50 });
    // the same through the status refresh the list polls
    const polled = await request(t.url)
      .post('/api/check-contest-submissions-status')
      .set('Authorization', bob.token)
      .send({ cid, submitIds: [sealed] })
      .expect(200);
    expect(polled.body.data[sealed]).toMatchObject({ status: JudgeStatus.SubmittedUnknownResult, score: null });
    // the author's own problem page is not sealed
    expect(await latest(alice, cid)).toMatchObject({ submitId: sealed, score: 50 });
  });
});
