/**
 * The audit trail (issue 36) over HTTP: each audited admin action leaves exactly one record with who, from where,
 * and the target before and after (secrets redacted); a refused or failed request leaves none; only root reads and
 * exports the trail; no route changes a record and the database refuses UPDATE and DELETE of one.
 */
import { AuditRecordView, ERR, GroupAuth, GroupMemberStatus, JudgeStatus, Page, ProblemAuth, Role } from '@oj/contracts';
import request from 'supertest';
import { AuditService } from '../src/core/audit/audit.service';
import { REDACTED } from '../src/core/audit/redact';
import { Submission } from '../src/modules/submission-store/entities/submission.entity';
import { MIN, createContest, createProblem } from './contest-fixtures';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

type Rec = AuditRecordView & { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

describe('audit trail', () => {
  let t: TestApp;
  let root: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    root = t.users.root;
    admin = t.users.admin;
  });
  afterAll(() => t?.close());

  const lastId = async (): Promise<number> => {
    const rows: { id: string | null }[] = await t.dataSource.query('SELECT max(id) AS id FROM audit_log');
    return Number(rows[0].id ?? 0);
  };

  /** The records written since `since` (ids are increasing), oldest first, read back through root's list. */
  async function recordsSince(since: number): Promise<Rec[]> {
    const res = await request(t.url).get('/api/admin/audit/list').query({ limit: 200 }).set('Authorization', root.token).expect(200);
    return (res.body.data as Page<Rec>).records.filter((r) => Number(r.id) > since).reverse();
  }

  /** Runs `act` and answers the one record it left (fails when it left none or several). */
  async function onlyRecord(act: () => Promise<unknown>): Promise<Rec> {
    const since = await lastId();
    await act();
    const recs = await recordsSince(since);
    expect(recs.map((r) => r.action)).toHaveLength(1);
    return recs[0];
  }

  const as = (user: TestUser, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](path).set('Authorization', user.token);

  async function practiceSubmission(status: number): Promise<number> {
    const problem = await createProblem(t, 'Audit');
    const row = await t.dataSource.getRepository(Submission).save({
      pid: problem.id,
      displayPid: problem.problemId,
      uid: t.users.user.uid,
      username: t.users.user.username,
      submitTime: new Date(),
      status,
      time: 5,
      memory: 1024,
      score: null,
      length: 10,
      code: 'int main(){}',
      language: 'C++',
      cid: 0,
    });
    return row.submitId;
  }

  it('a manual verdict: one record, the verdict before and after, the admin and the address', async () => {
    const submitId = await practiceSubmission(JudgeStatus.WrongAnswer);
    const rec = await onlyRecord(() =>
      as(admin, 'get', '/api/admin/judge/manual-judge').query({ submitId, status: JudgeStatus.Accepted }).expect(200),
    );
    expect(rec).toMatchObject({ action: 'judge.manual-verdict', actorUid: admin.uid, actorName: admin.username, targetType: 'judge' });
    expect(rec.targetId).toBe(String(submitId));
    expect(rec.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(rec.before).toMatchObject({ submitId, status: JudgeStatus.WrongAnswer });
    expect(rec.after).toMatchObject({ submitId, status: JudgeStatus.Accepted, judger: admin.username });
    expect(Date.now() - Date.parse(rec.time)).toBeLessThan(MIN);
  });

  it('a refused or failed request records nothing', async () => {
    const submitId = await practiceSubmission(JudgeStatus.WrongAnswer);
    const since = await lastId();
    // Not a verdict an admin may give: 400 from the service, after the interceptor read the target.
    await as(admin, 'get', '/api/admin/judge/manual-judge').query({ submitId, status: JudgeStatus.Pending }).expect(400);
    // A user is refused by the guard.
    await as(t.users.user, 'get', '/api/admin/judge/manual-judge').query({ submitId, status: JudgeStatus.Accepted }).expect(403);
    // A non-root admin may not edit users (root-only controller).
    await as(admin, 'put', '/api/admin/user/edit-user').send({ uid: t.users.user.uid, nickname: 'x' }).expect(403);
    // Bad input refused by validation.
    await as(root, 'put', '/api/admin/user/edit-user').send({ uid: t.users.user.uid, email: 'not-an-email' }).expect(400);
    expect(await recordsSince(since)).toEqual([]);
    const still: { status: number }[] = await t.dataSource.query('SELECT status FROM judge WHERE submit_id = $1', [submitId]);
    expect(still[0].status).toBe(JudgeStatus.WrongAnswer);
  });

  it('a rejudge: the verdict before, Pending after', async () => {
    const submitId = await practiceSubmission(JudgeStatus.Accepted);
    const rec = await onlyRecord(() => as(admin, 'get', '/api/admin/judge/rejudge').query({ submitId }).expect(200));
    expect(rec.action).toBe('judge.rejudge');
    expect(rec.before).toMatchObject({ status: JudgeStatus.Accepted });
    expect(rec.after).toMatchObject({ status: JudgeStatus.Pending });
  });

  it('a role change and a user edit: the role and fields before and after', async () => {
    const target = await t.createUser('audit_role');
    const rec = await onlyRecord(() =>
      as(root, 'put', '/api/admin/user/edit-user').send({ uid: target.uid, type: Role.ProblemAdmin, nickname: 'Nick' }).expect(200),
    );
    expect(rec).toMatchObject({ action: 'user.update', targetType: 'user', targetId: target.uid, actorUid: root.uid, note: null });
    expect(rec.before).toMatchObject({ uid: target.uid, roleId: Role.User, nickname: null });
    expect(rec.after).toMatchObject({ uid: target.uid, roleId: Role.ProblemAdmin, nickname: 'Nick' });
    expect(rec.before).not.toHaveProperty('password');
  });

  it('a password reset and a disable: recorded without the password, in plain text or hashed', async () => {
    const target = await t.createUser('audit_reset');
    const hash: { password: string }[] = await t.dataSource.query('SELECT password FROM user_info WHERE uid = $1', [target.uid]);
    const rec = await onlyRecord(() =>
      as(root, 'put', '/api/admin/user/edit-user')
        .send({ uid: target.uid, setNewPwd: true, password: 'Brand-new-secret-42', status: 1 })
        .expect(200),
    );
    expect(rec.note).toBe('password reset');
    expect(rec.before).toMatchObject({ status: 0 });
    expect(rec.after).toMatchObject({ status: 1 });
    const text = JSON.stringify(rec);
    expect(text).not.toContain('Brand-new-secret-42');
    expect(text).not.toContain(hash[0].password);
  });

  it('a permission taken from a role: the role’s permissions before and after', async () => {
    const held: { authId: number; permission: string }[] = await t.dataSource.query(
      `SELECT ra.auth_id AS "authId", a.permission FROM role_auth ra JOIN auth a ON a.id = ra.auth_id WHERE ra.role_id = $1 ORDER BY a.id LIMIT 1`,
      [Role.Admin],
    );
    expect(held).toHaveLength(1);
    const rec = await onlyRecord(() =>
      as(root, 'delete', '/api/admin/role-auth').query({ roleId: Role.Admin, authId: held[0].authId }).expect(200),
    );
    expect(rec).toMatchObject({ action: 'role.permission.revoke', targetType: 'role', targetId: String(Role.Admin) });
    expect((rec.before as { permissions: string[] }).permissions).toContain(held[0].permission);
    expect((rec.after as { permissions: string[] }).permissions).not.toContain(held[0].permission);
    // Given back, for the other tests.
    await as(root, 'post', '/api/admin/role-auth').send({ roleId: Role.Admin, authId: held[0].authId }).expect(200);
  });

  it('a contest edit: the row before and after, its password redacted', async () => {
    const now = Date.now();
    const cid = await createContest(t, admin, { title: 'Before', startTime: new Date(now + 60 * MIN), endTime: new Date(now + 120 * MIN) });
    const detail = await as(admin, 'get', '/api/admin/contest').query({ cid }).expect(200);
    const rec = await onlyRecord(() =>
      as(admin, 'put', '/api/admin/contest')
        .send({ ...detail.body.data, id: cid, title: 'After', auth: 1, pwd: 'contest-secret-77' })
        .expect(200),
    );
    expect(rec).toMatchObject({ action: 'contest.update', targetType: 'contest', targetId: String(cid) });
    expect(rec.before).toMatchObject({ id: cid, title: 'Before' });
    expect(rec.after).toMatchObject({ id: cid, title: 'After', pwd: REDACTED });
    expect(JSON.stringify(rec)).not.toContain('contest-secret-77');
  });

  it('a contest created and deleted: null before, null after', async () => {
    const now = Date.now();
    const since = await lastId();
    const cid = await createContest(t, admin, { title: 'Gone', startTime: new Date(now + 60 * MIN), endTime: new Date(now + 120 * MIN) });
    await as(admin, 'delete', '/api/admin/contest').query({ cid }).expect(200);
    const recs = await recordsSince(since);
    expect(recs.map((r) => r.action)).toEqual(['contest.create', 'contest.delete']);
    expect(recs[0]).toMatchObject({ targetId: String(cid), before: null, after: { id: cid, title: 'Gone' } });
    expect(recs[1]).toMatchObject({ targetId: String(cid), before: { id: cid, title: 'Gone' }, after: null });
  });

  it('a problem’s visibility: auth before and after', async () => {
    const problem = await createProblem(t, 'Visible');
    const rec = await onlyRecord(() =>
      as(admin, 'put', '/api/admin/problem/change-problem-auth').send({ id: problem.id, auth: ProblemAuth.Private }).expect(200),
    );
    expect(rec).toMatchObject({ action: 'problem.visibility', targetType: 'problem', targetId: String(problem.id) });
    expect(rec.before).toMatchObject({ id: problem.id, auth: ProblemAuth.Public });
    expect(rec.after).toMatchObject({ id: problem.id, auth: ProblemAuth.Private });
  });

  it('a config change: the section before and after, the SMTP password redacted', async () => {
    const rec = await onlyRecord(() =>
      as(root, 'put', '/api/admin/config/set-email-config')
        .send({ emailHost: 'smtp.example.org', emailPort: 587, emailUsername: 'oj', emailPassword: 'smtp-secret-99', emailSsl: false })
        .expect(200),
    );
    expect(rec).toMatchObject({ action: 'config.email.update', targetType: 'config', targetId: 'email' });
    expect(rec.before).toMatchObject({ email: { emailHost: '', emailPassword: '' } });
    expect(rec.after).toMatchObject({ email: { emailHost: 'smtp.example.org', emailPort: 587, emailPassword: REDACTED } });
    expect(JSON.stringify(rec)).not.toContain('smtp-secret-99');
  });

  it('a site switch: the switch before and after', async () => {
    const rec = await onlyRecord(() => as(root, 'put', '/api/admin/switch/update').send({ openPublicDiscussion: false }).expect(200));
    expect(rec).toMatchObject({ action: 'config.switch.update', targetId: 'switch' });
    expect(rec.before).toMatchObject({ openPublicDiscussion: true });
    expect(rec.after).toMatchObject({ openPublicDiscussion: false });
    await as(root, 'put', '/api/admin/switch/update').send({ openPublicDiscussion: true }).expect(200);
    // Saving what is already there changes nothing anyone sees: no record.
    const since = await lastId();
    await as(root, 'put', '/api/admin/switch/update').send({ openPublicDiscussion: true }).expect(200);
    expect(await recordsSince(since)).toEqual([]);
  });

  it('deletions: an announcement and a user, the row before and nothing after', async () => {
    const created = await as(root, 'post', '/api/admin/announcement').send({ title: 'Audit news', content: 'body' }).expect(200);
    const aid = created.body.data.id as number;
    const rec = await onlyRecord(() => as(root, 'delete', '/api/admin/announcement').query({ aid }).expect(200));
    expect(rec).toMatchObject({ action: 'announcement.delete', targetId: String(aid), after: null });
    expect(rec.before).toMatchObject({ id: aid, title: 'Audit news' });

    const victim = await t.createUser('audit_gone');
    const del = await onlyRecord(() =>
      as(root, 'delete', '/api/admin/user/delete-user')
        .send({ ids: [victim.uid] })
        .expect(200),
    );
    expect(del).toMatchObject({ action: 'user.delete', targetId: victim.uid, after: null });
    expect(del.before).toMatchObject({ uid: victim.uid, username: 'audit_gone' });
  });

  it('a group owner’s actions: the member’s level and the group’s fields before and after', async () => {
    const owner = await t.createUser('audit_owner');
    const pupil = await t.createUser('audit_pupil');
    await t.dataSource.query(`INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, 500)`, [owner.uid, owner.username]);
    const group = {
      name: 'Audit Class',
      shortName: 'audcls',
      brief: 'A brief line',
      description: 'Class description',
      auth: GroupAuth.Protected,
      code: 'ABC123',
      visible: true,
    };
    const made = await onlyRecord(() => as(owner, 'post', '/api/group').send(group).expect(200));
    expect(made).toMatchObject({ action: 'group.create', actorUid: owner.uid, after: { name: 'Audit Class' } });
    const gid = ((await t.dataSource.query('SELECT id FROM group_info WHERE name = $1', ['Audit Class'])) as { id: number }[])[0].id;

    // The pupil's application is the pupil's own act, not an owner's: no record.
    const since = await lastId();
    await as(pupil, 'post', '/api/group/member').send({ gid, reason: 'I am in this class' }).expect(200);
    expect(await recordsSince(since)).toEqual([]);

    const accepted = await onlyRecord(() =>
      as(owner, 'put', '/api/group/member').send({ gid, uid: pupil.uid, auth: GroupMemberStatus.Member }).expect(200),
    );
    expect(accepted).toMatchObject({ action: 'group.member.update', targetType: 'group-member', targetId: `${gid}:${pupil.uid}` });
    expect(accepted.before).toMatchObject({ auth: GroupMemberStatus.Applying });
    expect(accepted.after).toMatchObject({ auth: GroupMemberStatus.Member });

    const edited = await onlyRecord(() =>
      as(owner, 'put', '/api/group')
        .send({ ...group, id: gid, brief: 'A new brief line' })
        .expect(200),
    );
    expect(edited).toMatchObject({ action: 'group.update', targetId: String(gid) });
    expect(edited.before).toMatchObject({ brief: 'A brief line' });
    expect(edited.after).toMatchObject({ brief: 'A new brief line' });
  });

  it('AuditService.record redacts secrets at any depth and writes inside the caller’s transaction', async () => {
    const audit = t.get<AuditService>(AuditService);
    const since = await lastId();
    await t.dataSource
      .transaction(async (em) => {
        await audit.record({ action: 'test.rolled-back', actorUid: null, after: { x: 1 } }, em);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await audit.record({
      action: 'test.nested',
      actorUid: null,
      targetType: 'config',
      targetId: 7,
      before: { providers: [{ clientSecret: 'a', bindPassword: 'b', nested: { apiKey: 'c', token: 'd', salt: 'e' } }] },
      after: { providers: [{ clientSecret: '', passwordLength: 8, name: 'ok' }] },
    });
    const recs = await recordsSince(since);
    expect(recs.map((r) => r.action)).toEqual(['test.nested']);
    expect(recs[0].actorUid).toBeNull();
    expect(recs[0].before).toEqual({
      providers: [{ clientSecret: REDACTED, bindPassword: REDACTED, nested: { apiKey: REDACTED, token: REDACTED, salt: REDACTED } }],
    });
    // An empty secret says "none set" and a number is a setting about secrets: both stay readable.
    expect(recs[0].after).toEqual({ providers: [{ clientSecret: '', passwordLength: 8, name: 'ok' }] });
  });

  it('only root reads and exports the trail', async () => {
    for (const user of [admin, t.users.problemAdmin, t.users.user]) {
      const res = await as(user, 'get', '/api/admin/audit/list').expect(403);
      expect(res.body.msg).toBe(ERR.noPermission);
      await as(user, 'get', '/api/admin/audit/export').expect(403);
      await as(user, 'get', '/api/admin/audit/actions').expect(403);
    }
    await request(t.url).get('/api/admin/audit/list').expect(401);
  });

  it('root filters by actor, action prefix, target and time, and pages', async () => {
    const byAdmin = await as(root, 'get', '/api/admin/audit/list').query({ actor: admin.username, limit: 200 }).expect(200);
    const adminRecs = (byAdmin.body.data as Page<Rec>).records;
    expect(adminRecs.length).toBeGreaterThan(0);
    expect(adminRecs.every((r) => r.actorUid === admin.uid)).toBe(true);

    const users = await as(root, 'get', '/api/admin/audit/list').query({ action: 'user.', limit: 200 }).expect(200);
    const actions = new Set((users.body.data as Page<Rec>).records.map((r) => r.action));
    expect([...actions].sort()).toEqual(['user.delete', 'user.update']);

    const judge = await as(root, 'get', '/api/admin/audit/list').query({ targetType: 'judge', limit: 1 }).expect(200);
    const page = judge.body.data as Page<Rec>;
    expect(page).toMatchObject({ current: 1, size: 1 });
    expect(page.total).toBe(2);
    expect(page.records).toHaveLength(1);

    const future = await as(root, 'get', '/api/admin/audit/list')
      .query({ from: Date.now() + 60 * MIN })
      .expect(200);
    expect(future.body.data.total).toBe(0);
    const past = await as(root, 'get', '/api/admin/audit/list')
      .query({ to: new Date(Date.now() - 60 * MIN).toISOString() })
      .expect(200);
    expect(past.body.data.total).toBe(0);
    const bad = await as(root, 'get', '/api/admin/audit/list').query({ from: 'yesterday-ish' }).expect(400);
    expect(bad.body.msg).toBe(ERR.badRequest);

    const names = await as(root, 'get', '/api/admin/audit/actions').expect(200);
    expect(names.body.data).toEqual(expect.arrayContaining(['judge.manual-verdict', 'contest.update', 'config.email.update']));
  });

  it('root exports CSV with the same filters', async () => {
    const res = await as(root, 'get', '/api/admin/audit/export').query({ action: 'contest.update' }).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,time,actorUid,actorName,ip,action,targetType,targetId,before,after,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',contest.update,contest,');
    expect(lines[1]).toContain('""title"":""After""');
    expect(res.text).not.toContain('contest-secret-77');
  });

  it('no route edits or deletes a record, and the database refuses it', async () => {
    for (const method of ['post', 'put', 'delete'] as const) {
      await as(root, method, '/api/admin/audit/list').send({ id: 1 }).expect(404);
    }
    await as(root, 'delete', '/api/admin/audit').query({ id: 1 }).expect(404);
    const before = await t.dataSource.query('SELECT count(*)::int AS n FROM audit_log');
    await expect(t.dataSource.query(`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM audit_log')).toEqual(before);
    expect(await t.dataSource.query(`SELECT 1 FROM audit_log WHERE action = 'forged'`)).toEqual([]);
  });
});
