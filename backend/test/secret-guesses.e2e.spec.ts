/**
 * Guessing a typed secret is throttled per user and per address, as login is (issue 31 item 6): a contest's,
 * an exam's and a training's password and a group's invitation code share one budget per user
 * (RATE_SECRET_PER_USER_PER_MIN) and one per address (RATE_SECRET_PER_IP_PER_MIN); past it the answer is 429 with
 * the catalogue's 'Speed too fast' text, whatever the guess.
 */
import { ContestAuth, ERR, GroupAuth, TrainingAuth } from '@oj/contracts';
import request from 'supertest';
import { createContest, MIN, PASSWORD } from './contest-fixtures';
import { createExam, EXAM_PASSWORD } from './exam-fixtures';
import { createTraining } from './training-fixtures';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

describe('throttled secret guesses (rate limits on)', () => {
  let t: TestApp;
  let cid: number;
  let eid: number;
  let tid: number;
  let gid: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_SECRET_PER_USER_PER_MIN: '8', RATE_SECRET_PER_IP_PER_MIN: '20' } });
    const now = Date.now();
    cid = await createContest(t, t.users.root, {
      auth: ContestAuth.Private,
      startTime: new Date(now - MIN),
      endTime: new Date(now + 60 * MIN),
    });
    eid = await createExam(t, t.users.root, {
      auth: ContestAuth.Private,
      startTime: new Date(now - MIN),
      endTime: new Date(now + 60 * MIN),
    });
    tid = await createTraining(t, t.users.root, { auth: TrainingAuth.Private });
    const group = await request(t.url).post('/api/group').set('Authorization', t.users.root.token).send({
      name: 'Secret Class',
      shortName: 'secret',
      brief: 'A brief line',
      description: 'Class description',
      auth: GroupAuth.Private,
      code: 'XY7890',
      visible: true,
    });
    if (group.body.status !== 200) throw new Error(JSON.stringify(group.body));
    gid = (await t.dataSource.query(`SELECT id FROM group_info WHERE short_name = 'secret'`))[0].id;
  });
  afterAll(() => t?.close());

  const guess = (u: TestUser, route: 'contest' | 'exam' | 'training' | 'group', secret: string) => {
    const [path, body] = {
      contest: ['/api/register-contest', { cid, password: secret }],
      exam: ['/api/register-exam', { eid, password: secret }],
      training: ['/api/register-training', { tid, password: secret }],
      group: ['/api/group/member', { gid, code: secret }],
    }[route] as [string, object];
    return request(t.url).post(path).set('Authorization', u.token).send(body);
  };

  it('answers 429 once a user has guessed too often, on every secret route, even with the right secret', async () => {
    const u = await t.createUser('guesser1');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await guess(u, (['contest', 'exam', 'training', 'group'] as const)[i % 4], `wrong${i}`)).status);
    expect(statuses).toEqual(Array(8).fill(400));
    for (const route of ['contest', 'exam', 'training', 'group'] as const) {
      const res = await guess(u, route, 'wrong');
      expect([res.status, res.body.msg, res.body.msgCode]).toEqual([429, ERR.speedTooFast, 'ERR.speedTooFast']);
    }
    // The right password no longer gets through either: the count comes before the comparison.
    expect((await guess(u, 'contest', PASSWORD)).status).toBe(429);
    expect((await guess(u, 'exam', EXAM_PASSWORD)).status).toBe(429);
  });

  it('throttles the address too: many accounts from one place guess no faster', async () => {
    // The first test's user spent 8 + 6 of this address's 20.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const u = await t.createUser(`guesser_ip${i}`);
      statuses.push((await guess(u, 'contest', `wrong${i}`)).status);
    }
    expect(statuses.filter((s) => s === 400).length).toBe(6);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
  });
});
