import { ERR, SUBMISSION_CHART_DAYS } from '@oj/contracts';
import request from 'supertest';
import { TestApp, createTestApp } from './utils/test-app';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Noon of the day `back` days before today (server time zone). */
const noonDaysAgo = (back: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - back, 12);
};

describe('GET /api/admin/dashboard/get-submission-chart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [p] = (await t.dataSource.query(`INSERT INTO problem (problem_id, title) VALUES ('CH1', 'c') RETURNING id`)) as { id: number }[];
    const at = [0, 0, 0, 13, 14].map(noonDaysAgo);
    const status = [0, 0, -1, 0, 0];
    for (const [i, time] of at.entries()) {
      await t.dataSource.query(
        `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, length, code, language) VALUES ($1, 'CH1', $2, 'u', $3, $4, 1, 'x', 'C')`,
        [p.id, t.users.user.uid, time, status[i]],
      );
    }
  });
  afterAll(() => t?.close());

  it('counts submissions and accepted ones per day over the last 14 days, zeros included, for admins only', async () => {
    const res = await request(t.url)
      .get('/api/admin/dashboard/get-submission-chart')
      .set('Authorization', t.users.problemAdmin.token)
      .expect(200);
    const days = res.body.data as { date: string; total: number; accepted: number }[];
    expect(days).toHaveLength(SUBMISSION_CHART_DAYS);
    expect(days[0]).toEqual({ date: dayOf(noonDaysAgo(13)), total: 1, accepted: 1 });
    expect(days[13]).toEqual({ date: dayOf(new Date()), total: 3, accepted: 2 });
    expect(days.slice(1, 13).every((d) => d.total === 0 && d.accepted === 0)).toBe(true);

    const refused = await request(t.url)
      .get('/api/admin/dashboard/get-submission-chart')
      .set('Authorization', t.users.user.token)
      .expect(403);
    expect(refused.body.msg).toBe(ERR.noPermission);
  });
});
