import { ADMIN_USER_TEXT, ERR, LIMITS, Role } from '@oj/contracts';
import request from 'supertest';
import { User } from '../src/core/auth/entities/user.entity';
import { TEST_PASSWORD, TestApp, createTestApp } from './utils/test-app';

describe('admin user management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const root = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](`/api/admin/user/${path}`).set('Authorization', t.users.root.token);
  const login = (username: string, password: string) => request(t.url).post('/api/login').send({ username, password });

  it.each(['get-user-list', 'edit-user', 'delete-user', 'insert-batch-user', 'generate-user'])('%s is for root only', async (path) => {
    const method = path === 'get-user-list' ? 'get' : path === 'edit-user' ? 'put' : path === 'delete-user' ? 'delete' : 'post';
    expect((await request(t.url)[method](`/api/admin/user/${path}`).send({})).status).toBe(401);
    for (const who of ['user', 'muted', 'problemAdmin', 'admin'] as const) {
      const res = await request(t.url)[method](`/api/admin/user/${path}`).set('Authorization', t.users[who].token).send({});
      expect([res.status, res.body.msg]).toEqual([403, ERR.noPermission]);
    }
  });

  it('lists users with their roles, filtered by keyword and admin roles', async () => {
    const all = (await root('get', 'get-user-list?limit=50').expect(200)).body.data;
    expect(all.total).toBe(6);
    const admin = all.records.find((u: { username: string }) => u.username === t.users.admin.username);
    expect(admin).toMatchObject({ roleId: Role.Admin, roleList: ['admin'], status: 0 });
    expect(admin.password).toBeUndefined();
    const admins = (await root('get', 'get-user-list?onlyAdmin=true&limit=50').expect(200)).body.data;
    expect(admins.records.map((u: { roleId: number }) => u.roleId).sort()).toEqual([Role.Root, Role.Admin, Role.ProblemAdmin].sort());
    const muted = (await root('get', `get-user-list?role=${Role.UserMuted}`).expect(200)).body.data;
    expect(muted.records.map((u: { username: string }) => u.username)).toEqual([t.users.muted.username]);
    const found = (await root('get', `get-user-list?keyword=${t.users.muted.username}`).expect(200)).body.data;
    expect(found.records.map((u: { username: string }) => u.username)).toEqual([t.users.muted.username]);
  });

  it('changes role and status, and a new password ends the sessions', async () => {
    const u = await t.createUser('edited', Role.User);
    await root('put', 'edit-user').send({ uid: u.uid, type: Role.ProblemAdmin, titleName: 'Setter' }).expect(200);
    // Role changes apply to existing tokens at once.
    await request(t.url).get('/api/admin/config/get-service-info').set('Authorization', u.token).expect(200);

    await root('put', 'edit-user').send({ uid: u.uid, setNewPwd: true, password: 'brand-new1' }).expect(200);
    expect((await request(t.url).get('/api/admin/config/get-service-info').set('Authorization', u.token).expect(401)).body.msg).toBe(
      ERR.loginAgain,
    );
    await login('edited', TEST_PASSWORD).expect(400);
    await login('edited', 'brand-new1').expect(200);

    await root('put', 'edit-user').send({ uid: u.uid, status: 1 }).expect(200);
    expect((await login('edited', 'brand-new1').expect(403)).body.msg).toBe(ERR.accountDisabled);

    expect((await root('put', 'edit-user').send({ uid: u.uid, setNewPwd: true, password: '123' }).expect(400)).body.msg).toBe(
      ERR.passwordLength,
    );
    expect((await root('put', 'edit-user').send({ uid: u.uid, username: t.users.user.username }).expect(400)).body.msg).toBe(
      ERR.usernameExists,
    );
    expect((await root('put', 'edit-user').send({ uid: u.uid, type: 999 }).expect(400)).body.msg).toBe(ERR.badRequest);
    expect((await root('put', 'edit-user').send({ uid: t.users.root.uid, type: Role.User }).expect(400)).body.msg).toBe(
      ADMIN_USER_TEXT.cannotChangeOwnRole,
    );
    await root('put', 'edit-user')
      .send({ uid: 'f'.repeat(32), nickname: 'x' })
      .expect(404);
  });

  it('imports CSV rows, skipping the incomplete and the taken ones', async () => {
    const res = await root('post', 'insert-batch-user')
      .send({
        users: [
          ['csv_a', 'passw0rd', 'csv_a@example.com', 'Ann A', 'female', 'annie', 'MIT'],
          ['csv_b', 'passw0rd', '', '', '0'],
          ['', 'passw0rd'],
          ['csv_c'],
          [t.users.user.username, 'passw0rd'],
          ['csv_a', 'passw0rd'],
        ],
      })
      .expect(200);
    expect(res.body.data.created).toBe(2);
    expect(res.body.data.skipped.map((s: { row: number }) => s.row)).toEqual([3, 4, 5, 6]);
    const a = await t.dataSource.getRepository(User).findOneByOrFail({ username: 'csv_a' });
    expect(a).toMatchObject({ email: 'csv_a@example.com', realname: 'Ann A', gender: 'female', nickname: 'annie', school: 'MIT' });
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ username: 'csv_b' })).gender).toBe('male');
    await login('csv_a', 'passw0rd').expect(200);
  });

  it('generates numbered accounts with random passwords that can log in', async () => {
    const made = (
      await root('post', 'generate-user').send({ prefix: 'team', suffix: 'x', numberFrom: 1, numberTo: 3, passwordLength: 25 }).expect(200)
    ).body.data.users;
    expect(made.map((u: { username: string }) => u.username)).toEqual(['team1x', 'team2x', 'team3x']);
    expect(made.every((u: { password: string }) => u.password.length === 25)).toBe(true);
    await login('team2x', made[1].password).expect(200);
    expect(
      (await root('post', 'generate-user').send({ prefix: 'team', suffix: 'x', numberFrom: 3, numberTo: 4, passwordLength: 8 }).expect(400))
        .body.msg,
    ).toContain(ERR.usernameExists);
  });

  it.each([
    [{ prefix: 'g', suffix: '', numberTo: 2, passwordLength: 8 }, ADMIN_USER_TEXT.startRequired],
    [{ prefix: 'g', suffix: '', numberFrom: 1, passwordLength: 8 }, ADMIN_USER_TEXT.endRequired],
    [{ prefix: 'g', suffix: '', numberFrom: 5, numberTo: 2, passwordLength: 8 }, ADMIN_USER_TEXT.endBeforeStart],
    [
      { prefix: 'g', suffix: '', numberFrom: 1, numberTo: 2, passwordLength: LIMITS.generatedPasswordMin - 1 },
      ADMIN_USER_TEXT.passwordLength,
    ],
    [
      { prefix: 'g', suffix: '', numberFrom: 1, numberTo: 2, passwordLength: LIMITS.generatedPasswordMax + 1 },
      ADMIN_USER_TEXT.passwordLength,
    ],
    [{ prefix: 'g', suffix: '', numberFrom: 1, numberTo: 2, passwordLength: 'ten' }, ADMIN_USER_TEXT.passwordLength],
  ])('refuses to generate from %j', async (body, msg) => {
    const before = await t.dataSource.getRepository(User).count();
    expect((await root('post', 'generate-user').send(body).expect(400)).body.msg).toBe(msg);
    expect(await t.dataSource.getRepository(User).count()).toBe(before);
  });

  it('deletes users, never the caller', async () => {
    const u = await t.createUser('doomed', Role.User);
    expect(
      (
        await root('delete', 'delete-user')
          .send({ ids: [t.users.root.uid] })
          .expect(400)
      ).body.msg,
    ).toBe(ADMIN_USER_TEXT.cannotDeleteSelf);
    expect(
      (
        await root('delete', 'delete-user')
          .send({ ids: [u.uid] })
          .expect(200)
      ).body.data,
    ).toEqual({ deleted: 1 });
    expect((await request(t.url).get('/api/logout').set('Authorization', u.token).expect(401)).body.msg).toBe(ERR.loginAgain);
    await login('doomed', TEST_PASSWORD).expect(400);
  });
});
