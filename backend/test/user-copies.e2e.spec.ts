import { Role } from '@oj/contracts';
import request from 'supertest';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

/**
 * A user's name and avatar are copied into posts, comments, replies, groups, submissions and more when they are
 * written (HOJ's schema). A rename by root, or a new avatar, reaches every copy and every cached page at once.
 */
describe('copies of a user name and avatar', () => {
  let t: TestApp;
  let author: TestUser;
  let bob: TestUser;
  let did: number;
  let commentId: number;
  let gid: number;

  const as = (u: TestUser, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](path).set('Authorization', u.token);
  const ok = async (res: request.Test) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`);
    return r.body.data;
  };
  const count = async (sql: string, params: unknown[]) => (await t.dataSource.query(sql, params))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp();
    // An admin, so the site's AC-count rules for posting and creating groups do not apply.
    author = await t.createUser('oldname', Role.Admin);
    bob = await t.createUser('bobcopies');
    await t.dataSource.query(`INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, 30), ($3, $4, 30)`, [
      author.uid,
      author.username,
      bob.uid,
      bob.username,
    ]);
    did = (await ok(as(author, 'post', '/api/discussion').send({ categoryId: 1, title: 'Names', description: 'd', content: 'x' }))).id;
    commentId = (await ok(as(author, 'post', '/api/comment').send({ did, content: 'my own comment' }))).id;
    await ok(as(bob, 'post', '/api/reply').send({ did, reply: { commentId, content: 'a reply to oldname' } }));
    await ok(
      as(author, 'post', '/api/group').send({
        name: `Copies ${process.pid}`.slice(0, 25),
        shortName: `cp${process.pid}`.slice(0, 10).padEnd(5, 'x'),
        brief: 'names copied',
        description: 'a group whose owner is renamed',
        auth: 1,
        visible: true,
      }),
    );
    gid = (await t.dataSource.query('SELECT id FROM group_info WHERE uid = $1', [author.uid]))[0].id;
  });
  afterAll(() => t?.close());

  it('a rename by root reaches posts, comments, replies, groups and the cached pages, and the old name is gone', async () => {
    // A contest lists the account among its star (unranked) ones, in the admin's order.
    const [{ id: cid }] = await t.dataSource.query(
      `INSERT INTO contest (uid, author, title, type, start_time, end_time, duration, star_account)
       VALUES ($1, 'root', 'Stars', 0, now(), now() + interval '1 hour', 3600, '["first", "oldname", "last"]') RETURNING id`,
      [t.users.root.uid],
    );
    // Pages read (and cached) under the old name first.
    expect((await ok(request(t.url).get(`/api/get-discussion-detail?did=${did}`))).author).toBe('oldname');
    expect((await ok(as(bob, 'get', `/api/get-group-detail?gid=${gid}`))).owner).toBe('oldname');
    expect((await ok(request(t.url).get('/api/get-user-home-info?username=oldname'))).username).toBe('oldname');

    await ok(as(t.users.root, 'put', '/api/admin/user/edit-user').send({ uid: author.uid, username: 'newname' }));

    expect((await ok(request(t.url).get(`/api/get-discussion-detail?did=${did}`))).author).toBe('newname');
    const comments = await ok(request(t.url).get(`/api/comments?did=${did}&limit=10&currentPage=1`));
    const mine = comments.commentList.records.find((c: { id: number }) => c.id === commentId);
    expect(mine.fromName).toBe('newname');
    expect(mine.replyList.map((r: { toName: string; fromName: string }) => [r.fromName, r.toName])).toEqual([['bobcopies', 'newname']]);
    expect((await ok(as(bob, 'get', `/api/get-group-detail?gid=${gid}`))).owner).toBe('newname');
    expect((await ok(request(t.url).get('/api/get-user-home-info?username=newname'))).uid).toBe(author.uid);
    expect((await request(t.url).get('/api/get-user-home-info?username=oldname')).status).toBe(404);
    // Nothing anywhere still carries the old name for this user.
    for (const [table, column, uid] of [
      ['user_judge_stat', 'username', 'uid'],
      ['discussion', 'author', 'uid'],
      ['comment', 'from_name', 'from_uid'],
      ['reply', 'to_name', 'to_uid'],
      ['group_info', 'owner', 'uid'],
    ])
      expect([
        table,
        await count(`SELECT COUNT(*)::int AS n FROM "${table}" WHERE "${uid}" = $1 AND "${column}" = 'oldname'`, [author.uid]),
      ]).toEqual([table, 0]);
    expect((await t.dataSource.query('SELECT star_account FROM contest WHERE id = $1', [cid]))[0].star_account).toEqual([
      'first',
      'newname',
      'last',
    ]);
    // Another user's copies are untouched.
    expect(await count(`SELECT COUNT(*)::int AS n FROM reply WHERE from_name = 'bobcopies'`, [])).toBe(1);
  });

  it('a new avatar reaches the posts, comments and replies that show it', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const info = await ok(as(author, 'post', '/api/file/upload-avatar').attach('image', png, 'a.png'));
    expect(info.avatar).toMatch(/\.webp$/);
    expect((await ok(request(t.url).get(`/api/get-discussion-detail?did=${did}`))).avatar).toBe(info.avatar);
    const comments = await ok(request(t.url).get(`/api/comments?did=${did}&limit=10&currentPage=1`));
    const mine = comments.commentList.records.find((c: { id: number }) => c.id === commentId);
    expect(mine.fromAvatar).toBe(info.avatar);
    expect(mine.replyList[0].toAvatar).toBe(info.avatar);
  });

  it("an admin's edit of what the home page shows (nickname, school) shows there at once, not after the page's cache", async () => {
    const home = () => ok(request(t.url).get('/api/get-user-home-info?username=bobcopies'));
    expect((await home()).nickname).not.toBe('Bobby');
    await ok(as(t.users.root, 'put', '/api/admin/user/edit-user').send({ uid: bob.uid, nickname: 'Bobby', school: 'Copies High' }));
    expect(await home()).toMatchObject({ nickname: 'Bobby', school: 'Copies High' });
  });
});
