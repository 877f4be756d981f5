/** Admin contest CRUD with the §5 rules, problems, announcements and the clock, over HTTP. */
import { CONTEST_ERR, ContestAuth, ContestStatus, Role } from '@oj/contracts';
import request from 'supertest';
import { ContestClockService } from '../src/modules/contest/contest-clock.service';
import { contestBody, createContest, createProblem, MIN } from './contest-fixtures';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('admin contests', () => {
  let t: TestApp;
  let author: TestUser;
  const now = Date.now();
  const window = { startTime: new Date(now + 60 * MIN), endTime: new Date(now + 120 * MIN) };

  beforeAll(async () => {
    t = await createTestApp();
    author = t.users.admin;
  });
  afterAll(() => t?.close());

  const post = (body: Record<string, unknown>, user: TestUser = author) =>
    request(t.url).post('/api/admin/contest').set('Authorization', user.token).send(body);
  const refused = (res: request.Response, msg: string) => expect([res.status, res.body.msg]).toEqual([400, msg]);

  it('creates a contest with every field, the status and the server time in the answer', async () => {
    const before = Date.now();
    const res = await post({ ...contestBody({ ...window, auth: ContestAuth.Protected, starAccount: ['a', 'b'] }), sealRank: true }).expect(
      200,
    );
    expect(res.body.data).toMatchObject({
      title: 'Contest',
      auth: ContestAuth.Protected,
      pwd: 'contest-pw',
      duration: 3600,
      author: author.username,
      uid: author.uid,
      starAccount: ['a', 'b'],
      sealRank: true,
      sealMode: 'lastHour',
      sealRankTime: window.startTime.toISOString(),
    });
    const info = await request(t.url).get('/api/get-contest-info').query({ cid: res.body.data.id }).expect(200);
    expect(info.body.data.status).toBe(ContestStatus.Scheduled);
    expect(new Date(info.body.data.now).getTime()).toBeGreaterThanOrEqual(before);
    expect(info.body.data).not.toHaveProperty('pwd');
  });

  it('refuses the §5 contest rules with their texts', async () => {
    refused(await post(contestBody({ startTime: window.endTime, endTime: window.startTime })), CONTEST_ERR.startBeforeEnd);
    refused(await post(contestBody({ startTime: window.startTime, endTime: window.startTime })), CONTEST_ERR.durationPositive);
    refused(await post({ ...contestBody(window), duration: 0 }), CONTEST_ERR.durationPositive);
    refused(await post(contestBody({ ...window, starAccount: ['x', 'x'] })), CONTEST_ERR.duplicateStarUsers);
    refused(await post({ ...contestBody({ ...window, auth: ContestAuth.Private }), pwd: '' }), CONTEST_ERR.passwordRequired);
    refused(await post({ ...contestBody(window), title: '' }), CONTEST_ERR.titleRequired);
    const user = await t.createUser('c_plain', Role.User);
    const denied = await post(contestBody(window), user);
    expect(denied.status).toBe(403);
  });

  it('adds bank problems with a required, unique display id and a balloon colour', async () => {
    const cid = await createContest(t, author, window);
    const p = await createProblem(t, 'Bank title');
    const add = (body: Record<string, unknown>) =>
      request(t.url)
        .post('/api/admin/contest/add-problem-from-public')
        .set('Authorization', author.token)
        .send({ cid, ...body });
    refused(await add({ displayId: 'A' }), CONTEST_ERR.problemIdRequired);
    refused(await add({ pid: p.id }), CONTEST_ERR.displayIdRequired);
    refused(await add({ pid: p.id, displayId: '' }), CONTEST_ERR.displayIdRequired);
    const ok = await add({ pid: p.id, displayId: 'A', color: '#123456' }).expect(200);
    expect(ok.body.data).toMatchObject({ cid, pid: p.id, displayId: 'A', displayTitle: 'Bank title', color: '#123456' });
    refused(await add({ pid: p.id, displayId: 'B' }), CONTEST_ERR.problemAlreadyInContest);
    const q = await createProblem(t);
    refused(await add({ pid: q.id, displayId: 'A' }), CONTEST_ERR.displayIdExists);

    const edit = await request(t.url)
      .put('/api/admin/contest/contest-problem')
      .set('Authorization', author.token)
      .send({ id: ok.body.data.id, displayId: 'Z', displayTitle: 'Renamed' })
      .expect(200);
    expect(edit.body.data).toMatchObject({ displayId: 'Z', displayTitle: 'Renamed' });
    const list = await request(t.url)
      .get('/api/admin/contest/get-problem-list')
      .query({ cid })
      .set('Authorization', author.token)
      .expect(200);
    const { problemList, contestProblemMap } = list.body.data;
    expect(problemList.records.map((p: { id: number }) => contestProblemMap[p.id].displayId)).toEqual(['Z']);
  });

  it('publishes announcements and lists the ones a client has not read', async () => {
    const cid = await createContest(t, author, { startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    const add = (title: string) =>
      request(t.url)
        .post('/api/admin/contest/announcement')
        .set('Authorization', author.token)
        .send({ cid, title, content: 'body' })
        .expect(200);
    const first = (await add('first')).body.data.id;
    await add('second');
    const user = t.users.user;
    const all = await request(t.url).get('/api/get-contest-announcement').query({ cid }).set('Authorization', user.token).expect(200);
    expect(all.body.data.records.map((a: { title: string }) => a.title)).toEqual(['second', 'first']);
    const unread = await request(t.url)
      .post('/api/get-contest-not-read-announcement')
      .set('Authorization', user.token)
      .send({ cid, readAnnouncementList: [first] })
      .expect(200);
    expect(unread.body.data.map((a: { title: string }) => a.title)).toEqual(['second']);
  });

  it('keeps acknowledged announcements per user on the server, for every browser (issue 21)', async () => {
    const cid = await createContest(t, author, { startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    const other = await createContest(t, author, { startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    const add = async (c: number, title: string) =>
      (
        await request(t.url)
          .post('/api/admin/contest/announcement')
          .set('Authorization', author.token)
          .send({ cid: c, title, content: 'body' })
          .expect(200)
      ).body.data.id as number;
    const first = await add(cid, 'first');
    await add(cid, 'second');
    const elsewhere = await add(other, 'elsewhere');
    const notRead = async (token: string) =>
      (
        await request(t.url)
          .post('/api/get-contest-not-read-announcement')
          .set('Authorization', token)
          .send({ cid, readAnnouncementList: [] })
          .expect(200)
      ).body.data.map((a: { title: string }) => a.title);
    const user = t.users.user;
    // another contest's announcement id is ignored, not stored under this contest
    await request(t.url)
      .post('/api/read-contest-announcement')
      .set('Authorization', user.token)
      .send({ cid, announcementIds: [first, elsewhere] })
      .expect(200);
    // a new browser sends an empty read list: the acknowledged one stays closed for this user only
    expect(await notRead(user.token)).toEqual(['second']);
    expect(await notRead(t.users.admin.token)).toEqual(['second', 'first']);
    const stored = await t.dataSource.query('SELECT announcement_id FROM contest_announcement_read WHERE uid = $1', [user.uid]);
    expect(stored.map((r: { announcement_id: number }) => r.announcement_id)).toEqual([first]);
    // acknowledging twice is harmless
    await request(t.url)
      .post('/api/read-contest-announcement')
      .set('Authorization', user.token)
      .send({ cid, announcementIds: [first] })
      .expect(200);
    await request(t.url)
      .post('/api/read-contest-announcement')
      .send({ cid, announcementIds: [first] })
      .expect(401);
  });

  it('moves the stored status with the clock', async () => {
    const cid = await createContest(t, author, { startTime: new Date(now + 10 * MIN), endTime: new Date(now + 20 * MIN) });
    const clock = t.get<ContestClockService>(ContestClockService);
    const status = async () => (await t.dataSource.query('SELECT status FROM contest WHERE id = $1', [cid]))[0].status;
    await clock.tick(new Date(now));
    expect(await status()).toBe(ContestStatus.Scheduled);
    await clock.tick(new Date(now + 15 * MIN));
    expect(await status()).toBe(ContestStatus.Running);
    await clock.tick(new Date(now + 20 * MIN));
    expect(await status()).toBe(ContestStatus.Ended);
  });

  it('filters the public list by status', async () => {
    const running = await createContest(t, author, { title: 'Now on', startTime: new Date(now - MIN), endTime: new Date(now + 60 * MIN) });
    const res = await request(t.url).get('/api/get-contest-list').query({ status: ContestStatus.Running, limit: 50 }).expect(200);
    const ids = res.body.data.records.map((c: { id: number; status: number }) => [c.id, c.status]);
    expect(ids).toContainEqual([running, ContestStatus.Running]);
    expect(res.body.data.records.every((c: { status: number }) => c.status === ContestStatus.Running)).toBe(true);
  });

  it('deletes a contest with its problems and announcements', async () => {
    const cid = await createContest(t, author, window);
    await request(t.url).delete('/api/admin/contest').query({ cid }).set('Authorization', author.token).expect(200);
    await request(t.url).get('/api/get-contest-info').query({ cid }).expect(404);
  });
});
