/**
 * The AC counts and limits of creating a group, posting and commenting, told before the form (issue 37): the
 * rules the submit would apply, with the caller's own counts, and the text it would be refused with.
 */
import { DISCUSSION_ERR, GROUP_ERR, GroupAuth, PostingRules } from '@oj/contracts';
import request from 'supertest';
import { createTestApp, TestApp, TestUser } from './utils/test-app';

describe('posting rules shown before the forms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await request(t.url)
      .put('/api/admin/switch/update')
      .set('Authorization', t.users.root.token)
      .send({
        defaultCreateGroupACInitValue: 3,
        defaultCreateGroupDailyLimit: 2,
        defaultCreateGroupLimit: 4,
        defaultCreateDiscussionACInitValue: 2,
        defaultCreateDiscussionDailyLimit: 5,
        defaultCreateCommentACInitValue: 1,
      })
      .expect(200);
  });
  afterAll(() => t?.close());

  const solved = (u: TestUser, n: number) =>
    t.dataSource.query(
      `INSERT INTO user_judge_stat (uid, username, solved) VALUES ($1, $2, $3) ON CONFLICT (uid) DO UPDATE SET solved = $3`,
      [u.uid, u.username, n],
    );
  const get = async <T>(u: TestUser, path: string) => {
    const res = await request(t.url).get(path).set('Authorization', u.token);
    expect(res.status).toBe(200);
    return res.body.data as T;
  };

  it('tells a student the group AC count and their own before they fill the form, as the create applies it', async () => {
    const sam = await t.createUser('rules_sam');
    await solved(sam, 1);
    const before = await get<PostingRules>(sam, '/api/get-group-create-rules');
    expect(before).toEqual({
      acRequired: 3,
      solved: 1,
      dailyLimit: 2,
      today: 0,
      totalLimit: 4,
      owned: 0,
      exempt: false,
      refusal: GROUP_ERR.createAcCount(3),
    });
    const body = {
      name: 'Sam class',
      shortName: 'samcls',
      brief: 'A brief line',
      description: 'A class of students',
      auth: GroupAuth.Public,
      visible: true,
    };
    const refused = await request(t.url).post('/api/group').set('Authorization', sam.token).send(body);
    expect([refused.status, refused.body.msg]).toEqual([403, before.refusal]);

    await solved(sam, 3);
    expect((await get<PostingRules>(sam, '/api/get-group-create-rules')).refusal).toBeNull();
    await request(t.url).post('/api/group').set('Authorization', sam.token).send(body).expect(200);
    const after = await get<PostingRules>(sam, '/api/get-group-create-rules');
    expect([after.today, after.owned, after.refusal]).toEqual([1, 1, null]);

    expect((await request(t.url).get('/api/get-group-create-rules')).status).toBe(401);
  });

  it('tells the post and comment AC counts; admins are exempt', async () => {
    const kim = await t.createUser('rules_kim');
    await solved(kim, 1);
    const rules = await get<{ post: PostingRules; comment: PostingRules }>(kim, '/api/get-discussion-rules');
    expect(rules.post).toEqual({
      acRequired: 2,
      solved: 1,
      dailyLimit: 5,
      today: 0,
      totalLimit: null,
      owned: null,
      exempt: false,
      refusal: DISCUSSION_ERR.postAcCount(2),
    });
    expect(rules.comment).toEqual({
      acRequired: 1,
      solved: 1,
      dailyLimit: null,
      today: null,
      totalLimit: null,
      owned: null,
      exempt: false,
      refusal: null,
    });
    const post = await request(t.url)
      .post('/api/discussion')
      .set('Authorization', kim.token)
      .send({ title: 'Hello', description: 'd', content: 'c', categoryId: 1 });
    expect([post.status, post.body.msg]).toEqual([403, rules.post.refusal]);

    const admin = await get<{ post: PostingRules; comment: PostingRules }>(t.users.admin, '/api/get-discussion-rules');
    expect([admin.post.exempt, admin.post.refusal, admin.comment.refusal]).toEqual([true, null, null]);
  });
});
