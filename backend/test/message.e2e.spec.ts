import { ERR, Role } from '@oj/contracts';
import request from 'supertest';
import { NoticeService } from '../src/modules/message/notice.service';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

describe('admin notices and system messages', () => {
  let t: TestApp;
  let reader: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.createUser('reader', Role.User);
  });
  afterAll(() => t?.close());

  const root = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](path).set('Authorization', t.users.root.token);
  const unread = async (u: TestUser) => (await request(t.url).get('/api/msg/unread').set('Authorization', u.token).expect(200)).body.data;
  const sysTitles = async (u: TestUser) =>
    (await request(t.url).get('/api/msg/sys?limit=50').set('Authorization', u.token).expect(200)).body.data.records.map(
      (r: { title: string }) => r.title,
    );

  it('is managed by root only', async () => {
    await request(t.url).get('/api/admin/msg/notice').expect(401);
    for (const who of ['user', 'muted', 'problemAdmin', 'admin'] as const) {
      const res = await request(t.url).get('/api/admin/msg/notice').set('Authorization', t.users[who].token).expect(403);
      expect(res.body.msg).toBe(ERR.noPermission);
      await request(t.url)
        .post('/api/admin/msg/notice')
        .set('Authorization', t.users[who].token)
        .send({ title: 'x', content: 'y', type: 'All' })
        .expect(403);
    }
    await root('get', '/api/admin/msg/notice').expect(200);
    expect((await request(t.url).get('/api/msg/unread').expect(401)).body.msg).toBe(ERR.loginFirst);
  });

  it('pushes each notice once to its recipients and counts them unread until read', async () => {
    await root('post', '/api/admin/msg/notice').send({ title: 'To everyone', content: 'hello all', type: 'All' }).expect(200);
    await root('post', '/api/admin/msg/notice').send({ title: 'To admins', content: 'hello admins', type: 'Admin' }).expect(200);
    await root('post', '/api/admin/msg/notice')
      .send({ title: 'To reader', content: 'hello you', type: 'User', recipient: 'reader' })
      .expect(200);
    expect(await unread(reader)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });

    const notices = t.get<NoticeService>(NoticeService);
    expect(await notices.pushPending()).toBe(3);
    expect(await notices.pushPending()).toBe(0);

    expect((await unread(reader)).sys).toBe(2);
    expect((await unread(t.users.admin)).sys).toBe(2);
    expect((await unread(t.users.problemAdmin)).sys).toBe(2);
    expect((await unread(t.users.user)).sys).toBe(1);

    expect((await sysTitles(reader)).sort()).toEqual(['To everyone', 'To reader']);
    expect((await sysTitles(t.users.admin)).sort()).toEqual(['To admins', 'To everyone']);
    expect((await unread(reader)).sys).toBe(0);

    const list = (await root('get', '/api/admin/msg/notice?limit=10').expect(200)).body.data;
    expect(list.total).toBe(3);
    expect(list.records.every((n: { state: boolean }) => n.state)).toBe(true);
    expect(list.records.find((n: { title: string }) => n.title === 'To reader').recipient).toBe('reader');
  });

  it('pushes one notice now (root only), leaves the others to the hourly push, and never twice', async () => {
    const now = (await root('post', '/api/admin/msg/notice').send({ title: 'Push me now', content: 'at once', type: 'All' }).expect(200))
      .body.data;
    await root('post', '/api/admin/msg/notice').send({ title: 'Wait an hour', content: 'later', type: 'All' }).expect(200);
    for (const who of ['admin', 'user'] as const) {
      await request(t.url).post('/api/admin/msg/notice/push').set('Authorization', t.users[who].token).send({ id: now.id }).expect(403);
    }
    const before = (await unread(reader)).sys;
    const pushed = (await root('post', '/api/admin/msg/notice/push').send({ id: now.id }).expect(200)).body.data;
    expect([pushed.id, pushed.state]).toEqual([now.id, true]);
    expect((await unread(reader)).sys).toBe(before + 1);
    expect(await sysTitles(reader)).toContain('Push me now');
    // again: nothing more delivered; the hourly job takes only the other one
    await root('post', '/api/admin/msg/notice/push').send({ id: now.id }).expect(200);
    expect(await t.get<NoticeService>(NoticeService).pushPending()).toBe(1);
    expect((await sysTitles(reader)).filter((x: string) => x === 'Push me now')).toHaveLength(1);
    await root('post', '/api/admin/msg/notice/push').send({ id: 999999 }).expect(404);
  });

  it('waits for a push of the same notice already under way instead of answering it as pushed while it still waits', async () => {
    const notice = (await root('post', '/api/admin/msg/notice').send({ title: 'Held', content: 'by the job', type: 'All' }).expect(200))
      .body.data;
    const before = (await unread(reader)).sys;
    // another transaction (the hourly job, say) holds the notice and marks it pushed, then commits a moment later
    const job = t.dataSource.createQueryRunner();
    await job.connect();
    await job.startTransaction();
    await job.query('SELECT id FROM admin_sys_notice WHERE id = $1 FOR UPDATE', [notice.id]);
    await job.query('UPDATE admin_sys_notice SET state = true WHERE id = $1', [notice.id]);
    let answered = false;
    const pushing = root('post', '/api/admin/msg/notice/push')
      .send({ id: notice.id })
      .then((res) => {
        answered = true;
        return res;
      });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    await job.commitTransaction();
    await job.release();
    const res = await pushing;
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe(true);
    // the holder pushed it (here: only marked it); the push now delivered nothing more
    expect((await unread(reader)).sys).toBe(before);
  });

  it('refuses a designated notice without an existing recipient', async () => {
    expect((await root('post', '/api/admin/msg/notice').send({ title: 't', content: 'c', type: 'User' }).expect(400)).body.msg).toBe(
      ERR.usernameRequired,
    );
    expect(
      (await root('post', '/api/admin/msg/notice').send({ title: 't', content: 'c', type: 'User', recipient: 'ghost' }).expect(400)).body
        .msg,
    ).toBe(ERR.usernameNotExist);
    expect((await root('post', '/api/admin/msg/notice').send({ title: 't', content: 'c', type: 'Everybody' }).expect(400)).body.msg).toBe(
      ERR.badRequest,
    );
  });

  it('edits and deletes notices, removing delivered copies', async () => {
    const created = (
      await root('post', '/api/admin/msg/notice').send({ title: 'Draft', content: 'v1', type: 'User', recipient: 'reader' }).expect(200)
    ).body.data;
    await root('put', '/api/admin/msg/notice').send({ id: created.id, title: 'Final', content: 'v2' }).expect(200);
    await t.get<NoticeService>(NoticeService).pushPending();
    expect(await sysTitles(reader)).toContain('Final');
    await root('delete', `/api/admin/msg/notice?id=${created.id}`).expect(200);
    expect(await sysTitles(reader)).not.toContain('Final');
    await root('delete', `/api/admin/msg/notice?id=${created.id}`).expect(404);
  });
});
