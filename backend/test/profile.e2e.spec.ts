import { ERR, JudgeStatus, PROFILE_TEXT, TIMINGS } from '@oj/contracts';
import { createHmac } from 'crypto';
import { once } from 'events';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import { promises as fsp } from 'fs';
import { Jimp } from 'jimp';
import * as path from 'path';
import sharp from 'sharp';
import request from 'supertest';
import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../src/core/config/app-config';
import { SiteConfigService } from '../src/core/site-config/site-config.service';
import { RatingService } from '../src/modules/rating/rating.service';
import { UserJudgeStatsService } from '../src/modules/submission-store/user-judge-stats.service';
import { UserRole } from '../src/core/auth/entities/user-role.entity';
import { JudgeResultService } from '../src/modules/judge/judge-result.service';
import { HOME_LOCAL_MS, UserHomeService } from '../src/modules/profile/user-home.service';
import { User } from '../src/core/auth/entities/user.entity';
import { UserService } from '../src/modules/user/user.service';
import { TestApp, TestUser, createTestApp } from './utils/test-app';
import { bankProblem } from './training-fixtures';
import { TestSmtp, mailText, startSmtp } from './utils/smtp';
import { eventually } from './utils/eventually';

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
      // Three judged practice submissions today, one a year and a half ago (outside the calendar).
      await t.dataSource.query(
        `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, length, code, language, counted)
         SELECT $1, 'HP1', $2, $3, t, ${JudgeStatus.Accepted}, 10, 'x', 'C++', true
           FROM unnest(ARRAY[now(), now(), now(), now() - interval '540 days']) t`,
        [p1.id, u.uid, u.username],
      );
      // Not in the page's total, so not in its calendar either: a contest's, an exam's, one still pending.
      await t.dataSource.query(
        `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, length, code, language, counted, cid, eid)
         VALUES ($1, 'A', $2, $3, now(), ${JudgeStatus.Accepted}, 10, 'x', 'C++', true, 987654, 0),
                ($1, 'A', $2, $3, now(), ${JudgeStatus.Accepted}, 10, 'x', 'C++', true, 0, 987654),
                ($1, 'HP1', $2, $3, now(), ${JudgeStatus.Pending}, 10, 'x', 'C++', false, 0, 0)`,
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

    it('counts the same submissions in the total and in the calendar (judged, outside contests and exams)', async () => {
      const v = await t.createUser('home_counts');
      const p = await bankProblem(t, 'counts');
      const sub = await request(t.url)
        .post('/api/submit-problem-judge')
        .set('Authorization', v.token)
        .send({ pid: p.problemId, language: 'C++', code: 'int main() { return 0; }', isRemote: false });
      expect(sub.body.status).toBe(200);
      const pending = (await request(t.url).get('/api/get-user-home-info').query({ uid: v.uid }).expect(200)).body.data;
      // Not judged yet: in neither count.
      expect([pending.total, pending.calendar.dataList]).toEqual([0, []]);
      const result = { status: JudgeStatus.WrongAnswer, time: 1, memory: 1, score: 0, cases: [] };
      expect(await t.get<JudgeResultService>(JudgeResultService).apply(sub.body.data.submitId, 0, result)).toBeTruthy();
      // A contest's submission of the same day stays out of both.
      await t.dataSource.query(
        `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, length, code, language, counted, cid)
         VALUES ($1, 'A', $2, $3, now(), ${JudgeStatus.Accepted}, 10, 'x', 'C++', true, 987655)`,
        [p.id, v.uid, v.username],
      );
      await t.get<UserHomeService>(UserHomeService).forget(v.uid, v.username);
      const d = (await request(t.url).get('/api/get-user-home-info').query({ uid: v.uid }).expect(200)).body.data;
      const perDay = d.calendar.dataList.reduce((n: number, day: { count: number }) => n + day.count, 0);
      expect([d.total, perDay]).toEqual([1, 1]);
    });

    it('asks a visitor for a uid or username, and answers 404 for an unknown user', async () => {
      const none = await request(t.url).get('/api/get-user-home-info').expect(400);
      expect(none.body.msg).toBe(PROFILE_TEXT.uidOrUsernameRequired);
      const unknown = await request(t.url).get('/api/get-user-home-info').query({ username: 'nobody_here' }).expect(404);
      expect(unknown.body.msg).toBe(ERR.usernameNotExist);
    });
  });

  describe('get-user-home-info kept by each replica', () => {
    /** A second replica's service on the same database and Redis (its own memory). */
    async function otherReplica(): Promise<UserHomeService> {
      const other = new UserHomeService(
        t.get(getRepositoryToken(User)),
        t.get(getRepositoryToken(UserRole)),
        t.get(UserJudgeStatsService),
        t.get(DataSource),
        t.redis,
        t.get(RatingService),
        t.get<AppConfig>(APP_CONFIG),
        t.get(UserService),
      );
      await other.onModuleInit();
      return other;
    }
    const nicknameIn = (body: Buffer) => (JSON.parse(body.toString()) as { data: { nickname: string } }).data.nickname;

    it('answers from memory, and drops every replica’s copy at once when the profile changes', async () => {
      const u = await t.createUser('kept_home');
      const other = await otherReplica();
      try {
        await request(t.url).post('/api/change-userInfo').set('Authorization', u.token).send({ nickname: 'Before' }).expect(200);
        const first = await other.homeInfoBody({ username: 'kept_home' }, undefined);
        expect(nicknameIn(first)).toBe('Before');
        const byUid = await other.homeInfoBody({ uid: u.uid }, undefined);
        // Unchanged data: the replica answers with the very bytes it keeps (no Redis read, no new string).
        expect(await other.homeInfoBody({ username: 'kept_home' }, undefined)).toBe(first);
        // Changed directly in the database (nothing told): the kept copy still answers, as documented.
        await t.dataSource.getRepository(User).update({ uid: u.uid }, { nickname: 'Silent' });
        expect(nicknameIn(await other.homeInfoBody({ username: 'kept_home' }, undefined))).toBe('Before');
        // Changed through the API of the first replica: the other one drops its copies (by name and by uid).
        await request(t.url).post('/api/change-userInfo').set('Authorization', u.token).send({ nickname: 'After' }).expect(200);
        // Within half the copies' lifetime: the drop was told, not waited out.
        await eventually(
          'the other replica to answer the new nickname',
          async () => nicknameIn(await other.homeInfoBody({ username: 'kept_home' }, undefined)) === 'After',
          { timeoutMs: HOME_LOCAL_MS / 2, intervalMs: 10 },
        );
        const again = await other.homeInfoBody({ uid: u.uid }, undefined);
        expect(again).not.toBe(byUid);
        expect(nicknameIn(again)).toBe('After');
        // And the first replica's own answer too.
        const home = await request(t.url).get('/api/get-user-home-info').query({ uid: u.uid }).expect(200);
        expect(home.body.data.nickname).toBe('After');
      } finally {
        await other.onApplicationShutdown();
      }
    });

    it('reads a page once for concurrent requests', async () => {
      const u = await t.createUser('burst_home');
      const other = await otherReplica();
      try {
        const get = jest.spyOn(t.redis, 'get');
        const bodies = await Promise.all(Array.from({ length: 20 }, () => other.homeInfoBody({ uid: u.uid }, undefined)));
        expect(new Set(bodies).size).toBe(1);
        expect(get.mock.calls.filter(([key]) => String(key).startsWith('user-home:info:')).length).toBe(1);
        get.mockRestore();
      } finally {
        await other.onApplicationShutdown();
      }
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
          github: 'https://github.com/gh',
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

  describe('profile links', () => {
    it('stores blog and GitHub only as http(s) addresses and clears them with an empty value (issue 31)', async () => {
      const u = await t.createUser('link_user');
      const change = (body: object) => request(t.url).post('/api/change-userInfo').set('Authorization', u.token).send(body);
      await change({ blog: 'https://blog.example/me', github: 'http://github.com/me' }).expect(200);
      const hostile = [
        "javascript:alert('blog')//",
        'JavaScript:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        '//evil.example',
        'https://',
        'https:// x',
      ];
      for (const link of hostile) {
        const blog = await change({ blog: link }).expect(400);
        expect(blog.body.msg).toBe(ERR.linkNotHttp);
        expect((await change({ github: link }).expect(400)).body.msg).toBe(ERR.linkNotHttp);
      }
      expect(await userRow(u.uid)).toMatchObject({ blog: 'https://blog.example/me', github: 'http://github.com/me' });
      await change({ blog: '', github: null }).expect(200);
      const row = await userRow(u.uid);
      expect([row.blog || null, row.github]).toEqual([null, null]);
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
    type Rgb = [number, number, number];
    const RED: Rgb = [220, 30, 30];
    const BLUE: Rgb = [30, 60, 220];
    /** Raw RGBA of a width×height picture painted pixel by pixel. */
    const paint = (width: number, height: number, at: (x: number, y: number) => Rgb) => {
      const data = Buffer.alloc(width * height * 4);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const [r, g, b] = at(x, y);
          data.set([r, g, b, 255], (y * width + x) * 4);
        }
      return { width, height, data };
    };
    /** The picture in a real file of that type: sharp writes four of them, jimp the BMP (libvips has no BMP writer). */
    const encode = async (kind: 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp', pic: ReturnType<typeof paint>) => {
      if (kind === 'bmp') return Jimp.fromBitmap(pic).getBuffer('image/bmp');
      return sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
        [kind]()
        .toBuffer();
    };
    const avatarFiles = () => fsp.readdir(path.join(t.config.paths.filesDir, 'avatar')).catch(() => []);
    const upload = (u: TestUser, bytes: Buffer, name: string) =>
      request(t.url).post('/api/file/upload-avatar').set('Authorization', u.token).attach('image', bytes, name);
    /** GETs the stored avatar and decodes it: every frame's pixels, side by side with what the server said. */
    const fetchAvatar = async (url: string) => {
      const res = await request(t.url).get(url).buffer(true).expect(200);
      const body = res.body as Buffer;
      const meta = await sharp(body, { animated: true }).metadata();
      const first = await sharp(body).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number): number[] => {
        const o = (y * first.info.width + x) * first.info.channels;
        return [...first.data.subarray(o, o + 3)];
      };
      return { res, meta, pixel };
    };
    const near = (got: number[], want: Rgb) => got.every((v, i) => Math.abs(v - want[i]) <= 40);

    it.each(['webp', 'png', 'jpeg', 'gif', 'bmp'] as const)(
      'stores a %s as a centred 256 px WebP square served with a year of caching',
      async (kind) => {
        const u = await t.createUser(`avatar_${kind}`);
        // 600×400 with a red band on the left 100 px: a centred crop to 400×400 drops it, a squash would keep it.
        const bytes = await encode(
          kind,
          paint(600, 400, (x) => (x < 100 ? RED : BLUE)),
        );
        const up = await upload(u, bytes, `me.${kind}`).expect(200);
        const avatar: string = up.body.data.avatar;
        expect(avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{32}\.webp$/);
        expect((await userRow(u.uid)).avatar).toBe(avatar);
        const { res, meta, pixel } = await fetchAvatar(avatar);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
        expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', 256, 256, 1]);
        for (const [x, y] of [
          [0, 128],
          [128, 128],
          [255, 128],
        ])
          expect(near(pixel(x, y), BLUE)).toBe(true);
      },
    );

    it('keeps a small picture at its own size and stands a JPEG up by its EXIF orientation', async () => {
      const u = await t.createUser('avatar_exif');
      const small = await encode(
        'png',
        paint(80, 60, () => RED),
      );
      const { meta } = await fetchAvatar((await upload(u, small, 'small.png').expect(200)).body.data.avatar);
      expect([meta.width, meta.height]).toEqual([60, 60]);

      // 200×100, red left half, marked "rotate 90° clockwise" (orientation 6): upright it is 100×200 with the
      // red half on top, so the centred 100×100 square is red above and blue below.
      const pic = paint(200, 100, (x) => (x < 100 ? RED : BLUE));
      const turned = await sharp(pic.data, { raw: { width: 200, height: 100, channels: 4 } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const upright = await fetchAvatar((await upload(u, turned, 'phone.jpg').expect(200)).body.data.avatar);
      expect([upright.meta.width, upright.meta.height]).toEqual([100, 100]);
      expect(near(upright.pixel(90, 10), RED)).toBe(true);
      expect(near(upright.pixel(10, 90), BLUE)).toBe(true);
    });

    it('keeps an animated GIF animated: every frame cropped, delays and loop kept', async () => {
      const u = await t.createUser('avatar_anim');
      const colours: Rgb[] = [RED, BLUE, [30, 200, 30]];
      const frames = await Promise.all(
        colours.map((c) =>
          encode(
            'png',
            paint(300, 200, () => c),
          ),
        ),
      );
      const gif = await sharp(frames, { join: { animated: true } })
        .gif({ delay: [100, 200, 300], loop: 0 })
        .toBuffer();
      expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
      const avatar: string = (await upload(u, gif, 'anim.gif').expect(200)).body.data.avatar;
      const { res, meta } = await fetchAvatar(avatar);
      expect([meta.format, meta.width, meta.pageHeight, meta.pages, meta.delay, meta.loop]).toEqual([
        'webp',
        200,
        200,
        3,
        [100, 200, 300],
        0,
      ]);
      for (let page = 0; page < 3; page++) {
        const frame = await sharp(res.body as Buffer, { page })
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(frame.info.height).toBe(200);
        expect(near([...frame.data.subarray(0, 3)], colours[page])).toBe(true);
      }
    });

    /**
     * A GIF of a few bytes whose frames are one pixel drawn at the far corner of a w×h screen: decoded, every
     * frame is w×h, which is how a small upload can stand for a huge picture.
     */
    const hugeGif = (w: number, h: number, frames: number) => {
      const u16 = (n: number) => [n & 0xff, n >> 8];
      const bytes = [...Buffer.from('GIF89a'), ...u16(w), ...u16(h), 0x80, 0, 0, ...[0, 0, 255, 255, 0, 0]];
      for (let i = 0; i < frames; i++) {
        bytes.push(0x21, 0xf9, 0x04, 0x00, ...u16(10), 0, 0); // 100 ms
        bytes.push(0x2c, ...u16(w - 1), ...u16(h - 1), ...u16(1), ...u16(1), 0);
        bytes.push(0x02, 0x02, 0x44, 0x01, 0x00); // LZW: one pixel of colour 1
      }
      return Buffer.from([...bytes, 0x3b]);
    };

    it('keeps only the first frame of an animation past 40 M pixels, and refuses one frame past it', async () => {
      const u = await t.createUser('avatar_huge');
      const many = hugeGif(4000, 4000, 3); // 3 × 16 M pixels
      expect((await sharp(many, { animated: true, limitInputPixels: false }).metadata()).pages).toBe(3);
      const { meta } = await fetchAvatar((await upload(u, many, 'many.gif').expect(200)).body.data.avatar);
      expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([256, 256, 1]);
      const files = await avatarFiles();
      const one = await upload(u, hugeGif(7000, 6000, 1), 'one.gif').expect(400); // 42 M pixels
      expect(one.body.msg).toBe(ERR.exceedMaxSize);
      expect((await avatarFiles()).sort()).toEqual(files.sort());
    });

    it('refuses other content whatever its name, broken images and files over 2 MB, storing nothing', async () => {
      const u = await t.createUser('avatar_refused');
      const good = await encode(
        'png',
        paint(64, 64, () => BLUE),
      );
      const avatar: string = (await upload(u, good, 'ok.png').expect(200)).body.data.avatar;
      const files = await avatarFiles();
      expect(files).toContain(path.basename(avatar));

      const refusals: [Buffer, string, string][] = [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'fake.png', ERR.fileTypeNotSupport],
        [Buffer.from('%PDF-1.4 not an image'), 'doc.webp', ERR.fileTypeNotSupport],
        // A PNG signature followed by garbage: the signature alone does not pass.
        [Buffer.concat([good.subarray(0, 8), Buffer.alloc(500, 7)]), 'broken.png', ERR.fileTypeNotSupport],
        // A RIFF/WEBP header with no picture in it.
        [
          Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 1)]),
          'x.webp',
          ERR.fileTypeNotSupport,
        ],
        // A real JPEG padded past 2 MB.
        [
          Buffer.concat([
            await encode(
              'jpeg',
              paint(64, 64, () => RED),
            ),
            Buffer.alloc(2 * 1024 * 1024),
          ]),
          'big.jpg',
          ERR.exceedMaxSize,
        ],
      ];
      for (const [bytes, name, msg] of refusals) {
        const res = await upload(u, bytes, name).expect(400);
        expect(res.body.msg).toBe(msg);
      }
      await request(t.url).post('/api/file/upload-avatar').set('Authorization', u.token).expect(400);
      expect((await userRow(u.uid)).avatar).toBe(avatar);
      expect((await avatarFiles()).sort()).toEqual(files.sort());

      // A new avatar replaces the file of the old one; names outside the avatar folder are not served.
      const second = await upload(
        u,
        await encode(
          'gif',
          paint(64, 64, () => RED),
        ),
        'a.gif',
      ).expect(200);
      expect(second.body.data.avatar).not.toBe(avatar);
      await request(t.url).get(avatar).expect(404);
      await request(t.url).get('/api/public/img/..%2F..%2Fetc%2Fpasswd').expect(404);
      await request(t.url).post('/api/file/upload-avatar').attach('image', good, 'anon.png').expect(401);
    });
  });
});
