import { ContestAuth, DISCUSSION_ERR, ERR, Role, UnreadCounts } from '@oj/contracts';
import request from 'supertest';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { MIN, PASSWORD, createContest } from './contest-fixtures';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

describe('discussions, comments, replies, likes, reports and the message boxes', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let novice: TestUser;
  const restricted: Record<number, TestUser> = {};

  const as = (u: TestUser, method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](path).set('Authorization', u.token);
  const solved = (u: TestUser, n: number) =>
    t.dataSource.query(
      `INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, $3) ON CONFLICT (uid) DO UPDATE SET solved = $3`,
      [u.uid, u.username, n],
    );
  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    (await t.dataSource.query(`SELECT COUNT(*)::int AS n FROM ${table} WHERE ${where}`, params))[0].n as number;
  const unread = async (u: TestUser): Promise<UnreadCounts> => (await as(u, 'get', '/api/msg/unread').expect(200)).body.data;
  /** Clears the user's flood and daily counters first unless `keepLimits` (the tests of those limits). */
  const post = async (u: TestUser, title = 'A question', keepLimits = false) => {
    if (!keepLimits)
      await t.redis.del(`rate:discussion:post:${u.uid}`, `discussion:daily:${new Date().toISOString().slice(0, 10)}:${u.uid}`);
    const res = await as(u, 'post', '/api/discussion').send({ categoryId: 1, title, description: 'd', content: '# Hello' });
    if (res.status !== 200) throw new Error(`post: ${res.status} ${res.body.msg}`);
    return res.body.data.id as number;
  };
  const comment = async (u: TestUser, did: number, content = 'nice') => {
    const res = await as(u, 'post', '/api/comment').send({ did, content });
    if (res.status !== 200) throw new Error(`comment: ${res.status} ${res.body.msg}`);
    return res.body.data.id as number;
  };
  const switches = (patch: Record<string, unknown>) => t.get<SiteConfigService>(SiteConfigService).set('switch', patch);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    carol = await t.createUser('carol');
    novice = await t.createUser('novice');
    for (const role of [Role.UserNoDiscussionPost, Role.UserMuted, Role.UserNoSubmitNoDiscussion, Role.UserNoSubmitMuted]) {
      restricted[role] = await t.createUser(`r${role}`, role);
      await solved(restricted[role], 50);
    }
    for (const u of [alice, bob, carol]) await solved(u, 20);
  });
  afterAll(() => t?.close());

  it('offers the seeded categories to everyone', async () => {
    const res = await request(t.url).get('/api/discussion-category').expect(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['General', 'Solutions', 'Questions']);
  });

  it('closes the area to all but root while openPublicDiscussion is off, storing nothing', async () => {
    const did = await post(alice, 'Before closing');
    await switches({ openPublicDiscussion: false });
    try {
      const before = await count('discussion');
      for (const [method, path, body] of [
        ['get', '/api/get-discussion-list', undefined],
        ['get', `/api/get-discussion-detail?did=${did}`, undefined],
        ['post', '/api/discussion', { categoryId: 1, title: 'x', content: 'y' }],
        ['get', `/api/comments?did=${did}`, undefined],
        ['post', '/api/comment', { did, content: 'closed?' }],
      ] as const) {
        const res = await as(bob, method, path)
          .send(body as object)
          .expect(403);
        expect(res.body.msg).toBe(ERR.noAccessDiscussion);
      }
      expect(await count('discussion')).toBe(before);
      expect(await count('comment')).toBe(0);
      await as(t.users.root, 'get', '/api/get-discussion-list').expect(200);
    } finally {
      await switches({ openPublicDiscussion: true });
    }
  });

  it('refuses posting to roles 1004 and 1006, and posting, commenting and replying to 1005 and 1007', async () => {
    const did = await post(alice, 'Open to comments');
    const cid = await comment(alice, did, 'first');
    const before = { d: await count('discussion'), c: await count('comment'), r: await count('reply') };
    for (const role of [Role.UserNoDiscussionPost, Role.UserNoSubmitNoDiscussion]) {
      const res = await as(restricted[role], 'post', '/api/discussion').send({ categoryId: 1, title: 't', content: 'c' }).expect(403);
      expect(res.body.msg).toBe(DISCUSSION_ERR.noPostRole);
    }
    for (const role of [Role.UserMuted, Role.UserNoSubmitMuted]) {
      const u = restricted[role];
      expect((await as(u, 'post', '/api/discussion').send({ categoryId: 1, title: 't', content: 'c' }).expect(403)).body.msg).toBe(
        DISCUSSION_ERR.mutedRole,
      );
      expect((await as(u, 'post', '/api/comment').send({ did, content: 'c' }).expect(403)).body.msg).toBe(DISCUSSION_ERR.mutedRole);
      expect(
        (
          await as(u, 'post', '/api/reply')
            .send({ reply: { commentId: cid, content: 'r' }, did })
            .expect(403)
        ).body.msg,
      ).toBe(DISCUSSION_ERR.mutedRole);
    }
    expect({ d: await count('discussion'), c: await count('comment'), r: await count('reply') }).toEqual(before);
    // 1004 and 1006 may still comment.
    await comment(restricted[Role.UserNoDiscussionPost], did, 'may comment');
  });

  it('asks for the configured AC counts before posting and commenting', async () => {
    const did = await post(alice, 'AC counts');
    const before = { d: await count('discussion'), c: await count('comment') };
    expect((await as(novice, 'post', '/api/discussion').send({ categoryId: 1, title: 't', content: 'c' }).expect(403)).body.msg).toBe(
      DISCUSSION_ERR.postAcCount(10),
    );
    expect((await as(novice, 'post', '/api/comment').send({ did, content: 'c' }).expect(403)).body.msg).toBe(
      DISCUSSION_ERR.commentAcCount(10),
    );
    expect({ d: await count('discussion'), c: await count('comment') }).toEqual(before);
    await switches({ defaultCreateDiscussionACInitValue: 0, defaultCreateCommentACInitValue: 0 });
    try {
      await comment(novice, did, 'now I may');
    } finally {
      await switches({ defaultCreateDiscussionACInitValue: 10, defaultCreateCommentACInitValue: 10 });
    }
  });

  it('stops posting at the daily limit, and floods at the per-minute limit', async () => {
    const daily = await t.createUser('daily');
    await solved(daily, 20);
    await switches({ defaultCreateDiscussionDailyLimit: 2 });
    try {
      await post(daily, 'one', true);
      await post(daily, 'two', true);
      const res = await as(daily, 'post', '/api/discussion').send({ categoryId: 1, title: 'three', content: 'c' }).expect(403);
      expect(res.body.msg).toBe(DISCUSSION_ERR.dailyPostLimit(2));
      expect(await count('discussion', 'uid = $1', [daily.uid])).toBe(2);
    } finally {
      await switches({ defaultCreateDiscussionDailyLimit: 5 });
    }
    // 10 at once under a limit of 2 (issue 31: 8 were stored): the count is taken atomically.
    const racer = await t.createUser('racer');
    await solved(racer, 20);
    await switches({ defaultCreateDiscussionDailyLimit: 2 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          as(racer, 'post', '/api/discussion').send({ categoryId: 1, title: `race ${i}`, content: 'c' }),
        ),
      );
      expect(answers.filter((r) => r.status === 200).length).toBe(2);
      for (const r of answers.filter((x) => x.status !== 200))
        expect([r.status, r.body.msg]).toEqual([403, DISCUSSION_ERR.dailyPostLimit(2)]);
      expect(await count('discussion', 'uid = $1', [racer.uid])).toBe(2);
    } finally {
      await switches({ defaultCreateDiscussionDailyLimit: 5 });
    }
    const flood = await t.createUser('flood');
    await solved(flood, 20);
    for (let i = 0; i < 3; i++) await post(flood, `burst ${i}`, true);
    expect((await as(flood, 'post', '/api/discussion').send({ categoryId: 1, title: 'more', content: 'c' }).expect(429)).body.msg).toBe(
      ERR.speedTooFast,
    );
    expect(await count('discussion', 'uid = $1', [flood.uid])).toBe(3);
  });

  it('bounds lengths and refuses unknown categories and problems', async () => {
    const bad = [
      [{ categoryId: 1, title: 'x'.repeat(256), content: 'c' }, DISCUSSION_ERR.titleTooLong],
      [{ categoryId: 1, title: '', content: 'c' }, DISCUSSION_ERR.titleRequired],
      [{ categoryId: 1, title: 't', content: 'c'.repeat(65536) }, DISCUSSION_ERR.contentTooLong],
      [{ categoryId: 999, title: 't', content: 'c' }, DISCUSSION_ERR.categoryNotFound],
      [{ categoryId: 1, title: 't', content: 'c', pid: 'NOPE' }, DISCUSSION_ERR.problemNotFound],
    ] as const;
    const before = await count('discussion');
    for (const [body, msg] of bad) expect((await as(t.users.admin, 'post', '/api/discussion').send(body).expect(400)).body.msg).toBe(msg);
    const did = await post(alice, 'Lengths');
    expect(
      (
        await as(bob, 'post', '/api/comment')
          .send({ did, content: 'x'.repeat(5001) })
          .expect(400)
      ).body.msg,
    ).toBe(DISCUSSION_ERR.commentTooLong);
    expect(await count('discussion')).toBe(before + 1);
  });

  it("answers a hidden problem's id as a missing one and never lists posts of problems the reader may not see (issue 31)", async () => {
    const tag = `${process.pid}`.slice(-5);
    // A public, a private and a contest-only problem of the bank, and a private group's problem.
    await t.dataSource.query(
      `INSERT INTO problem (problem_id, title, auth, is_group, gid) VALUES ($1, 'open', 1, false, NULL), ($2, 'hidden', 2, false, NULL),
         ($3, 'contest', 3, false, NULL), ($4, 'group', 1, true, 2147480000)`,
      [`DP-${tag}`, `DH-${tag}`, `DC-${tag}`, `DG-${tag}`],
    );
    const before = await count('discussion');
    const missing = await as(bob, 'post', '/api/discussion').send({ categoryId: 1, title: 't', content: 'c', pid: `NOPE-${tag}` });
    for (const pid of [`DH-${tag}`, `DC-${tag}`, `DG-${tag}`]) {
      await t.redis.del(`rate:discussion:post:${bob.uid}`);
      const res = await as(bob, 'post', '/api/discussion').send({ categoryId: 1, title: 't', content: 'c', pid });
      expect([pid, res.status, res.body.msg]).toEqual([pid, missing.status, missing.body.msg]);
    }
    expect([missing.status, missing.body.msg]).toEqual([400, DISCUSSION_ERR.problemNotFound]);
    expect(await count('discussion')).toBe(before);
    await t.redis.del(`rate:discussion:post:${bob.uid}`);
    await as(bob, 'post', '/api/discussion')
      .send({ categoryId: 1, title: `On open ${tag}`, content: 'c', pid: `DP-${tag}` })
      .expect(200);

    // Posts made before (or while the problem was public) are not listed once it is hidden, in any list.
    const rows = (await t.dataSource.query(
      `INSERT INTO discussion (category_id, title, description, content, pid, uid, author, status)
       VALUES (1, $1, '', 'c', $2, $4, 'bob', 0), (1, $3, '', 'c', $5, $4, 'bob', 0) RETURNING id`,
      [`On hidden ${tag}`, `DH-${tag}`, `On group ${tag}`, bob.uid, `DG-${tag}`],
    )) as { id: number }[];
    expect(rows).toHaveLength(2);
    const titles = async (u: TestUser | null, query: object) => {
      let r = request(t.url)
        .get('/api/get-discussion-list')
        .query({ limit: 50, ...query });
      if (u) r = r.set('Authorization', u.token);
      const res = await r.expect(200);
      return (res.body.data.records as { title: string }[]).map((d) => d.title).filter((x) => x.endsWith(tag));
    };
    for (const u of [null, bob, t.users.admin]) {
      expect(await titles(u, { pid: `DH-${tag}` })).toEqual([]);
      expect(await titles(u, { pid: `DG-${tag}` })).toEqual([]);
      expect(await titles(u, { keyword: tag })).toEqual([`On open ${tag}`]);
    }
    expect(await titles(null, {})).toEqual([`On open ${tag}`]);
    expect(await titles(null, { pid: `DP-${tag}` })).toEqual([`On open ${tag}`]);
    // The admin view still shows the bank's hidden problems' posts to site admins (they see those problems).
    expect((await titles(t.users.admin, { admin: true, keyword: tag })).sort()).toEqual([`On hidden ${tag}`, `On open ${tag}`]);
  });

  it('counts likes once, toggles them, and tells the author once', async () => {
    const did = await post(alice, 'Like me');
    const likesBefore = (await unread(alice)).like;
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=true`).expect(200);
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=true`).expect(200);
    let d = (await as(bob, 'get', `/api/get-discussion-detail?did=${did}`).expect(200)).body.data;
    expect(d.likeNum).toBe(1);
    expect(d.hasLike).toBe(true);
    expect((await unread(alice)).like).toBe(likesBefore + 1);
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=false`).expect(200);
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=false`).expect(200);
    d = (await as(bob, 'get', `/api/get-discussion-detail?did=${did}`).expect(200)).body.data;
    expect(d.likeNum).toBe(0);
    expect(d.hasLike).toBe(false);
    // Liking one's own post sends nothing.
    await as(alice, 'get', `/api/discussion-like?did=${did}&toLike=true`).expect(200);
    expect((await unread(alice)).like).toBe(likesBefore + 1);

    const cid = await comment(carol, did, 'likeable');
    await as(bob, 'get', `/api/comment-like?cid=${cid}&toLike=true&sourceId=${did}&sourceType=Discussion`).expect(200);
    await as(bob, 'get', `/api/comment-like?cid=${cid}&toLike=true&sourceId=${did}&sourceType=Discussion`).expect(200);
    const list = (await as(bob, 'get', `/api/comments?did=${did}`).expect(200)).body.data;
    expect(list.commentList.records[0].likeNum).toBe(1);
    expect(list.commentLikeMap[cid]).toBe(true);
    expect((await unread(carol)).like).toBe(1);
  });

  it('counts a view once per viewer per hour', async () => {
    const did = await post(alice, 'Views');
    await as(bob, 'get', `/api/get-discussion-detail?did=${did}`).expect(200);
    await as(bob, 'get', `/api/get-discussion-detail?did=${did}`).expect(200);
    const d = (await as(carol, 'get', `/api/get-discussion-detail?did=${did}`).expect(200)).body.data;
    expect(d.viewNum).toBe(2);
  });

  it('sends a comment to the post author and a reply to the quoted author only, and the boxes list what the counts say', async () => {
    const author = await t.createUser('author');
    const commenter = await t.createUser('commenter');
    const replier = await t.createUser('replier');
    for (const u of [author, commenter, replier]) await solved(u, 20);
    const did = await post(author, 'Thread');
    const cid = await comment(commenter, did, 'a comment');
    const r1 = (
      await as(replier, 'post', '/api/reply')
        .send({ reply: { commentId: cid, content: 'reply to comment' }, did, quoteId: cid, quoteType: 'Comment' })
        .expect(200)
    ).body.data;
    expect(r1.toUid).toBe(commenter.uid);
    // A forged addressee is ignored.
    const r2 = (
      await as(author, 'post', '/api/reply')
        .send({ reply: { commentId: cid, content: 'reply to reply', toUid: commenter.uid }, did, quoteId: r1.id, quoteType: 'Reply' })
        .expect(200)
    ).body.data;
    expect(r2.toUid).toBe(replier.uid);

    expect(await unread(author)).toMatchObject({ comment: 1, reply: 0 });
    expect(await unread(commenter)).toMatchObject({ comment: 0, reply: 1 });
    expect(await unread(replier)).toMatchObject({ comment: 0, reply: 1 });

    const replyBox = (await as(replier, 'get', '/api/msg/reply').expect(200)).body.data;
    expect(replyBox.records).toHaveLength(1);
    expect(replyBox.records[0]).toMatchObject({
      action: 'Reply',
      sourceId: did,
      sourceType: 'Discussion',
      sourceTitle: 'Thread',
      sourceContent: 'reply to reply',
      quoteId: r1.id,
      quoteType: 'Reply',
      quoteContent: 'reply to comment',
      state: false,
      senderId: author.uid,
      senderUsername: 'author',
    });
    const commentBox = (await as(author, 'get', '/api/msg/comment').expect(200)).body.data;
    expect(commentBox.records.map((r: { sourceContent: string }) => r.sourceContent)).toEqual(['a comment']);
    // Listing marked them read.
    expect(await unread(author)).toMatchObject({ comment: 0 });
    expect(await unread(replier)).toMatchObject({ reply: 0 });
    expect((await as(replier, 'get', '/api/msg/reply').expect(200)).body.data.records[0].state).toBe(true);

    const replies = (await as(author, 'get', `/api/reply?commentId=${cid}`).expect(200)).body.data;
    expect(replies.map((r: { content: string }) => r.content)).toEqual(['reply to reply', 'reply to comment']);
    const comments = (await request(t.url).get(`/api/comments?did=${did}`).expect(200)).body.data;
    expect(comments.commentList.records[0]).toMatchObject({ id: cid, totalReplyNum: 2 });
    expect(comments.commentList.records[0].replyList).toHaveLength(2);

    // Deleting the reply takes its message with it (and the unread count, had it been unread).
    await as(commenter, 'post', '/api/reply')
      .send({ reply: { commentId: cid, content: 'back' }, did, quoteId: r2.id, quoteType: 'Reply' })
      .expect(200);
    expect((await unread(author)).reply).toBe(1);
    const back = (await as(author, 'get', `/api/reply?commentId=${cid}`).expect(200)).body.data[0];
    await as(replier, 'delete', '/api/reply')
      .send({ reply: { id: back.id }, did })
      .expect(403);
    await as(commenter, 'delete', '/api/reply')
      .send({ reply: { id: back.id }, did })
      .expect(200);
    expect((await unread(author)).reply).toBe(0);
    expect((await as(author, 'get', '/api/msg/reply').expect(200)).body.data.total).toBe(0);
    // The comment's reply count followed the third reply and its deletion (the writers keep reply_num), and the
    // page's newest replies are the two left; a comment without replies has none.
    const after = (await request(t.url).get(`/api/comments?did=${did}`).expect(200)).body.data.commentList.records;
    expect(after[0]).toMatchObject({ id: cid, totalReplyNum: 2 });
    expect(after[0].replyList.map((r: { content: string }) => r.content)).toEqual(['reply to reply', 'reply to comment']);
    const bare = await comment(replier, did, 'no replies here');
    const fresh = (await request(t.url).get(`/api/comments?did=${did}`).expect(200)).body.data.commentList.records;
    expect(fresh[0]).toMatchObject({ id: bare, totalReplyNum: 0, replyList: [] });
    expect((await t.dataSource.query('SELECT reply_num FROM comment WHERE id = $1', [cid]))[0].reply_num).toBe(2);
  });

  it('cleans one message or a whole box, refusing unknown types', async () => {
    const did = await post(alice, 'Clean me');
    await comment(bob, did, 'c1');
    await comment(carol, did, 'c2');
    const before = (await unread(alice)).comment;
    expect(before).toBeGreaterThanOrEqual(2);
    expect((await as(alice, 'delete', '/api/msg/clean?type=Nope').expect(400)).body.msg).toBe(DISCUSSION_ERR.msgTypeInvalid);
    const box = (await as(alice, 'get', '/api/msg/comment?limit=1').expect(200)).body.data;
    expect(box.total).toBe(before);
    expect((await unread(alice)).comment).toBe(before - 1);
    await as(alice, 'delete', `/api/msg/clean?type=Discuss&id=${box.records[0].id}`).expect(200);
    // Someone else's id changes nothing.
    await as(bob, 'delete', `/api/msg/clean?type=Discuss&id=${box.records[0].id + 1}`).expect(200);
    expect((await unread(alice)).comment).toBe(before - 1);
    expect((await as(alice, 'get', '/api/msg/comment?limit=1').expect(200)).body.data.total).toBe(before - 1);
    await as(alice, 'delete', '/api/msg/clean?type=Discuss').expect(200);
    expect((await unread(alice)).comment).toBe(0);
    expect((await as(alice, 'get', '/api/msg/comment').expect(200)).body.data.total).toBe(0);
  });

  it('deletes a discussion with its comments, replies, likes and their messages', async () => {
    const did = await post(alice, 'Doomed');
    const cid = await comment(bob, did, 'doomed comment');
    await as(carol, 'post', '/api/reply')
      .send({ reply: { commentId: cid, content: 'doomed reply' }, did })
      .expect(200);
    await as(carol, 'get', `/api/comment-like?cid=${cid}&toLike=true&sourceId=${did}&sourceType=Discussion`).expect(200);
    await as(bob, 'get', `/api/discussion-like?did=${did}&toLike=true`).expect(200);
    const aliceBefore = await unread(alice);
    const bobBefore = await unread(bob);
    expect(bobBefore.reply).toBeGreaterThanOrEqual(1);
    await as(bob, 'delete', `/api/discussion?did=${did}`).expect(403);
    await as(alice, 'delete', `/api/discussion?did=${did}`).expect(200);
    expect(await count('comment', 'did = $1', [did])).toBe(0);
    expect(await count('reply', 'comment_id = $1', [cid])).toBe(0);
    expect(await count('comment_like', 'cid = $1', [cid])).toBe(0);
    expect(await count('discussion_like', 'did = $1', [did])).toBe(0);
    expect(await count('msg_remind', `source_type = 'Discussion' AND source_id = $1`, [did])).toBe(0);
    expect(await unread(alice)).toMatchObject({ comment: aliceBefore.comment - 1, like: aliceBefore.like - 1 });
    expect(await unread(bob)).toMatchObject({ reply: bobBefore.reply - 1, like: bobBefore.like - 1 });
    await as(alice, 'get', `/api/get-discussion-detail?did=${did}`).expect(404);
  });

  it('lets admins hide, pin and delete, and tells the reporter how the report ended', async () => {
    const did = await post(alice, 'Spam spam');
    const pinned = await post(alice, 'Pinned');
    expect((await as(bob, 'post', '/api/discussion-report').send({ did, content: '' }).expect(400)).body.msg).toBe(
      DISCUSSION_ERR.reportEmpty,
    );
    await as(bob, 'post', '/api/discussion-report').send({ did, label: 'Spam', reason: 'ads' }).expect(200);
    await as(bob, 'get', '/api/admin/discussion-report').expect(403);
    const reports = (await as(t.users.admin, 'get', '/api/admin/discussion-report').expect(200)).body.data.records;
    expect(reports[0]).toMatchObject({ did, reporter: 'bob', content: '#Spam# ads', status: false, discussionTitle: 'Spam spam' });

    await as(bob, 'put', '/api/admin/discussion').send({ id: did, status: 1 }).expect(403);
    await as(t.users.admin, 'put', '/api/admin/discussion').send({ id: did, status: 1 }).expect(200);
    await as(t.users.admin, 'put', '/api/admin/discussion').send({ id: pinned, topPriority: true }).expect(200);
    expect((await as(bob, 'get', `/api/get-discussion-detail?did=${did}`).expect(403)).body.msg).toBe(DISCUSSION_ERR.hidden);
    const list = (await as(bob, 'get', '/api/get-discussion-list?limit=50').expect(200)).body.data.records;
    expect(list[0].id).toBe(pinned);
    expect(list.map((d: { id: number }) => d.id)).not.toContain(did);
    expect(list[0].content).toBeNull();
    const adminList = (await as(t.users.admin, 'get', '/api/admin/discussion?limit=50').expect(200)).body.data.records;
    expect(adminList.find((d: { id: number }) => d.id === did).status).toBe(1);

    expect((await unread(bob)).mine).toBe(0);
    await as(t.users.admin, 'put', '/api/admin/discussion-report').send({ id: reports[0].id, status: true }).expect(200);
    await as(t.users.admin, 'put', '/api/admin/discussion-report').send({ id: reports[0].id, status: true }).expect(200);
    expect((await unread(bob)).mine).toBe(1);
    const mine = (await as(bob, 'get', '/api/msg/mine').expect(200)).body.data.records;
    expect(mine).toHaveLength(1);
    expect(mine[0].content).toContain('hidden');
    // The client renders it in the reader's language from its code and fields.
    expect(mine[0]).toMatchObject({ msgCode: 'discussionReportHandled', msgParams: { did, title: 'Spam spam', outcome: 'hidden' } });
    expect((await unread(bob)).mine).toBe(0);
    // The one-user notice stays out of Admin → Notice.
    expect((await as(t.users.root, 'get', '/api/admin/msg/notice').expect(200)).body.data.total).toBe(0);

    expect((await as(t.users.admin, 'delete', '/api/admin/discussion').send([]).expect(400)).body.msg).toBe(DISCUSSION_ERR.selectionEmpty);
    await as(t.users.admin, 'delete', '/api/admin/discussion').send([did]).expect(200);
    expect(await count('discussion', 'id = $1', [did])).toBe(0);
    expect(await count('discussion_report', 'did = $1', [did])).toBe(0);
  });

  it('manages categories as root, keeping used ones', async () => {
    await as(t.users.admin, 'post', '/api/admin/discussion-category').send({ name: 'X' }).expect(403);
    const created = (await as(t.users.root, 'post', '/api/admin/discussion-category').send({ name: 'Off topic' }).expect(200)).body.data;
    await as(t.users.root, 'put', '/api/admin/discussion-category').send({ id: created.id, name: 'Chat' }).expect(200);
    expect((await request(t.url).get('/api/discussion-category').expect(200)).body.data.map((c: { name: string }) => c.name)).toContain(
      'Chat',
    );
    expect((await as(t.users.root, 'delete', '/api/admin/discussion-category?id=1').expect(400)).body.msg).toBe(
      DISCUSSION_ERR.categoryInUse,
    );
    await as(t.users.root, 'delete', `/api/admin/discussion-category?id=${created.id}`).expect(200);
    // HOJ's whole-list save: renames by id, adds, and drops unused ones left out.
    await as(t.users.admin, 'post', '/api/discussion-category')
      .send([{ name: 'x' }])
      .expect(403);
    const extra = (await as(t.users.root, 'post', '/api/admin/discussion-category').send({ name: 'Unused' }).expect(200)).body.data;
    const saved = (
      await as(t.users.root, 'post', '/api/discussion-category')
        .send([{ id: 1, name: 'General talk' }, { id: 2, name: 'Solutions' }, { id: 3, name: 'Questions' }, { name: 'Announcements' }])
        .expect(200)
    ).body.data.map((c: { name: string }) => c.name);
    expect(saved).toEqual(['General talk', 'Solutions', 'Questions', 'Announcements']);
    expect(await count('discussion_category', 'id = $1', [extra.id])).toBe(0);
  });

  it('serves contest comments to those who may see the contest while openContestComment is on', async () => {
    const cid = await createContest(t, t.users.admin, {
      title: 'Private round',
      auth: ContestAuth.Private,
      startTime: new Date(Date.now() - MIN),
      endTime: new Date(Date.now() + 60 * MIN),
    });
    expect((await as(bob, 'post', '/api/comment').send({ cid, content: 'hi' }).expect(403)).body.msg).toBeTruthy();
    await as(bob, 'post', '/api/register-contest').send({ cid, password: PASSWORD }).expect(200);
    const id = (await as(bob, 'post', '/api/comment').send({ cid, content: 'hi contest' }).expect(200)).body.data.id;
    expect((await as(bob, 'get', `/api/comments?cid=${cid}`).expect(200)).body.data.commentList.records[0].id).toBe(id);
    await as(carol, 'get', `/api/comments?cid=${cid}`).expect(403);
    await switches({ openContestComment: false });
    try {
      expect((await as(bob, 'get', `/api/comments?cid=${cid}`).expect(403)).body.msg).toBe(ERR.noAccessContestComment);
      expect((await as(bob, 'post', '/api/comment').send({ cid, content: 'x' }).expect(403)).body.msg).toBe(ERR.noAccessContestComment);
      expect(await count('comment', 'cid = $1', [cid])).toBe(1);
    } finally {
      await switches({ openContestComment: true });
    }
  });

  it('ends with the unread counters of every user equal to the unread messages of their boxes', async () => {
    const drift = await t.dataSource.query(
      `WITH truth AS (
         SELECT recipient_id AS uid,
                COUNT(*) FILTER (WHERE action = 'Discuss')::int AS comment, COUNT(*) FILTER (WHERE action = 'Reply')::int AS reply,
                COUNT(*) FILTER (WHERE action = 'Like')::int AS "like", 0 AS sys, 0 AS mine
           FROM msg_remind WHERE state = false GROUP BY recipient_id
         UNION ALL
         SELECT recipient_id, 0, 0, 0, COUNT(*) FILTER (WHERE type = 'Sys')::int, COUNT(*) FILTER (WHERE type = 'Mine')::int
           FROM user_sys_notice WHERE state = false GROUP BY recipient_id
       ), summed AS (
         SELECT uid, SUM(comment)::int AS comment, SUM(reply)::int AS reply, SUM("like")::int AS "like", SUM(sys)::int AS sys, SUM(mine)::int AS mine
           FROM truth GROUP BY uid
       )
       SELECT COALESCE(s.uid, u.uid) AS uid FROM summed s FULL JOIN user_msg_unread u ON u.uid = s.uid
        WHERE COALESCE(s.comment, 0) <> COALESCE(u.comment, 0) OR COALESCE(s.reply, 0) <> COALESCE(u.reply, 0)
           OR COALESCE(s."like", 0) <> COALESCE(u."like", 0) OR COALESCE(s.sys, 0) <> COALESCE(u.sys, 0)
           OR COALESCE(s.mine, 0) <> COALESCE(u.mine, 0)`,
    );
    expect(drift).toEqual([]);
    expect(await count('msg_remind')).toBeGreaterThan(0);
  });
});
