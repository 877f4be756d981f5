import { ERR, JudgeStatus, RATING_TEXT } from '@oj/contracts';
import request from 'supertest';
import { RatingService } from '../src/modules/rating/rating.service';
import { MIN, addProblem, createContest, createProblem, judged } from './contest-fixtures';
import { TestApp, createTestApp } from './utils/test-app';

describe('contest rating', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const setRated = (token: string, cid: number, rated: boolean) =>
    request(t.url).put('/api/admin/contest/change-contest-rated').query({ cid, rated }).set('Authorization', token);
  const home = async (username: string) => (await request(t.url).get('/api/get-user-home-info').query({ username }).expect(200)).body.data;

  it('applies Codeforces ratings to every participant of a rated contest once it ended, and shows them on the home page', async () => {
    const winner = await t.createUser('rated_winner');
    const loser = await t.createUser('rated_loser');
    const now = Date.now();
    const cid = await createContest(t, t.users.admin, {
      title: 'Rated Round',
      startTime: new Date(now - 120 * MIN),
      endTime: new Date(now - MIN),
    });
    const later = await createContest(t, t.users.admin, { startTime: new Date(now - 10 * MIN), endTime: new Date(now + 60 * MIN) });
    const problem = await createProblem(t);
    await addProblem(t, t.users.admin, cid, problem.id, 'A');
    await judged(t, winner, cid, problem, 'A', JudgeStatus.Accepted, new Date(now - 100 * MIN));
    await judged(t, loser, cid, problem, 'A', JudgeStatus.WrongAnswer, new Date(now - 90 * MIN));

    expect((await setRated(t.users.user.token, cid, true).expect(403)).body.msg).toBe(ERR.noPermission);
    await setRated(t.users.admin.token, cid, true).expect(200);
    await setRated(t.users.admin.token, later, true).expect(200);
    expect(
      (
        await request(t.url)
          .get('/api/admin/contest/get-contest-rated')
          .query({ cid })
          .set('Authorization', t.users.admin.token)
          .expect(200)
      ).body.data,
    ).toEqual({
      rated: true,
      applied: false,
    });

    // Only the ended contest is applied, and only once.
    const service = t.get<RatingService>(RatingService);
    expect(await service.applyDue()).toEqual([cid]);
    expect(await service.applyDue()).toEqual([]);

    // The table worked by hand in codeforces-rating.spec.ts: two newcomers, 1st and 2nd.
    const w = await home('rated_winner');
    expect(w.rating).toBe(1596);
    expect(w.ratingHistory).toEqual([expect.objectContaining({ cid, title: 'Rated Round', rank: 1, oldRating: 1500, newRating: 1596 })]);
    expect((await home('rated_loser')).rating).toBe(1402);
    expect((await home(t.users.user.username)).rating).toBeNull();

    const refused = await setRated(t.users.admin.token, cid, false).expect(400);
    expect(refused.body.msg).toBe(RATING_TEXT.alreadyApplied);
    await request(t.url)
      .put('/api/admin/contest/change-contest-rated')
      .query({ cid: 999999, rated: true })
      .set('Authorization', t.users.admin.token)
      .expect(404);
  });
});
