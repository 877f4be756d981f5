import { ADMIN_NAME_COLOR, NAME_STYLES_MAX, RATING_COLORS, nameStyleColor } from '@oj/contracts';
import request from 'supertest';
import { UserRating } from '../src/modules/rating/entities/user-rating.entity';
import { TestApp, createTestApp } from './utils/test-app';

describe('name styles: the colour of every user name (product §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const styles = (usernames: unknown) => request(t.url).post('/api/get-user-name-styles').send({ usernames });

  it('answers rating, admin role and title by username, to visitors too', async () => {
    await t.dataSource.getRepository(UserRating).save({ uid: t.users.user.uid, rating: 1450, contests: 2 });
    await request(t.url)
      .put('/api/admin/user/edit-user')
      .set('Authorization', t.users.root.token)
      .send({ uid: t.users.muted.uid, titleName: 'Setter', titleColor: '#ff0000' })
      .expect(200);
    const res = await styles([t.users.user.username, t.users.admin.username, t.users.muted.username, 'nobody-here']).expect(200);
    const data = res.body.data;
    expect(data[t.users.user.username]).toEqual({ rating: 1450, admin: false, titleName: null, titleColor: null });
    expect(data[t.users.admin.username]).toMatchObject({ admin: true, rating: null });
    expect(data[t.users.muted.username]).toMatchObject({ admin: false, rating: null, titleName: 'Setter', titleColor: '#ff0000' });
    expect(data['nobody-here']).toBeUndefined();
    // The colours the kit component draws from it: rating band 1300–1999 is the third colour; admins their own.
    expect(nameStyleColor(data[t.users.user.username])).toBe(RATING_COLORS[2]);
    expect(nameStyleColor(data[t.users.admin.username])).toBe(ADMIN_NAME_COLOR);
    expect(nameStyleColor(data[t.users.muted.username])).toBeNull();
  });

  it('refuses more than the batch size or a malformed list', async () => {
    const many = Array.from({ length: NAME_STYLES_MAX + 1 }, (_, i) => `u${i}`);
    expect((await styles(many)).status).toBe(400);
    expect((await styles('root')).status).toBe(400);
    expect((await styles([{ a: 1 }])).status).toBe(400);
    expect((await styles([]).expect(200)).body.data).toEqual({});
  });
});
