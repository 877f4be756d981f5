import { ERR, JudgeStatus, PROFILE_TEXT, TIMINGS } from '@oj/contracts';
import { createHmac } from 'crypto';
import { once } from 'events';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import { Jimp } from 'jimp';
import request from 'supertest';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { User } from '../src/modules/user/entities/user.entity';
import { TestApp, TestUser, createTestApp } from './utils/test-app';
import { TestSmtp, mailText, startSmtp } from './utils/smtp';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/**
 * A stand-in for Aliyun's SMS endpoint: checks the request the way the provider documents it
 * (RFC 3986 encoding of the sorted parameters, HMAC-SHA1 with "secret&" over "GET&%2F&..."),
 * written here independently of the app's signer, and keeps the texts it accepted.
 */
async function startSmsServer(secret: string) {
  const sent: { phone: string; params: Record<string, string> }[] = [];
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const params: Record<string, string> = {};
    url.searchParams.forEach((v, k) => (params[k] = v));
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${enc(k)}=${enc(rest[k])}`)
      .join('&');
    const expected = createHmac('sha1', secret + '&')
      .update('GET&%2F&' + enc(canonical))
      .digest('base64');
    res.setHeader('content-type', 'application/json');
    if (Signature !== expected || rest.Action !== 'SendSms' || rest.SignatureMethod !== 'HMAC-SHA1') {
      res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
      return;
    }
    sent.push({ phone: rest.PhoneNumbers, params: rest });
    res.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent, close: () => new Promise((r) => server.close(r)) };
}

describe('user pages and settings', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: Awaited<ReturnType<typeof startSmsServer>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSmsServer('sms-secret');
    t = await createTestApp();
    const config = t.get<SiteConfigService>(SiteConfigService);
    await config.set('email', {
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailSsl: false,
      emailUsername: 'oj@example.com',
      emailPassword: '',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });

  const userRow = (uid: string) => t.dataSource.getRepository(User).findOneOrFail({ where: { uid } });

  describe('get-user-home-info', () => {
    let u: TestUser;
    beforeAll(async () => {
      u = await t.createUser('home_user');
      await t.dataSource.getRepository(User).update({ uid: u.uid }, { nickname: 'Home Nick', signature: 'hello', school: 'S' });
      const [p1, p2, p3] = (await t.dataSource.query(
        `INSERT INTO problem (problem_id, title, difficulty) VALUES ('HP1', 'one', 1), ('HP2', 'two', 2), ('HP3', 'three', 1) RETURNING id`,
      )) as { id: number }[];
      await t.dataSource.query(
        `INSERT INTO user_problem_stat (uid, pid, accepted, best_score, last_status, first_ac_time) VALUES
           ($1, $2, true, 100, 0, now() - interval '2 days'), ($1, $3, true, 100, 0, now() - interval '1 day'), ($1, $4, false, 0, -1, NULL)`,
        [u.uid, p1.id, p2.id, p3.id],
      );
      await t.dataSource.query(
        `INSERT INTO user_judge_stat (uid, username, submissions, accepted, solved, total_score) VALUES ($1, $2, 5, 2, 2, 200)`,
        [u.uid, u.username],
      );
      // Three submissions today, one a year and a half ago (outside the calendar).
      await t.dataSource.query(
        `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, length, code, language)
         SELECT $1, 'HP1', $2, $3, t, ${JudgeStatus.Accepted}, 10, 'x', 'C++'
           FROM unnest(ARRAY[now(), now(), now(), now() - interval '540 days']) t`,
        [p1.id, u.uid, u.username],
      );
    });

    it('answers profile, counts, solved and tried problems and the calendar, by uid, by username or for the caller', async () => {
      const byUid = await request(t.url).get('/api/get-user-home-info').query({ uid: u.uid }).expect(200);
      const d = byUid.body.data;
      expect(d).toMatchObject({ uid: u.uid, username: 'home_user', nickname: 'Home Nick', signature: 'hello', school: 'S' });
      expect(d).toMatchObject({ total: 5, accepted: 2, solved: 2, totalScore: 200, roleList: ['default_role'] });
      expect(d.solvedList).toEqual(['HP1', 'HP2']);
      expect(d.triedList).toEqual(['HP3']);
      expect(Object.keys(d.solvedGroupByDifficulty).sort()).toEqual(['1', '2']);
      expect(d.solvedGroupByDifficulty['1']).toEqual([expect.objectContaining({ problemId: 'HP1', difficulty: 1 })]);
      expect(d.calendar.dataList).toHaveLength(1);
      expect(d.calendar.dataList[0]).toEqual({ date: d.calendar.endDate, count: 3 });

      const byName = await request(t.url).get('/api/get-user-home-info').query({ username: 'home_user' }).expect(200);
      expect(byName.body.data.uid).toBe(u.uid);
      const mine = await request(t.url).get('/api/get-user-home-info').set('Authorization', u.token).expect(200);
      expect(mine.body.data.uid).toBe(u.uid);
      const heat = await request(t.url).get('/api/get-user-calendar-heatmap').query({ username: 'home_user' }).expect(200);
      expect(heat.body.data).toEqual(d.calendar);
    });

    it('asks a visitor for a uid or username, and answers 404 for an unknown user', async () => {
      const none = await request(t.url).get('/api/get-user-home-info').expect(400);
      expect(none.body.msg).toBe(PROFILE_TEXT.uidOrUsernameRequired);
      const unknown = await request(t.url).get('/api/get-user-home-info').query({ username: 'nobody_here' }).expect(404);
      expect(unknown.body.msg).toBe(ERR.usernameNotExist);
    });
  });

  describe('change-userInfo', () => {
    it('saves the profile fields and refuses a too-long nickname without saving anything', async () => {
      const u = await t.createUser('info_user');
      // Read once so that the home page answer is cached: the change must still show at once.
      await request(t.url).get('/api/get-user-home-info').query({ username: 'info_user' }).expect(200);
      const ok = await request(t.url)
        .post('/api/change-userInfo')
        .set('Authorization', u.token)
        .send({
          nickname: 'Nick',
          realname: 'Real',
          school: 'Sch',
          number: '42',
          gender: 'female',
          blog: 'https://b',
          github: 'gh',
          cfUsername: 'cf',
          signature: 'sig',
        })
        .expect(200);
      expect(ok.body.data).toMatchObject({ nickname: 'Nick', realname: 'Real', gender: 'female', cfUsername: 'cf', signature: 'sig' });
      await request(t.url)
        .post('/api/change-userInfo')
        .set('Authorization', u.token)
        .send({ nickname: 'x'.repeat(21), school: 'changed' })
        .expect(400);
      expect(await userRow(u.uid)).toMatchObject({ nickname: 'Nick', school: 'Sch' });
      const home = await request(t.url).get('/api/get-user-home-info').query({ username: 'info_user' }).expect(200);
      expect(home.body.data).toMatchObject({ nickname: 'Nick', school: 'Sch', signature: 'sig' });
      await request(t.url).post('/api/change-userInfo').send({ nickname: 'anon' }).expect(401);
    });
  });

  describe('change-password', () => {
    it('refuses a wrong old password and an unchanged one, then ends every other session', async () => {
      const u = await t.createUser('pw_user');
      const other = await request(t.url).post('/api/login').send({ username: u.username, password: u.password }).expect(200);
      const otherToken = other.headers['authorization'];

      const wrong = await request(t.url)
        .post('/api/change-password')
        .set('Authorization', u.token)
        .send({ oldPassword: 'not-it', newPassword: 'new-pass-1' })
        .expect(400);
      expect(wrong.body.msg).toBe(PROFILE_TEXT.oldPasswordWrong);
      const same = await request(t.url)
        .post('/api/change-password')
        .set('Authorization', u.token)
        .send({ oldPassword: u.password, newPassword: u.password })
        .expect(400);
      expect(same.body.msg).toBe(PROFILE_TEXT.newPasswordSame);
      const short = await request(t.url)
        .post('/api/change-password')
        .set('Authorization', u.token)
        .send({ oldPassword: u.password, newPassword: '123' })
        .expect(400);
      expect(short.body.msg).toBe(ERR.passwordLength);
      await request(t.url).post('/api/login').send({ username: u.username, password: u.password }).expect(200);

      const ok = await request(t.url)
        .post('/api/change-password')
        .set('Authorization', u.token)
        .send({ oldPassword: u.password, newPassword: 'new-pass-1' })
        .expect(200);
      expect(ok.body.data).toMatchObject({ code: 200, msg: PROFILE_TEXT.passwordChanged });
      const fresh = ok.headers['authorization'];
      expect(fresh).toBeTruthy();
      const revoked = await request(t.url)
        .post('/api/change-userInfo')
        .set('Authorization', otherToken)
        .send({ nickname: 'gone' })
        .expect(401);
      expect(revoked.body.msg).toBe(ERR.loginAgain);
      await request(t.url).post('/api/change-userInfo').set('Authorization', fresh).send({ nickname: 'still here' }).expect(200);
      await request(t.url).post('/api/login').send({ username: u.username, password: u.password }).expect(400);
      await request(t.url).post('/api/login').send({ username: u.username, password: 'new-pass-1' }).expect(200);
    });
  });

  describe('change-email', () => {
    it('checks format, sameness and use by others, mails a code with a 90 s resend wait, and changes only with the right code', async () => {
      const u = await t.createUser('mail_user', undefined, undefined, 'mail_user@example.com');
      await t.createUser('mail_other', undefined, undefined, 'taken@example.com');
      const code = (q: Record<string, string>) => request(t.url).get('/api/get-email-code').set('Authorization', u.token).query(q);

      expect((await code({ email: 'not-an-email' }).expect(400)).body.msg).toBe(ERR.emailFormat);
      expect((await code({ email: 'mail_user@example.com' }).expect(400)).body.msg).toBe(PROFILE_TEXT.emailSame);
      expect((await code({ email: 'taken@example.com' }).expect(400)).body.msg).toBe(ERR.emailExists);

      const sent = await code({ email: 'new@example.com' }).expect(200);
      expect(sent.body.data).toEqual({ email: 'new@example.com', expire: TIMINGS.emailChangeCodeResendSec });
      const mailed = codeIn(mailText(await smtp.next('new@example.com')));
      expect(mailed).toMatch(/^\d{6}$/);
      const again = await code({ email: 'new@example.com' }).expect(429);
      expect(again.body.msg).toMatch(/^Please wait (9\d|8\d) seconds before requesting again\.$/);

      const change = (body: Record<string, string>) => request(t.url).post('/api/change-email').set('Authorization', u.token).send(body);
      const wrongCode = mailed === '000000' ? '111111' : '000000';
      expect((await change({ password: u.password, newEmail: 'new@example.com', code: wrongCode }).expect(400)).body.msg).toBe(
        PROFILE_TEXT.codeWrong,
      );
      expect((await change({ password: 'bad-password', newEmail: 'new@example.com', code: mailed! }).expect(400)).body.msg).toBe(
        PROFILE_TEXT.passwordWrong,
      );
      expect((await userRow(u.uid)).email).toBe('mail_user@example.com');

      const ok = await change({ password: u.password, newEmail: 'new@example.com', code: mailed! }).expect(200);
      expect(ok.body.data).toMatchObject({ code: 200, userInfo: { email: 'new@example.com' } });
      expect((await userRow(u.uid)).email).toBe('new@example.com');
      // The code was spent.
      expect((await change({ password: u.password, newEmail: 'new@example.com', code: mailed! }).expect(400)).body.msg).toBe(
        PROFILE_TEXT.emailSame,
      );
    });
  });

  describe('change-mobile', () => {
    it('sends a code by a signed SMS request, waits 90 s between codes, and changes only with the right code', async () => {
      const u = await t.createUser('sms_user');
      const config = t.get<SiteConfigService>(SiteConfigService);
      const code = (q: Record<string, string>) => request(t.url).get('/api/get-mobile-code').set('Authorization', u.token).query(q);

      await config.set('mobile', {
        regionId: 'cn-hangzhou',
        domain: '',
        accessKeyId: 'ak',
        accessKeySecret: 'sms-secret',
        signName: 'OJ',
        templateCode: 'SMS_1',
      });
      expect((await code({ mobile: '13800138000' }).expect(500)).body.msg).toBe(PROFILE_TEXT.smsNotConfigured);

      // A wrong secret: the provider refuses the signature, nothing is kept and no wait starts.
      await config.set('mobile', { domain: sms.url, accessKeySecret: 'wrong-secret' });
      expect((await code({ mobile: '13800138000' }).expect(500)).body.msg).toBe(PROFILE_TEXT.smsFailed);
      expect(sms.sent).toHaveLength(0);

      await config.set('mobile', { accessKeySecret: 'sms-secret' });
      expect((await code({ mobile: '12345' }).expect(400)).body.msg).toBe(PROFILE_TEXT.mobileFormat);
      await code({ mobile: '13800138000' }).expect(200);
      expect(sms.sent).toHaveLength(1);
      expect(sms.sent[0]).toMatchObject({ phone: '13800138000', params: { SignName: 'OJ', TemplateCode: 'SMS_1', AccessKeyId: 'ak' } });
      const texted = (JSON.parse(sms.sent[0].params.TemplateParam) as { code: string }).code;
      expect(texted).toMatch(/^\d{6}$/);
      expect((await code({ mobile: '13800138001' }).expect(429)).body.msg).toMatch(/^Please wait \d+ seconds before requesting again\.$/);

      const change = (body: Record<string, string>) => request(t.url).post('/api/change-mobile').set('Authorization', u.token).send(body);
      const wrong = texted === '000000' ? '111111' : '000000';
      expect((await change({ password: u.password, newMobile: '13800138000', code: wrong }).expect(400)).body.msg).toBe(
        PROFILE_TEXT.codeWrong,
      );
      expect((await userRow(u.uid)).mobile).toBeNull();
      await change({ password: u.password, newMobile: '13800138000', code: texted }).expect(200);
      expect((await userRow(u.uid)).mobile).toBe('13800138000');
      expect((await code({ mobile: '13800138000' }).expect(400)).body.msg).toBe(PROFILE_TEXT.mobileSame);
    });
  });

  describe('upload-avatar', () => {
    it('stores a checked, resized image served with caching headers, and refuses other content and big files', async () => {
      const u = await t.createUser('avatar_user');
      const big = await new Jimp({ width: 600, height: 400, color: 0x3366ccff }).getBuffer('image/jpeg');
      const up = await request(t.url)
        .post('/api/file/upload-avatar')
        .set('Authorization', u.token)
        .attach('image', big, 'me.jpg')
        .expect(200);
      const avatar: string = up.body.data.avatar;
      expect(avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.png$/);
      const img = await request(t.url).get(avatar).buffer(true).expect(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // PNG IHDR: width and height at bytes 16 and 20.
      const png = img.body as Buffer;
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);

      const fake = await request(t.url)
        .post('/api/file/upload-avatar')
        .set('Authorization', u.token)
        .attach('image', Buffer.from('<svg>not a png</svg>'), 'fake.png')
        .expect(400);
      expect(fake.body.msg).toBe(ERR.fileTypeNotSupport);
      const huge = Buffer.concat([big, Buffer.alloc(2 * 1024 * 1024)]);
      const tooBig = await request(t.url)
        .post('/api/file/upload-avatar')
        .set('Authorization', u.token)
        .attach('image', huge, 'big.jpg')
        .expect(400);
      expect(tooBig.body.msg).toBe(ERR.exceedMaxSize);
      expect((await userRow(u.uid)).avatar).toBe(avatar);

      // A new avatar replaces the file of the old one.
      const gif = await new Jimp({ width: 64, height: 64, color: 0xff0000ff }).getBuffer('image/gif');
      const second = await request(t.url)
        .post('/api/file/upload-avatar')
        .set('Authorization', u.token)
        .attach('image', gif, 'a.gif')
        .expect(200);
      expect(second.body.data.avatar).not.toBe(avatar);
      await request(t.url).get(avatar).expect(404);
      await request(t.url).get('/api/public/img/..%2F..%2Fetc%2Fpasswd').expect(404);
    });
  });
});
