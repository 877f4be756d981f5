/**
 * The resolver's data (issue 35): every team of an ended, sealed ACM contest with its cells as the sealed board showed
 * them (later tries pending) and as they ended; for the contest's admins only, and only once a sealed ACM contest ended.
 */
import { AfterEndSeal, CONTEST_ERR, ContestType, ERR, JudgeStatus, ResolverData, SealMode } from '@oj/contracts';
import request from 'supertest';
import { MIN, addProblem, createContest, createProblem, judged } from './contest-fixtures';
import { TestApp, createTestApp } from './utils/test-app';

describe('resolver data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const resolver = (token: string, cid: number) =>
    request(t.url).get('/api/admin/contest/resolver').query({ cid }).set('Authorization', token);

  it('gives the sealed and the final cells of every team, pending tries where the seal hid them', async () => {
    const now = Date.now();
    const start = new Date(now - 180 * MIN);
    const cid = await createContest(t, t.users.admin, {
      title: 'Final',
      startTime: start,
      endTime: new Date(now - MIN),
      sealRank: true,
      sealMode: SealMode.LastHour,
      afterEndSeal: AfterEndSeal.StaySealed,
    });
    const [a, b] = [await createProblem(t, 'A'), await createProblem(t, 'B')];
    await addProblem(t, t.users.admin, cid, a.id, 'A');
    await addProblem(t, t.users.admin, cid, b.id, 'B');
    const [early, closer] = [await t.createUser('res_early'), await t.createUser('res_closer')];
    const at = (m: number) => new Date(start.getTime() + m * MIN);
    await judged(t, early, cid, a, 'A', JudgeStatus.Accepted, at(30));
    await judged(t, closer, cid, a, 'A', JudgeStatus.WrongAnswer, at(40));
    // after the seal (minute 120 of 179): a wrong try and an AC of closer, hidden on the sealed board
    await judged(t, closer, cid, a, 'A', JudgeStatus.WrongAnswer, at(150));
    await judged(t, closer, cid, a, 'A', JudgeStatus.Accepted, at(160));
    await judged(t, closer, cid, b, 'B', JudgeStatus.Accepted, at(170));

    const data = (await resolver(t.users.admin.token, cid).expect(200)).body.data as ResolverData;
    expect(data).toMatchObject({ cid, title: 'Final', penaltyMinutes: 20 });
    expect(new Date(data.sealTime).getTime()).toBe(start.getTime() + 119 * MIN);
    expect(data.problems.map((p) => p.displayId)).toEqual(['A', 'B']);
    // the final order: closer solved two
    expect(data.teams.map((team) => team.username)).toEqual(['res_closer', 'res_early']);
    const closerTeam = data.teams[0];
    expect(closerTeam.sealed).toEqual({
      A: { isAC: false, errorNum: 1, tryNum: 2, isFirstAC: false },
      B: { isAC: false, errorNum: 0, tryNum: 1, isFirstAC: false },
    });
    expect(closerTeam.final).toEqual({
      A: { isAC: true, ACTime: 160 * 60, errorNum: 2, tryNum: 0, isFirstAC: false },
      B: { isAC: true, ACTime: 170 * 60, errorNum: 0, tryNum: 0, isFirstAC: true },
    });
    expect(data.teams[1].sealed).toEqual(data.teams[1].final);
  });

  it('is for the contest admins, and for ended, sealed ACM contests only', async () => {
    const now = Date.now();
    const sealed = { sealRank: true, sealMode: SealMode.LastHour, afterEndSeal: AfterEndSeal.StaySealed };
    const ended = await createContest(t, t.users.admin, { ...sealed, startTime: new Date(now - 120 * MIN), endTime: new Date(now - MIN) });
    expect((await resolver(t.users.user.token, ended)).status).toBe(403);
    expect((await resolver(t.users.problemAdmin.token, ended)).body.msg).toBe(ERR.noPermission);
    const running = await createContest(t, t.users.admin, { ...sealed, startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    expect((await resolver(t.users.admin.token, running).expect(400)).body.msg).toBe(CONTEST_ERR.resolverNeedsSealedEnd);
    const open = await createContest(t, t.users.admin, { startTime: new Date(now - 120 * MIN), endTime: new Date(now - MIN) });
    expect((await resolver(t.users.admin.token, open).expect(400)).body.msg).toBe(CONTEST_ERR.resolverNeedsSealedEnd);
    const oi = await createContest(t, t.users.admin, {
      ...sealed,
      type: ContestType.OI,
      startTime: new Date(now - 120 * MIN),
      endTime: new Date(now - MIN),
    });
    expect((await resolver(t.users.admin.token, oi).expect(400)).body.msg).toBe(CONTEST_ERR.resolverNeedsSealedEnd);
  });
});
