import { AUTH_TEXT, BUILTIN_PERMISSIONS, ERR, JUDGING_ERR, PERMISSION, Role } from '@oj/contracts';
import request from 'supertest';
import { routeTable } from './utils/route-table';
import { TestApp, createTestApp } from './utils/test-app';

interface AuthRow {
  id: number;
  permission: string;
  name: string;
  status: number;
  builtin: boolean;
}
interface RoleRow {
  roleId: number;
  authIds: number[];
}

describe('admin auth and role-auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const root = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](`/api/admin/${path}`).set('Authorization', t.users.root.token);
  const auths = async (): Promise<AuthRow[]> => (await root('get', 'auth').expect(200)).body.data;
  const roleAuths = async (): Promise<RoleRow[]> => (await root('get', 'role-auth').expect(200)).body.data;
  const idOf = async (permission: string) => (await auths()).find((a) => a.permission === permission)!.id;

  it.each([
    ['get', 'auth'],
    ['post', 'auth'],
    ['put', 'auth'],
    ['delete', 'auth'],
    ['get', 'role-auth'],
    ['put', 'role-auth'],
    ['post', 'role-auth'],
    ['delete', 'role-auth'],
  ] as const)('%s /api/admin/%s is for the super admin only', async (method, path) => {
    expect((await request(t.url)[method](`/api/admin/${path}`).send({})).body.msg).toBe(ERR.loginFirst);
    for (const who of ['user', 'muted', 'noSubmit', 'problemAdmin', 'admin'] as const) {
      const res = await request(t.url)[method](`/api/admin/${path}`).set('Authorization', t.users[who].token).send({});
      expect([res.status, res.body.msg]).toEqual([403, ERR.noPermission]);
    }
  });

  it('starts with the built-in permissions held by the roles of product §6', async () => {
    const rows = await auths();
    expect(rows.map((a) => a.permission).sort()).toEqual(BUILTIN_PERMISSIONS.map((p) => p.permission).sort());
    expect(rows.every((a) => a.builtin && a.status === 0)).toBe(true);
    const roles = await roleAuths();
    expect(roles.map((r) => r.roleId)).toEqual(Object.values(Role).sort());
    for (const p of BUILTIN_PERMISSIONS) {
      const id = rows.find((a) => a.permission === p.permission)!.id;
      const holders = roles.filter((r) => r.authIds.includes(id)).map((r) => r.roleId);
      expect([p.permission, holders.sort()]).toEqual([p.permission, [...p.roles].sort()]);
    }
    // The super admin holds every permission.
    expect(roles.find((r) => r.roleId === Role.Root)!.authIds).toEqual(rows.map((a) => a.id).sort((a, b) => a - b));
  });

  it('declares, on every @Permission route, the roles that hold it by default', () => {
    const guarded = routeTable(t.app).filter((r) => r.permission);
    expect(guarded.length).toBeGreaterThan(20);
    for (const r of guarded) {
      const def = BUILTIN_PERMISSIONS.find((p) => p.permission === r.permission);
      expect([`${r.method} ${r.path}`, [...(r.roles ?? [])].sort()]).toEqual([`${r.method} ${r.path}`, [...(def?.roles ?? [])].sort()]);
    }
  });

  it('a permission taken from a role is refused at once, and one given is allowed', async () => {
    const problems = (who: 'admin' | 'user') =>
      request(t.url).get('/api/admin/problem/get-problem-list').set('Authorization', t.users[who].token);
    await problems('admin').expect(200);
    const pid = await idOf(PERMISSION.problemAdmin);
    await root('delete', `role-auth?roleId=${Role.Admin}&authId=${pid}`).expect(200);
    expect((await problems('admin').expect(403)).body.msg).toBe(ERR.noPermission);
    // Other admin areas of the role are untouched; root is never refused.
    await request(t.url).get('/api/admin/contest/get-contest-list').set('Authorization', t.users.admin.token).expect(200);
    await request(t.url).get('/api/admin/problem/get-problem-list').set('Authorization', t.users.root.token).expect(200);
    await root('post', 'role-auth').send({ roleId: Role.Admin, authId: pid }).expect(200);
    await problems('admin').expect(200);

    expect((await problems('user').expect(403)).body.msg).toBe(ERR.noPermission);
    const userRow = (await roleAuths()).find((r) => r.roleId === Role.User)!;
    const set = (
      await root('put', 'role-auth')
        .send({ roleId: Role.User, authIds: [...userRow.authIds, pid] })
        .expect(200)
    ).body.data;
    expect(set.authIds).toContain(pid);
    await problems('user').expect(200);
    await root('put', 'role-auth').send({ roleId: Role.User, authIds: userRow.authIds }).expect(200);
    await problems('user').expect(403);
  });

  it('a disabled permission is refused to every role but the super admin', async () => {
    const id = await idOf(PERMISSION.dashboardView);
    const info = (token: string) => request(t.url).get('/api/admin/dashboard/get-dashboard-info').set('Authorization', token);
    await info(t.users.admin.token).expect(200);
    await root('put', 'auth').send({ id, status: 1 }).expect(200);
    await info(t.users.admin.token).expect(403);
    await info(t.users.root.token).expect(200);
    await root('put', 'auth').send({ id, status: 0 }).expect(200);
    await info(t.users.admin.token).expect(200);
  });

  it('services read the mapping: a role without submit is refused in every context, and the default roles keep their rules', async () => {
    // Practice, and the same call in a contest, an exam and a training: the stored permission decides for all four.
    const contexts = [{}, { cid: 999999 }, { eid: 999999 }, { tid: 999999 }];
    const submitIn = (who: 'user' | 'noSubmit', context: object) =>
      request(t.url)
        .post('/api/submit-problem-judge')
        .set('Authorization', t.users[who].token)
        .send({ pid: 999999, language: 'C', code: 'int main(){return 0;}', ...context });
    const submit = (who: 'user' | 'noSubmit') => submitIn(who, {});
    const answers = async (who: 'user' | 'noSubmit') => Promise.all(contexts.map(async (c) => (await submitIn(who, c)).body.msg));
    expect(await answers('noSubmit')).toEqual(contexts.map(() => JUDGING_ERR.submitForbidden));
    expect((await answers('user')).filter((msg) => msg === JUDGING_ERR.submitForbidden)).toEqual([]);
    const sid = await idOf(PERMISSION.submit);
    await root('delete', `role-auth?roleId=${Role.User}&authId=${sid}`).expect(200);
    expect((await submit('user').expect(403)).body.msg).toBe(JUDGING_ERR.submitForbidden);
    expect(await answers('user')).toEqual(contexts.map(() => JUDGING_ERR.submitForbidden));
    await root('post', 'role-auth').send({ roleId: Role.UserNoSubmit, authId: sid }).expect(200);
    expect((await submit('noSubmit')).body.msg).not.toBe(JUDGING_ERR.submitForbidden);
    // Exams too obey Admin → Auth (they once checked a fixed list of roles).
    expect((await answers('noSubmit')).filter((msg) => msg === JUDGING_ERR.submitForbidden)).toEqual([]);
    await root('delete', `role-auth?roleId=${Role.UserNoSubmit}&authId=${sid}`).expect(200);
    await root('post', 'role-auth').send({ roleId: Role.User, authId: sid }).expect(200);
  });

  it('checks every rule and stores nothing on a refusal', async () => {
    const before = await auths();
    const bad = async (method: 'post' | 'put' | 'delete', path: string, body: object, msg: string) => {
      const res = await root(method, path).send(body);
      expect([res.status >= 400, res.body.msg]).toEqual([true, msg]);
    };
    await bad('post', 'auth', { name: 'x', permission: 'has space' }, AUTH_TEXT.permissionFormat);
    await bad('post', 'auth', { name: '', permission: 'ok:key' }, AUTH_TEXT.nameRequired);
    await bad('post', 'auth', { name: 'x' }, AUTH_TEXT.permissionRequired);
    await bad('post', 'auth', { name: 'Dup', permission: PERMISSION.submit }, AUTH_TEXT.permissionExists);
    const sid = before.find((a) => a.permission === PERMISSION.submit)!.id;
    await bad('delete', `auth?id=${sid}`, {}, AUTH_TEXT.builtinPermission);
    await bad('put', 'auth', { id: sid, permission: 'submit2' }, AUTH_TEXT.builtinPermission);
    await bad('put', 'auth', { id: 99999, name: 'gone' }, AUTH_TEXT.authNotFound);
    await bad('put', 'role-auth', { roleId: Role.Root, authIds: [] }, AUTH_TEXT.rootHoldsAll);
    await bad('put', 'role-auth', { roleId: 4242, authIds: [] }, AUTH_TEXT.roleNotFound);
    await bad('put', 'role-auth', { roleId: Role.User, authIds: [99999] }, AUTH_TEXT.authNotFound);
    await bad('delete', `role-auth?roleId=${Role.Root}&authId=${sid}`, {}, AUTH_TEXT.rootHoldsAll);
    expect(await auths()).toEqual(before);
    expect((await roleAuths()).find((r) => r.roleId === Role.User)!.authIds.length).toBeGreaterThan(0);
  });

  it('custom permissions: create, rename, give to a role, delete (the links go with it)', async () => {
    const created: AuthRow = (await root('post', 'auth').send({ name: 'Print', permission: 'print:admin' }).expect(200)).body.data;
    expect(created).toMatchObject({ name: 'Print', permission: 'print:admin', status: 0, builtin: false });
    await root('put', 'auth').send({ id: created.id, name: 'Printing', permission: 'print:manage' }).expect(200);
    await root('post', 'role-auth').send({ roleId: Role.Admin, authId: created.id }).expect(200);
    await root('post', 'role-auth').send({ roleId: Role.Admin, authId: created.id }).expect(200); // twice is once
    expect((await roleAuths()).find((r) => r.roleId === Role.Admin)!.authIds.filter((id) => id === created.id)).toHaveLength(1);
    expect((await auths()).find((a) => a.id === created.id)).toMatchObject({ name: 'Printing', permission: 'print:manage' });
    await root('delete', `auth?id=${created.id}`).expect(200);
    expect((await auths()).some((a) => a.id === created.id)).toBe(false);
    expect((await roleAuths()).some((r) => r.authIds.includes(created.id))).toBe(false);
  });
});
