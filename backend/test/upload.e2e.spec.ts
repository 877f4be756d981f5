import { ERR, PERMISSION, Role, UPLOAD_LIMITS } from '@oj/contracts';
import request from 'supertest';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { UploadedFile } from '../src/modules/upload/entities/uploaded-file.entity';
import { TestSmtp, mailText, startSmtp } from './utils/smtp';
import { TestApp, TestUser, createTestApp } from './utils/test-app';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('uploaded images: Markdown editors, carousel, e-mail background and file management', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const rows = () => t.dataSource.getRepository(UploadedFile).count();
  const upload = (who: TestUser | null, path: string, bytes: Buffer, name = 'a.png') => {
    const req = request(t.url).post(path);
    if (who) req.set('Authorization', who.token);
    return req.attach('image', bytes, name);
  };
  const asRoot = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.url)[method](path).set('Authorization', t.users.root.token);

  it('upload-md-img takes images by content from any logged-in user and serves them with caching', async () => {
    expect((await upload(null, '/api/file/upload-md-img', PNG).expect(401)).body.msg).toBe(ERR.loginFirst);
    const res = await upload(t.users.user, '/api/file/upload-md-img', GIF, 'called-a.png').expect(200);
    expect(res.body.data).toEqual({
      link: expect.stringMatching(/^\/api\/public\/upload\/[0-9a-f]{32}\.gif$/),
      fileId: expect.any(Number),
    });
    const got = await request(t.url).get(res.body.data.link).buffer(true).expect(200);
    expect(got.headers['content-type']).toBe('image/gif');
    expect(got.headers['cache-control']).toContain('max-age=31536000');
    expect(Buffer.compare(got.body as Buffer, GIF)).toBe(0);
  });

  it('refuses what is not an image or too large, and stores nothing', async () => {
    const before = await rows();
    const text = await upload(t.users.user, '/api/file/upload-md-img', Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect([text.status, text.body.msg]).toEqual([400, ERR.fileTypeNotSupport]);
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.markdownMaxBytes)]);
    const tooBig = await upload(t.users.user, '/api/file/upload-md-img', big);
    expect([tooBig.status, tooBig.body.msg]).toEqual([400, ERR.exceedMaxSize]);
    expect((await request(t.url).post('/api/file/upload-md-img').set('Authorization', t.users.user.token)).body.msg).toBe(
      ERR.fileTypeNotSupport,
    );
    expect(await rows()).toBe(before);
    await request(t.url).get('/api/public/upload/..%2F..%2Fetc%2Fpasswd').expect(404);
  });

  it('list-md-files shows each image with where it is used; admins delete, users only their own', async () => {
    const mine = (await upload(t.users.user, '/api/file/upload-md-img', PNG).expect(200)).body.data;
    const other = (await upload(t.users.admin, '/api/file/upload-md-img', PNG).expect(200)).body.data;
    await asRoot('post', '/api/admin/announcement')
      .send({ title: 'With picture', content: `Look: ![x](${mine.link})` })
      .expect(200);

    const list = (await request(t.url).get('/api/admin/file/list-md-files?limit=50').set('Authorization', t.users.admin.token).expect(200))
      .body.data;
    const row = list.records.find((r: { id: number }) => r.id === mine.fileId);
    expect(row).toMatchObject({ link: mine.link, username: t.users.user.username, size: PNG.length });
    expect(row.usedIn).toEqual([expect.objectContaining({ type: 'announcement', title: 'With picture' })]);
    expect(list.records.find((r: { id: number }) => r.id === other.fileId).usedIn).toEqual([]);
    const found = (await asRoot('get', `/api/admin/file/list-md-files?keyword=${t.users.admin.username}`).expect(200)).body.data;
    expect(found.records.map((r: { id: number }) => r.id)).toContain(other.fileId);
    expect(found.records.map((r: { id: number }) => r.id)).not.toContain(mine.fileId);

    for (const who of ['user', 'muted', 'noSubmit'] as const) {
      const res = await request(t.url).get('/api/admin/file/list-md-files').set('Authorization', t.users[who].token);
      expect([res.status, res.body.msg]).toEqual([403, ERR.noPermission]);
    }
    // The stored permission governs it: taken from problem admins, refused at once.
    const fid = (await asRoot('get', '/api/admin/auth').expect(200)).body.data.find(
      (a: { permission: string }) => a.permission === PERMISSION.fileAdmin,
    ).id;
    await request(t.url).get('/api/admin/file/list-md-files').set('Authorization', t.users.problemAdmin.token).expect(200);
    await asRoot('delete', `/api/admin/role-auth?roleId=${Role.ProblemAdmin}&authId=${fid}`).expect(200);
    await request(t.url).get('/api/admin/file/list-md-files').set('Authorization', t.users.problemAdmin.token).expect(403);
    await asRoot('post', '/api/admin/role-auth').send({ roleId: Role.ProblemAdmin, authId: fid }).expect(200);

    // A user may not delete another's image; the uploader and admins may.
    const refused = await request(t.url).get(`/api/file/delete-md-img?fileId=${other.fileId}`).set('Authorization', t.users.user.token);
    expect([refused.status, refused.body.msg]).toEqual([403, ERR.noPermission]);
    await request(t.url).get(`/api/file/delete-md-img?fileId=${mine.fileId}`).set('Authorization', t.users.user.token).expect(200);
    await request(t.url).get(mine.link).expect(404);
    await request(t.url)
      .delete(`/api/admin/file/delete-md-img?fileId=${other.fileId}`)
      .set('Authorization', t.users.admin.token)
      .expect(200);
    await request(t.url).get(other.link).expect(404);
    await asRoot('delete', `/api/admin/file/delete-md-img?fileId=${other.fileId}`).expect(404);
  });

  it('carousel pictures: root uploads one, the home page lists it, deleting it removes the file', async () => {
    for (const who of ['user', 'admin', 'problemAdmin'] as const) {
      expect((await upload(t.users[who], '/api/file/upload-carouse-img', PNG)).status).toBe(403);
    }
    const item = (await upload(t.users.root, '/api/file/upload-carouse-img', PNG).expect(200)).body.data;
    expect(item).toEqual({ id: expect.any(Number), url: expect.stringMatching(/^\/api\/public\/upload\//) });
    expect((await request(t.url).get('/api/home-carousel').expect(200)).body.data).toContainEqual(item);
    await request(t.url).get(item.url).expect(200);
    await asRoot('delete', `/api/admin/config/home-carousel?id=${item.id}`).expect(200);
    expect((await request(t.url).get('/api/home-carousel').expect(200)).body.data).not.toContainEqual(item);
    await request(t.url).get(item.url).expect(404);
  });

  it('the e-mail background picture is stored, replaced, and drawn behind every site mail', async () => {
    await t.get<SiteConfigService>(SiteConfigService).set('email', { emailHost: '127.0.0.1', emailPort: smtp.port, emailSsl: false });
    await asRoot('put', '/api/admin/config/set-web-config').send({ baseUrl: 'https://oj.example.com/' }).expect(200);
    expect((await upload(t.users.admin, '/api/admin/config/upload-email-bg-img', PNG)).status).toBe(403);
    const first = (await upload(t.users.root, '/api/admin/config/upload-email-bg-img', PNG).expect(200)).body.data as string;
    const second = (await upload(t.users.root, '/api/admin/config/upload-email-bg-img', GIF, 'bg.gif').expect(200)).body.data as string;
    expect((await asRoot('get', '/api/admin/config/get-email-config').expect(200)).body.data.emailBGImg).toBe(second);
    await request(t.url).get(first).expect(404); // the replaced picture is gone
    await request(t.url).get(second).expect(200);

    await asRoot('post', '/api/admin/config/test-email').send({ email: 'bg@example.com' }).expect(200);
    const mail = mailText(await smtp.next('bg@example.com'));
    expect(mail).toContain(`url('https://oj.example.com${second}')`);
    expect(mail).toContain('The SMTP configuration works.');
  });
});
