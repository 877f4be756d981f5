import { DISCUSSION_ERR } from '@oj/contracts';
import request from 'supertest';
import { DiscussionCacheService } from '../src/modules/discussion/discussion-cache.service';
import { DiscussionService, postTemplate } from '../src/modules/discussion/public/discussion.service';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

/**
 * The page cache of the discussion area (module README "Speed"): every read here is made twice before a
 * change, so the page is cached, and once right after it: the change must show at once, and a hidden post
 * must never reach anyone but its author and admins from a cached page.
 */
describe('discussion page cache: changes show at once, hidden posts never leak', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const as = (u: TestUser | null, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    u ? request(t.url)[method](path).set('Authorization', u.token) : request(t.url)[method](path);
  /** Read twice: the second answer comes from the cache the first one filled. */
  const twice = async (u: TestUser | null, path: string, status = 200) => {
    await as(u, 'get', path).expect(status);
    return (await as(u, 'get', path).expect(status)).body;
  };
  const listIds = async (u: TestUser | null, query = '') =>
    ((await as(u, 'get', `/api/get-discussion-list?limit=15${query}`).expect(200)).body.data.records as { id: number }[]).map((d) => d.id);
  const listRow = async (u: TestUser | null, did: number) =>
    ((await as(u, 'get', '/api/get-discussion-list?limit=15').expect(200)).body.data.records as { id: number }[]).find(
      (d) => d.id === did,
    ) as Record<string, unknown> | undefined;
  const detail = async (u: TestUser | null, did: number) =>
    (await as(u, 'get', `/api/get-discussion-detail?did=${did}`).expect(200)).body.data;
  const comments = async (u: TestUser | null, did: number) => (await as(u, 'get', `/api/comments?did=${did}`).expect(200)).body.data;
  const post = async (u: TestUser, title: string) => {
    await t.redis.del(`rate:discussion:post:${u.uid}`, `discussion:daily:${new Date().toISOString().slice(0, 10)}:${u.uid}`);
    const res = await as(u, 'post', '/api/discussion').send({ categoryId: 1, title, description: 'd', content: 'first text' });
    if (res.status !== 200) throw new Error(`post: ${res.status} ${res.body.msg}`);
    return res.body.data.id as number;
  };
  const warm = async (u: TestUser | null, did: number) => {
    await twice(u, '/api/get-discussion-list?limit=15');
    await twice(u, `/api/get-discussion-detail?did=${did}`);
    await twice(u, `/api/comments?did=${did}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser('calice');
    bob = await t.createUser('cbob');
    carol = await t.createUser('ccarol');
    for (const u of [alice, bob, carol])
      await t.dataSource.query(`INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, 20)`, [u.uid, u.username]);
  });
  afterAll(() => t?.close());

  it('shows a new post at once in a cached list', async () => {
    await twice(null, '/api/get-discussion-list?limit=15');
    const total = (await twice(bob, '/api/get-discussion-list?limit=15')).data.total as number;
    const did = await post(alice, 'Fresh post');
    const page = (await as(bob, 'get', '/api/get-discussion-list?limit=15').expect(200)).body.data;
    expect(page.records[0].id).toBe(did);
    expect(page.total).toBe(total + 1);
    expect(await listIds(null)).toContain(did);
    expect(await listIds(null, '&cid=1')).toContain(did);
  });

  it('shows comments, replies and their deletion at once in list, detail and comments', async () => {
    const did = await post(alice, 'Commented');
    await warm(bob, did);
    await warm(null, did);
    const c = (await as(bob, 'post', '/api/comment').send({ did, content: 'first comment' }).expect(200)).body.data.id as number;
    expect((await comments(bob, did)).commentList.records.map((x: { id: number }) => x.id)).toEqual([c]);
    expect((await comments(null, did)).commentList.total).toBe(1);
    expect((await detail(bob, did)).commentNum).toBe(1);
    expect((await listRow(bob, did))?.commentNum).toBe(1);

    await as(carol, 'post', '/api/reply')
      .send({ reply: { commentId: c, content: 'a reply' }, did })
      .expect(200);
    const withReply = (await comments(bob, did)).commentList.records[0];
    expect(withReply.totalReplyNum).toBe(1);
    expect(withReply.replyList[0].content).toBe('a reply');
    expect((await detail(bob, did)).commentNum).toBe(2);

    await as(bob, 'delete', '/api/comment').send({ id: c }).expect(200);
    expect((await comments(bob, did)).commentList.records).toEqual([]);
    expect((await detail(null, did)).commentNum).toBe(0);
    expect((await listRow(null, did))?.commentNum).toBe(0);
  });

  it("shows likes at once, with each caller's own like flags", async () => {
    const did = await post(alice, 'Liked');
    const c = (await as(carol, 'post', '/api/comment').send({ did, content: 'like this' }).expect(200)).body.data.id as number;
    await warm(bob, did);
    await warm(carol, did);
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=true`).expect(200);
    await as(bob, 'get', `/api/comment-like?cid=${c}&toLike=true`).expect(200);
    const mine = await detail(bob, did);
    expect(mine).toMatchObject({ likeNum: 1, hasLike: true });
    expect(await detail(carol, did)).toMatchObject({ likeNum: 1, hasLike: false });
    expect((await listRow(carol, did))?.likeNum).toBe(1);
    const bobs = await comments(bob, did);
    expect(bobs.commentList.records[0].likeNum).toBe(1);
    expect(bobs.commentLikeMap).toEqual({ [c]: true });
    expect((await comments(carol, did)).commentLikeMap).toEqual({});
    expect((await comments(null, did)).commentLikeMap).toEqual({});

    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=false`).expect(200);
    await as(bob, 'get', `/api/comment-like?cid=${c}&toLike=false`).expect(200);
    expect(await detail(bob, did)).toMatchObject({ likeNum: 0, hasLike: false });
    expect((await comments(bob, did)).commentList.records[0].likeNum).toBe(0);
    expect((await comments(bob, did)).commentLikeMap).toEqual({});
  });

  it('shows edits and category renames at once', async () => {
    const did = await post(alice, 'Before edit');
    await warm(bob, did);
    await as(alice, 'put', '/api/discussion').send({ id: did, title: 'After edit', content: 'second text' }).expect(200);
    expect(await detail(bob, did)).toMatchObject({ title: 'After edit', content: 'second text' });
    expect((await listRow(bob, did))?.title).toBe('After edit');

    await as(t.users.root, 'put', '/api/admin/discussion-category').send({ id: 1, name: 'Renamed' }).expect(200);
    expect((await detail(bob, did)).categoryName).toBe('Renamed');
    expect((await listRow(bob, did))?.categoryName).toBe('Renamed');
    await as(t.users.root, 'put', '/api/admin/discussion-category').send({ id: 1, name: 'General' }).expect(200);
  });

  it('never serves a hidden post from a cached page to anyone but its author and admins', async () => {
    const did = await post(alice, 'To be hidden');
    await warm(bob, did);
    await warm(null, did);
    await warm(t.users.admin, did);
    await twice(t.users.admin, '/api/get-discussion-list?limit=15&admin=true');
    await as(t.users.admin, 'put', '/api/admin/discussion').send({ id: did, status: 1 }).expect(200);

    // The admin's views (which list hidden posts) fill no page that others are served.
    expect(await listIds(t.users.admin, '&admin=true')).toContain(did);
    expect((await detail(t.users.admin, did)).status).toBe(1);
    for (const u of [bob, null, carol]) {
      expect(await listIds(u)).not.toContain(did);
      expect(await listIds(u, '&cid=1')).not.toContain(did);
      expect(await listIds(u, '&admin=true')).not.toContain(did);
      const res = await as(u, 'get', `/api/get-discussion-detail?did=${did}`).expect(403);
      expect(res.body.msg).toBe(DISCUSSION_ERR.hidden);
      await as(u, 'get', `/api/comments?did=${did}`).expect(403);
    }
    // Its author still sees it (the cached post is the same; the check is per caller).
    expect((await detail(alice, did)).status).toBe(1);
    expect((await comments(alice, did)).commentList.total).toBe(0);

    await as(t.users.admin, 'put', '/api/admin/discussion').send({ id: did, status: 0 }).expect(200);
    expect(await listIds(bob)).toContain(did);
    expect((await detail(bob, did)).status).toBe(0);
  });

  it('drops deleted posts at once', async () => {
    const byAuthor = await post(alice, 'Deleted by author');
    const byAdmin = await post(alice, 'Deleted by admin');
    await warm(bob, byAuthor);
    await warm(bob, byAdmin);
    await as(alice, 'delete', `/api/discussion?did=${byAuthor}`).expect(200);
    await as(t.users.admin, 'delete', '/api/admin/discussion').send([byAdmin]).expect(200);
    const ids = await listIds(bob);
    expect(ids).not.toContain(byAuthor);
    expect(ids).not.toContain(byAdmin);
    for (const did of [byAuthor, byAdmin]) {
      await as(bob, 'get', `/api/get-discussion-detail?did=${did}`).expect(404);
      await as(bob, 'get', `/api/comments?did=${did}`).expect(404);
    }
  });

  it('keeps the view count right across the buffered views being written', async () => {
    const did = await post(alice, 'Viewed');
    await detail(bob, did);
    await detail(carol, did);
    expect((await detail(null, did)).viewNum).toBe(3);
    // What the 5 s interval runs: the buffered views reach the database.
    await t.get<DiscussionService>(DiscussionService).flushViews();
    expect((await detail(bob, did)).viewNum).toBe(3);
    expect((await listRow(bob, did))?.viewNum).toBe(3);
  });

  it('counts a view with the read only while the post is still at the version its reader was checked at', async () => {
    const did = await post(alice, 'Counted with the read');
    await detail(bob, did);
    const cache = t.get<DiscussionCacheService>(DiscussionCacheService);
    const held = cache.heldPage(postTemplate(did));
    expect(held).not.toBeNull();
    const view = (viewer: string, atVersion: string) => ({ viewer, windowSec: 60, viewsKey: 'discussion:views', atVersion });
    // Checked at another version (the post changed since): the read counts nothing; the caller counts after its check.
    const stale = await cache.readPost(did, { first: postTemplate(did), view: view('u:stale', `${held!.version}x`) });
    expect(stale.pending).toBeUndefined();
    expect(await t.redis.exists(`discussion:view:${did}:u:stale`)).toBe(0);
    // At the held version: counted in the same call, once per viewer.
    const fresh = await cache.readPost(did, { first: postTemplate(did), view: view('u:fresh', held!.version) });
    expect(fresh.pending).toBe(2);
    expect(await t.redis.exists(`discussion:view:${did}:u:fresh`)).toBe(1);
    const again = await cache.readPost(did, { first: postTemplate(did), view: view('u:fresh', held!.version) });
    expect(again.pending).toBe(2);
    // A reader the post now refuses (hidden) counts no view, though the replica held it visible a moment ago.
    await as(t.users.admin, 'put', '/api/admin/discussion').send({ id: did, status: 1 }).expect(200);
    await as(carol, 'get', `/api/get-discussion-detail?did=${did}`).expect(403);
    expect(await t.redis.exists(`discussion:view:${did}:u:${carol.uid}`)).toBe(0);
  });

  it('answers msg/unread from its cache, changed at once by new and read messages', async () => {
    const did = await post(alice, 'Notify me');
    const before = (await twice(alice, '/api/msg/unread')).data;
    await as(bob, 'post', '/api/comment').send({ did, content: 'hello' }).expect(200);
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=true`).expect(200);
    const after = (await twice(alice, '/api/msg/unread')).data;
    expect(after.comment).toBe(before.comment + 1);
    expect(after.like).toBe(before.like + 1);
    await as(alice, 'get', '/api/msg/comment').expect(200);
    expect((await as(alice, 'get', '/api/msg/unread').expect(200)).body.data.comment).toBe(0);
    await as(alice, 'delete', '/api/msg/clean?type=Like').expect(200);
    expect((await as(alice, 'get', '/api/msg/unread').expect(200)).body.data.like).toBe(0);
  });
});
