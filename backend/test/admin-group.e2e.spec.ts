/**
 * Root's group list (the group module's admin/ folder) and the dashboard's top 10 teams (product §2, §6; issues 16 and 17)
 * over HTTP: who may call them, what they list, and the ranking by the members' solved problems.
 */
import {
  ADMIN_GROUP_API,
  AdminGroupRow,
  DASHBOARD_API,
  ERR,
  GroupAuth,
  GroupMemberStatus,
  GroupStatus,
  Page,
  TOP_GROUP_RANK_SIZE,
  TopGroupRow,
} from '@oj/contracts';
import request from 'supertest';
import { writeZip } from '../src/core/archive/safe-zip';
import { GroupMember } from '../src/core/auth/entities/group-member.entity';
import { Group } from '../src/modules/group/entities/group.entity';
import { UserJudgeStat } from '../src/modules/submission-store/entities/user-judge-stat.entity';
import { createTestApp, TestApp } from './utils/test-app';

const api = (path: string) => `/api${path}`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let seq = 0;
async function group(extra: Partial<Group> = {}): Promise<Group> {
  seq += 1;
  return t.dataSource.getRepository(Group).save({
    name: `Team number ${seq}`,
    shortName: `team${seq}`,
    brief: 'a brief',
    description: 'a description',
    owner: t.users.root.username,
    uid: t.users.root.uid,
    auth: GroupAuth.Public,
    visible: true,
    status: GroupStatus.Normal,
    memberCount: 0,
    ...extra,
  });
}

async function member(gid: number, uid: string, auth: GroupMemberStatus): Promise<void> {
  await t.dataSource.getRepository(GroupMember).save({ gid, uid, auth });
}

async function solved(uid: string, n: number): Promise<void> {
  await t.dataSource.getRepository(UserJudgeStat).save({ uid, username: uid, submissions: n, accepted: n, solved: n, totalScore: 0 });
}

describe('GET admin/dashboard/get-top-group-rank', () => {
  const path = api(DASHBOARD_API.topGroups);

  it('answers 401 without a token and 403 to a plain user', async () => {
    await request(t.url).get(path).expect(401);
    const res = await request(t.url).get(path).set('Authorization', t.users.user.token).expect(403);
    expect(res.body.msg).toBe(ERR.noPermission);
  });

  it('answers an empty list when there are no groups', async () => {
    const res = await request(t.url).get(path).set('Authorization', t.users.admin.token).expect(200);
    expect(res.body.data).toEqual([]);
  });

  it("ranks groups by the sum of their members' solved problems, at most 10, banned ones and applicants left out", async () => {
    const [a, b, c, d] = ['u_top_a', 'u_top_b', 'u_top_c', 'u_top_d'];
    await solved(a, 5);
    await solved(b, 3);
    await solved(c, 7);
    await solved(d, 100);
    const first = await group();
    await member(first.id, a, GroupMemberStatus.Member);
    await member(first.id, b, GroupMemberStatus.Root); // 5 + 3 = 8
    const second = await group();
    await member(second.id, c, GroupMemberStatus.Admin); // 7
    await member(second.id, d, GroupMemberStatus.Applying); // an applicant does not count
    const banned = await group({ status: GroupStatus.Banned });
    await member(banned.id, d, GroupMemberStatus.Member);
    const quiet = await group(); // a member without any solved problem
    await member(quiet.id, 'u_top_none', GroupMemberStatus.Member);
    // Ten more groups of one member each with 1 solved: only the top 10 are answered.
    for (let i = 0; i < 10; i++) {
      const g = await group();
      await solved(`u_top_f${i}`, 1);
      await member(g.id, `u_top_f${i}`, GroupMemberStatus.Member);
    }

    const res = await request(t.url).get(path).set('Authorization', t.users.admin.token).expect(200);
    const rows = res.body.data as TopGroupRow[];
    expect(rows).toHaveLength(TOP_GROUP_RANK_SIZE);
    expect(rows[0]).toEqual({ gid: first.id, name: first.name, shortName: first.shortName, memberCount: 0, solved: 8 });
    expect(rows[1]).toMatchObject({ gid: second.id, solved: 7 });
    expect(rows.slice(2).every((r) => r.solved === 1)).toBe(true);
    // ties go to the older group
    const tied = rows.slice(2).map((r) => r.gid);
    expect(tied).toEqual([...tied].sort((x, y) => x - y));
    expect(rows.map((r) => r.gid)).not.toContain(banned.id);
    expect(rows.map((r) => r.gid)).not.toContain(quiet.id);
  });
});

describe('GET admin/group/get-group-list', () => {
  const path = api(ADMIN_GROUP_API.list);

  it('is for root only', async () => {
    await request(t.url).get(path).expect(401);
    for (const who of ['user', 'admin', 'problemAdmin'] as const) {
      const res = await request(t.url).get(path).set('Authorization', t.users[who].token).expect(403);
      expect(res.body.msg).toBe(ERR.noPermission);
    }
  });

  it('lists every group with its status, banned and hidden ones included; filters by status and keyword', async () => {
    const hidden = await group({ visible: false, name: 'Hidden searchable', shortName: 'hidsrch' });
    const banned = await group({ status: GroupStatus.Banned });
    const all = await request(t.url).get(path).query({ limit: 100 }).set('Authorization', t.users.root.token).expect(200);
    const page = all.body.data as Page<AdminGroupRow>;
    const byId = new Map(page.records.map((g) => [g.id, g]));
    expect(byId.get(hidden.id)).toMatchObject({ visible: false, status: GroupStatus.Normal, name: 'Hidden searchable' });
    expect(byId.get(banned.id)).toMatchObject({ status: GroupStatus.Banned });
    expect(page.total).toBe(await t.dataSource.getRepository(Group).count());
    // the public list leaves the banned group out even for root
    const open = await request(t.url).get('/api/get-group-list').query({ limit: 100 }).set('Authorization', t.users.root.token).expect(200);
    expect((open.body.data as Page<{ id: number }>).records.map((g) => g.id)).not.toContain(banned.id);

    const onlyBanned = await request(t.url)
      .get(path)
      .query({ status: GroupStatus.Banned, limit: 100 })
      .set('Authorization', t.users.root.token);
    expect((onlyBanned.body.data as Page<AdminGroupRow>).records.every((g) => g.status === GroupStatus.Banned)).toBe(true);
    expect((onlyBanned.body.data as Page<AdminGroupRow>).records.map((g) => g.id)).toContain(banned.id);

    const found = await request(t.url).get(path).query({ keyword: 'searchable' }).set('Authorization', t.users.root.token);
    expect((found.body.data as Page<AdminGroupRow>).records.map((g) => g.id)).toEqual([hidden.id]);
  });

  it('refuses a status that is not 0 or 1 and a keyword of over 100 characters', async () => {
    await request(t.url).get(path).query({ status: 7 }).set('Authorization', t.users.root.token).expect(400);
    await request(t.url)
      .get(path)
      .query({ keyword: 'x'.repeat(101) })
      .set('Authorization', t.users.root.token)
      .expect(400);
  });
});

describe('POST file/upload-testcase-zip for a group problem (HOJ: with the gid)', () => {
  const path = '/api/file/upload-testcase-zip';

  it("lets the group's admins upload with its gid and refuses members, outsiders and a missing gid", async () => {
    const zip = await writeZip([
      ['1.in', '1 2\n'],
      ['1.out', '3\n'],
    ]);
    const g = await group();
    await member(g.id, t.users.user.uid, GroupMemberStatus.Admin);
    await member(g.id, t.users.muted.uid, GroupMemberStatus.Member);
    const upload = (who: 'user' | 'muted' | 'noSubmit' | 'admin', gid?: number, asField = false) => {
      const req = request(t.url)
        .post(gid && !asField ? `${path}?gid=${gid}` : path)
        .set('Authorization', t.users[who].token);
      if (gid && asField) req.field('gid', String(gid));
      return req.attach('file', zip, 'cases.zip');
    };

    // a group admin: with the gid in the query (HOJ) or in the form
    for (const asField of [false, true]) {
      const ok = await upload('user', g.id, asField).expect(200);
      expect(ok.body.data.fileList).toEqual([{ input: '1.in', output: '1.out' }]);
    }
    // without the gid, or for another group, the site permission is needed
    const other = await group();
    for (const res of [await upload('user'), await upload('user', other.id), await upload('muted', g.id), await upload('noSubmit', g.id)]) {
      expect([res.status, res.body.msg]).toEqual([403, ERR.noPermission]);
    }
    // site admins keep uploading without a gid
    await upload('admin').expect(200);
  });
});
