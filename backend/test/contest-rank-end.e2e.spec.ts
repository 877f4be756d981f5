/**
 * The end of a contest (issue 38): the end-of-contest job lifts the seal for the board's readers before they arrive
 * (pages and pinned rows rendered once, in the live view), the board is never recomputed for it, and a burst of
 * readers after the end is answered from the caches on the hot path, sessions older than the replica's memory too.
 */
import { AcmRankRow, AfterEndSeal, JudgeStatus, Role, SealMode } from '@oj/contracts';
import { AuthGuard } from '../src/core/auth/auth.guard';
import { SessionService } from '../src/core/auth/session.service';
import { FinalBoardPrepared, ScoreboardService } from '../src/modules/contest/scoreboard/scoreboard.service';
import { ScoreboardEngine } from '../src/modules/contest/scoreboard/scoreboard-engine';
import { Problem } from '../src/modules/problem/entities/problem.entity';
import { addProblem, createContest, createProblem, judged, MIN, rank } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('contest end: the final board prepared at the end instant', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let problem: Problem;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser('endalice', Role.User);
    bob = await t.createUser('endbob', Role.User);
    carol = await t.createUser('endcarol', Role.User);
    problem = await createProblem(t, 'End');
  });
  afterAll(() => t?.close());
  afterEach(() => jest.restoreAllMocks());

  /** username → AC count of the board's rows (page 1 as `user` gets it: their own row pinned first, then the board). */
  const board = async (user: TestUser, cid: number) => {
    const res = await rank(t, user, cid, { currentPage: 1, limit: 50 });
    expect(res.status).toBe(200);
    const records = res.body.data.records as AcmRankRow[];
    return Object.fromEntries(records.map((r) => [r.username, r.ac]));
  };

  it('serves the unsealed final board from the cache after the end: computed once, rendered once, by the end-of-contest job', async () => {
    const scoreboard = t.get<ScoreboardService>(ScoreboardService);
    const computations = jest.spyOn(scoreboard, 'computeFromDatabase');
    const rendered = jest.spyOn(ScoreboardEngine.prototype, 'toRow');
    const prepared: Promise<FinalBoardPrepared | undefined>[] = [];
    const prepare = scoreboard.prepareFinal.bind(scoreboard);
    jest.spyOn(scoreboard, 'prepareFinal').mockImplementation((cid) => {
      const job = prepare(cid);
      prepared.push(job);
      return job;
    });

    const now = Date.now();
    // Sealed for its last hour, lifted at the end; long enough ahead for the set-up and a poll on a busy machine.
    const endTime = new Date(now + 6000);
    const cid = await createContest(t, t.users.admin, {
      startTime: new Date(now - 120 * MIN),
      endTime,
      sealRank: true,
      sealMode: SealMode.LastHour,
      afterEndSeal: AfterEndSeal.AutoUnseal,
    });
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
    await judged(t, alice, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 100 * MIN));
    await judged(t, bob, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 10 * MIN)); // in the sealed hour

    // During the contest: the sealed board (bob's AC hidden), as contestants with their own row and a spectator.
    expect(await board(alice, cid)).toEqual({ endalice: 1, endbob: 0 });
    expect(await board(bob, cid)).toEqual({ endbob: 0, endalice: 1 });
    expect(await board(carol, cid)).toEqual({ endalice: 1, endbob: 0 });
    expect(Date.now()).toBeLessThan(endTime.getTime()); // else the set-up outlasted the contest: raise its length
    expect(computations).toHaveBeenCalledTimes(1);

    // The end: the job runs at the end instant, before anybody asks.
    while (!prepared.length) await new Promise((r) => setTimeout(r, 50));
    const done = await prepared[0];
    expect(Date.now()).toBeGreaterThanOrEqual(endTime.getTime());
    // The live view's page 1 (the page read before) and the two contestants' pinned rows.
    expect(done).toEqual(expect.objectContaining({ cid, view: 'live', pages: 1, pinnedRows: 2 }));
    const renderedAtEnd = rendered.mock.calls.length;

    // The burst: everybody at once, the sessions forgotten by the replica (its memory is shorter than a poll's
    // interval): answered on the hot path (the framework's guard sees none), from the prepared page and rows.
    (t.get<SessionService>(SessionService) as unknown as { local: Map<string, unknown> }).local.clear();
    const framework = jest.spyOn(AuthGuard.prototype, 'canActivate');
    const burst = await Promise.all([alice, bob, carol, alice, bob, carol].map((u) => board(u, cid)));
    for (const b of burst) expect(b).toEqual(expect.objectContaining({ endalice: 1, endbob: 1 }));
    expect(framework).not.toHaveBeenCalled();
    expect(rendered.mock.calls.length).toBe(renderedAtEnd);
    expect(computations).toHaveBeenCalledTimes(1);
  });

  it('prepares nothing for a contest whose board nobody read, and keeps a contest without a seal as it was', async () => {
    const scoreboard = t.get<ScoreboardService>(ScoreboardService);
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, { startTime: new Date(now - 60 * MIN), endTime: new Date(now + 60 * MIN) });
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
    await judged(t, alice, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 50 * MIN));
    expect(await scoreboard.prepareFinal(cid)).toBeUndefined();
    expect(await board(carol, cid)).toEqual({ endalice: 1 });
    const rendered = jest.spyOn(ScoreboardEngine.prototype, 'toRow');
    // Unsealed all along: the page read is the final one already, nothing is rendered again.
    expect(await scoreboard.prepareFinal(cid)).toEqual(expect.objectContaining({ cid, view: 'live', pages: 1, pinnedRows: 0 }));
    expect(rendered).not.toHaveBeenCalled();
  });
});
